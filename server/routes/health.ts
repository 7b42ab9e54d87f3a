import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RenderPool } from '../../service/render-pool.js';
import { formatTraceparent } from '../../service/trace-context.js';
import { SERVICE_NAME, SERVICE_VERSION } from '../../service/version.js';
import { CAPABILITIES, OUTPUT_FORMATS } from '../capabilities.js';

/** The trace context of a request as a body field: what the response headers also carry. */
export function traceSummary(request: FastifyRequest) {
  const t = request.trace;
  return {
    traceId: t.traceId,
    spanId: t.spanId,
    traceparent: formatTraceparent(t),
    tracestate: t.tracestate || null,
    continued: t.parentId !== null,
  };
}

/** GET /api/health and GET /api/v1/health: the same envelope on both paths (SPEC 4.1). */
export async function healthRoutes(
  app: FastifyInstance,
  opts: { pool: RenderPool; urlFetching: boolean },
): Promise<void> {
  const startedAt = Date.now();
  const handler = async (request: FastifyRequest) => ({
    status: 'ok' as const,
    service: SERVICE_NAME,
    version: SERVICE_VERSION,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    capabilities: CAPABILITIES,
    formats: OUTPUT_FORMATS,
    // whether `imageUrl` renders here (an allowlist is set): the studio shows its URL field only then
    imageUrl: { enabled: opts.urlFetching },
    renderPool: opts.pool.stats(),
    trace: traceSummary(request),
  });
  app.get('/api/health', handler);
  app.get('/api/v1/health', handler);
}

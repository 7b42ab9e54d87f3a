/**
 * GET /api/v1/a2v-handoff: the browser handoff manifest of SPEC 4.3 (built by the engine's
 * protocol module, so the studio and the server publish one shape).
 * GET /api/v1/a2v-handoff/status: the backend status check, a protected platform action: it
 * needs the platform key whenever PLATFORM_API_KEY is set (as the manifest says).
 */
import type { FastifyInstance } from 'fastify';
import { handoffManifest } from '../../engine/index.js';
import type { RenderPool } from '../../service/render-pool.js';
import { SERVICE_VERSION } from '../../service/version.js';
import { requirePlatformKey } from '../auth.js';
import { traceSummary } from './health.js';

export async function handoffRoutes(app: FastifyInstance, opts: { pool: RenderPool }): Promise<void> {
  const { receiverOrigin, platformApiKey } = app.config;
  const manifest = handoffManifest({
    version: SERVICE_VERSION,
    receiverOrigin,
    platformKeyConfigured: platformApiKey !== null,
  });
  app.get('/api/v1/a2v-handoff', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return manifest;
  });
  app.get('/api/v1/a2v-handoff/status', { preHandler: requirePlatformKey(platformApiKey) }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      protocol: manifest.protocol,
      version: SERVICE_VERSION,
      receiverConfigured: receiverOrigin !== null,
      targetOrigin: receiverOrigin,
      authenticated: platformApiKey !== null,
      traceExport: platformApiKey !== null,
      renderPool: opts.pool.stats(),
      trace: traceSummary(request),
    };
  });
}

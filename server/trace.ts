/**
 * W3C trace context in and out, for every route (health, render, MCP, discovery):
 *
 * - onRequest reads `traceparent`/`tracestate` (trace-context.ts) and starts the server span.
 *   Routes with `config: { exportTrace: true }` get a recorded OpenTelemetry span when the
 *   platform key is set; every other request gets a fresh random span id.
 * - onSend answers with the server span's `traceparent`, the accepted `tracestate` (when there
 *   is one) and `server-timing: trace;desc=<traceparent>`, ahead of any metrics a route added.
 * - onResponse (or onRequestAbort) ends the recorded span with the status and error code.
 */
import type { Span } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import type { Telemetry } from '../service/telemetry.js';
import {
  formatTraceparent,
  randomSpanId,
  randomTraceId,
  type TraceContext,
  traceContextFrom,
} from '../service/trace-context.js';

declare module 'fastify' {
  interface FastifyRequest {
    trace: TraceContext;
    /** The recorded server span (render lifecycle export), or null. */
    span: Span | null;
    /** The error code answered, for the span. */
    errorCode: string | undefined;
  }
  interface FastifyContextConfig {
    /** Export this route's requests as OpenTelemetry spans when a platform key is configured. */
    exportTrace?: boolean;
  }
}

export const TRACE_RESPONSE_HEADERS = ['traceparent', 'tracestate', 'server-timing'] as const;

export function installTraceContext(app: FastifyInstance, telemetry: Telemetry | null): void {
  app.decorateRequest('trace', null as unknown as TraceContext);
  app.decorateRequest('span', null);
  app.decorateRequest('errorCode', undefined);

  app.addHook('onRequest', async (request) => {
    const exporting = telemetry !== null && request.routeOptions.config?.exportTrace === true;
    request.trace = traceContextFrom(request.headers, (parent) => {
      if (!exporting) return { traceId: parent?.traceId ?? randomTraceId(), spanId: randomSpanId(), recorded: false };
      const route = request.routeOptions.url ?? 'unknown';
      const span = telemetry.startRequestSpan(`${request.method} ${route}`, parent, {
        'http.request.method': request.method,
        'http.route': route,
      });
      request.span = span;
      const { traceId, spanId } = span.spanContext();
      return { traceId, spanId, recorded: true };
    });
  });

  app.addHook('onSend', async (request, reply) => {
    const t = request.trace;
    if (!t) return;
    const traceparent = formatTraceparent(t);
    reply.header('traceparent', traceparent);
    if (t.tracestate) reply.header('tracestate', t.tracestate);
    const metrics = reply.getHeader('server-timing');
    reply.header('server-timing', `trace;desc=${traceparent}${metrics ? `, ${metrics}` : ''}`);
  });

  app.addHook('onResponse', async (request, reply) => {
    if (request.span) telemetry?.endRequestSpan(request.span, reply.statusCode, request.errorCode);
  });
  app.addHook('onRequestAbort', async (request) => {
    if (request.span) telemetry?.endRequestSpan(request.span, 499, 'client_aborted');
  });
}

/**
 * CORS for browsers: any origin may call the API (it uses no cookies; the platform key is sent
 * explicitly), and may read the trace, evidence and download headers. Preflight requests are
 * answered for every path.
 */
import type { FastifyInstance } from 'fastify';

/** Response headers a browser script may read (docs/api.md lists what each one carries). */
export const EXPOSED_HEADERS = [
  'traceparent',
  'tracestate',
  'server-timing',
  'content-disposition',
  'retry-after',
  'www-authenticate',
  'x-glyphcast-grid',
  'x-glyphcast-source',
  'x-glyphcast-codebook',
  'x-glyphcast-director',
] as const;

const ALLOWED_REQUEST_HEADERS =
  'content-type, accept, traceparent, tracestate, authorization, x-platform-api-key, mcp-protocol-version, mcp-method, mcp-name';

export function installCors(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', EXPOSED_HEADERS.join(', '));
  });
  app.options('/*', async (_request, reply) => {
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', ALLOWED_REQUEST_HEADERS)
      .header('access-control-max-age', '600');
  });
}

/**
 * Graceful shutdown (server.ts calls app.close() on SIGINT/SIGTERM): the listening socket
 * closes, requests already received run to the end (their renders included), a request that
 * still arrives on a kept-alive connection is answered 503 `overloaded`, and every answer
 * from then on closes its connection so the server can finish. Only then do the onClose hooks
 * stop the worker pool and flush the trace exporter.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../service/errors.js';
import { RETRY_AFTER_SECONDS } from '../service/render-pool.js';

export function installGracefulShutdown(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) {
      throw new ApiError('overloaded', 'the service is shutting down', undefined, {
        'retry-after': String(RETRY_AFTER_SECONDS),
      });
    }
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

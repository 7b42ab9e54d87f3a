import type { FastifyInstance } from 'fastify';
import { SERVICE_NAME, SERVICE_VERSION } from '../version.js';

/** GET /api/health and GET /api/v1/health: the same envelope on both paths. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const startedAt = Date.now();
  const handler = async () => ({
    status: 'ok',
    service: SERVICE_NAME,
    version: SERVICE_VERSION,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
  });
  app.get('/api/health', handler);
  app.get('/api/v1/health', handler);
}

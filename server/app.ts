import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.js';
import { healthRoutes } from './routes/health.js';
import { studioRoutes } from './routes/studio.js';

/** dist/studio, from server/ in the sources and from dist/server once built. */
const STUDIO_ROOT = path.resolve(
  import.meta.dirname,
  import.meta.dirname.includes(`${path.sep}dist${path.sep}`) ? '../studio' : '../dist/studio',
);

/** Builds the app; never listens (server.ts does). Tests build it and call it over real HTTP. */
export async function buildApp(_config: ServerConfig): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(healthRoutes);
  await app.register(studioRoutes, { root: STUDIO_ROOT });
  return app;
}

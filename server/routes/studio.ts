import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The built studio (dist/studio) at `/`: hashed assets cached for a year, index.html never. */
export async function studioRoutes(app: FastifyInstance, opts: { root: string }): Promise<void> {
  if (!fs.existsSync(path.join(opts.root, 'index.html'))) {
    app.log.warn(`studio not built (${opts.root}); run npm run build:studio`);
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/',
    wildcard: false,
    setHeaders(res, file) {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

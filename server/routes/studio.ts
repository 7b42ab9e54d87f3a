import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The studio's framing policy: no other site may frame it, as a page that did could dress the
 * studio's buttons (the handoff, the webcam) as its own; no plugins, no <base>, no form posts.
 * Scripts are left to the page: it inserts no outside markup (Lit templates only), so a
 * script-src would guard nothing, and zod's probe for eval would be reported as a violation.
 */
export const STUDIO_CSP = "frame-ancestors 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

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
      res.header('content-security-policy', STUDIO_CSP);
      res.header('x-frame-options', 'SAMEORIGIN');
      res.header('referrer-policy', 'no-referrer');
    },
  });
}

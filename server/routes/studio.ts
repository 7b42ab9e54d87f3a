import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The studio's policy. Scripts, workers and requests from its own origin only (no inline or
 * eval'd script: zod runs jitless, engine/zod.ts), so markup that ever slipped into the page
 * could run nothing nor send anything elsewhere; images and media also from blob: and data:
 * (a dropped file, a pasted image, a video file, the favicon); inline styles (the page's own).
 * No other site may frame it, as a page that did could dress the studio's buttons (the
 * handoff, the webcam) as its own; no plugins, no <base>, no form posts.
 */
export const STUDIO_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

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

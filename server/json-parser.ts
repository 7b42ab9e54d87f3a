/**
 * The render route's and /api/mcp's application/json parser: Fastify's own, its value then
 * screened (service/json-body.ts: repeated keys, nesting, prototype keys) before a handler sees it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Replaces the app's (encapsulated) application/json parser with Fastify's own (its errors for
 * an empty or broken body), its value then passed through `screen` with the text (which reads
 * it with repeatedKeys: repeated keys, nesting, prototype keys). What `screen` throws refuses
 * the body; what it returns is the body the handler sees.
 */
export function parseJsonScreened(app: FastifyInstance, screen: (text: string, value: unknown) => unknown): void {
  // prototype keys are let through Fastify's parser (JSON.parse makes them own properties,
  // harmless until copied) for the scan to refuse them, with the key and its place
  const parse = app.getDefaultJsonParser('ignore', 'ignore') as (
    request: FastifyRequest,
    body: string,
    done: (err: Error | null, value?: unknown) => void,
  ) => void;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, (err, value) => {
      if (err) return done(err, undefined);
      try {
        done(null, screen(body as string, value));
      } catch (refusal) {
        done(refusal as Error, undefined);
      }
    });
  });
}

/**
 * 405 for a known path asked with a method it has no route for (`PUT /api/v1/render`), with
 * `Allow` naming the methods it has; 404 stays for a path no route has. Generic: the not-found
 * handler asks Fastify's router (`findRoute`, which matches a request path as routing does)
 * which methods the path has a route for. Not counted: OPTIONS (the CORS preflight answers
 * every path), and routes that only refuse their method, marked `config: { refusesMethod: true }`
 * (/api/mcp's GET and DELETE, which answer 405 in JSON-RPC shape themselves).
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers its method with 405 only, so that method is not in any `Allow`. */
    refusesMethod?: boolean;
  }
}

/** The methods a route may serve a path with (OPTIONS aside). */
const METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT'] as const;

/**
 * Watches the routes as they are added (call before registering any) and returns the lookup
 * for the not-found handler: the methods `path` has a serving route for, empty for none.
 */
export function trackAllowedMethods(app: FastifyInstance): (path: string) => string[] {
  /** `METHOD url` of every route marked refusesMethod (a GET's HEAD twin included). */
  const refusing = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.config?.refusesMethod !== true) return;
    for (const method of [route.method].flat()) refusing.add(`${method} ${route.url}`);
  });
  return (path) =>
    METHODS.filter((method) => {
      if (refusing.has(`${method} ${path}`)) return false;
      try {
        return app.findRoute({ method, url: path }) !== null;
      } catch {
        return false;
      }
    });
}

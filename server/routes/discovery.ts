/**
 * Discovery: GET /api/v1/agent, GET /api/v1/interoperability, GET /api/openapi.json,
 * GET /llms.txt and GET /llms-full.txt. Absolute addresses use PUBLIC_BASE_URL, or else the
 * request's own scheme and host (refused to a safe default when the Host header is odd).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { agentCard, interoperability, PATHS } from '../discovery.js';
import { llmsFullTxt, llmsTxt } from '../llms.js';
import { openApiDocument } from '../openapi.js';
import { requestHost } from '../request-host.js';

export function baseUrl(request: FastifyRequest): string {
  const configured = request.server.config.publicBaseUrl;
  if (configured) return configured;
  return `${request.protocol}://${requestHost(request.host)}`;
}

export async function discoveryRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  // built from the request's Host unless PUBLIC_BASE_URL is set: a shared cache must key on it
  const cache = config.publicBaseUrl
    ? { 'cache-control': 'public, max-age=300' }
    : { 'cache-control': 'public, max-age=300', vary: 'Host' };
  app.get(PATHS.agent, async (request, reply) => reply.headers(cache).send(agentCard(baseUrl(request), config)));
  app.get(PATHS.interoperability, async (request, reply) =>
    reply.headers(cache).send(interoperability(baseUrl(request), config)),
  );
  app.get(PATHS.openapi, async (request, reply) =>
    reply.headers(cache).send(openApiDocument(baseUrl(request), config)),
  );
  app.get(PATHS.llms, async (request, reply) =>
    reply
      .headers(cache)
      .type('text/plain; charset=utf-8')
      .send(llmsTxt(baseUrl(request))),
  );
  app.get(PATHS.llmsFull, async (request, reply) =>
    reply
      .headers(cache)
      .type('text/plain; charset=utf-8')
      .send(llmsFullTxt(baseUrl(request), config)),
  );
}

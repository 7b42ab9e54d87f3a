/**
 * POST /api/mcp (SPEC 4.4): the MCP endpoint, stateless, both protocol eras on one URL.
 *
 * - 2026-07-28 requests (those carrying `_meta` protocol version, `Mcp-Method`/`Mcp-Name`
 *   headers) go to the SDK's `createMcpHandler` (JSON responses; it answers `server/discover`,
 *   header/body mismatches, unsupported versions and modern batches itself).
 * - 2025-era messages (`initialize`, `tools/list`, `tools/call`, `ping`, notifications) are
 *   served by a fresh SDK server over the stateless Streamable HTTP transport (legacy-json.ts);
 *   a 2025-era JSON-RPC array is the bounded batch (batch.ts).
 * - The routing decision is the SDK's own `isLegacyRequest`.
 *
 * Before any of that: Host/Origin validation (403), and JSON-RPC error bodies for what Fastify
 * refuses before the handler runs (invalid JSON -32700, body over the limit 413, wrong media
 * type 415). GET and DELETE are 405: there are no sessions and no server-initiated stream.
 */
import {
  createMcpHandler,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isLegacyRequest,
} from '@modelcontextprotocol/server';
import type { Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../service/config.js';
import { jsonBodyLimit } from '../../service/intake.js';
import { type ArgumentRepeats, argumentRepeatsIn } from '../../service/mcp/argument-repeats.js';
import { rpcError, serveBatch } from '../../service/mcp/batch.js';
import { answerOf, serveLegacyMessage } from '../../service/mcp/legacy-json.js';
import { createMcpServer } from '../../service/mcp/mcp-server.js';
import { RefusedMessage, screenMcpBody } from '../../service/mcp/message-screen.js';
import { MCP_PROTOCOL_VERSIONS } from '../../service/mcp/versions.js';
import type { RenderService } from '../../service/render-service.js';
import type { Telemetry } from '../../service/telemetry.js';
import { parseJsonScreened } from '../json-parser.js';
import { requestHost } from '../request-host.js';
import { createOriginGuard } from './origin-guard.js';
import { rpcErrorHandler, sendRpcError } from './rpc-errors.js';

export interface McpRouteOptions {
  readonly service: RenderService;
  readonly config: ServerConfig;
  readonly telemetry: Telemetry | null;
}

export const MCP_PATH = '/api/mcp';

/** Request headers that describe the body Fastify already read; the web Request carries none. */
const BODY_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'expect']);

/** Both types Streamable HTTP asks a client to accept; the SDK answers 406 to any Accept without them. */
const MCP_ACCEPT = 'application/json, text/event-stream';

/** The ranges that cover application/json, most specific first (RFC 9110 12.5.1: it decides). */
const JSON_RANGES = ['application/json', 'application/*', '*/*'];

/**
 * Whether an Accept header admits a JSON answer: absent (RFC 9110: anything goes), or its most
 * specific range covering application/json has a q above 0 (so `application/json;q=0` refuses
 * it whatever wildcard follows). Every answer here is JSON, so such a client (curl and fetch
 * send the all-types wildcard by default) is served as if it had named both of MCP's types.
 */
export function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  const weights = new Map<string, number>();
  for (const range of accept.split(',')) {
    const [type, ...options] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = options.find((o) => /^q\s*=/.test(o));
    const weight = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1));
    weights.set(type, Number.isNaN(weight) ? 0 : weight);
  }
  const range = JSON_RANGES.find((r) => weights.has(r));
  return range !== undefined && (weights.get(range) ?? 0) > 0;
}

function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || BODY_HEADERS.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  if (acceptsJson(request.headers.accept)) headers.set('accept', MCP_ACCEPT);
  return new Request(`http://${requestHost(request.host)}${request.url}`, { method: request.method, headers });
}

/**
 * The refusal of an MCP-Protocol-Version header that names no revision served, in the words
 * the SDK uses for a known but unserved one; null when the header is absent or served. (The
 * SDK alone would take an unknown value for a 2026-07-28 request and ask for its `_meta`.)
 */
function unsupportedVersion(header: string | string[] | undefined) {
  if (header === undefined) return null;
  // Node joins a repeated header with ", ", which names no version either
  const version = (Array.isArray(header) ? header.join(', ') : header).trim();
  if (MCP_PROTOCOL_VERSIONS.includes(version)) return null;
  const message = `Bad Request: Unsupported protocol version: ${version} (supported versions: ${MCP_PROTOCOL_VERSIONS.join(', ')})`;
  return rpcError(null, -32000, message);
}

/**
 * The SDK's era decision. An array is judged element by element, over its well-formed
 * messages only, so that one malformed element gets its own -32600 entry in a 2025 batch
 * instead of turning the whole array into a modern request.
 */
async function isLegacy(web: Request, body: unknown): Promise<boolean> {
  if (!Array.isArray(body)) return isLegacyRequest(web, body);
  const messages = body.filter((m) => isJSONRPCRequest(m) || isJSONRPCNotification(m));
  for (const m of messages) if (!(await isLegacyRequest(web, m))) return false;
  return true;
}

function refuseMcpMethod(request: FastifyRequest, reply: FastifyReply) {
  return sendRpcError(
    request,
    reply.header('allow', 'POST'),
    405,
    rpcError(null, -32000, 'Method not allowed: this endpoint is stateless; POST JSON-RPC messages'),
    'method_not_allowed',
  );
}

/**
 * /api/mcp answers every method but POST (and the CORS preflight) with the JSON-RPC 405, on any
 * method the HTTP parser takes (TRACE, PROPFIND, ...), before a body is read: a PUT is the wrong
 * method whatever it carries (its text body was a 415, its bad JSON a parse error). A root
 * hook (app.ts), as a method no route has never reaches this plugin.
 */
export function installMcpMethodGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'POST' || request.method === 'OPTIONS') return;
    if (request.url.split('?')[0] !== MCP_PATH) return;
    return refuseMcpMethod(request, reply);
  });
}

/** What one HTTP exchange gives its tool calls: the request span, and the screen's repeated argument keys. */
interface Exchange {
  readonly span: Span | null;
  readonly repeats: ArgumentRepeats;
}

export async function mcpRoutes(app: FastifyInstance, opts: McpRouteOptions): Promise<void> {
  const { config, service, telemetry } = opts;
  const guard = createOriginGuard(config);
  const serverFor = (exchange: Exchange | undefined) =>
    createMcpServer({
      render: service.render,
      maxImageBytes: config.maxImageBytes,
      urlFetching: config.imageFetchAllowlist.length > 0,
      telemetry,
      requestSpan: exchange?.span ?? null,
      argumentRepeats: exchange?.repeats,
    });
  /** The HTTP request span and the screen's argument repeats behind each web Request handed to the modern handler. */
  const exchanges = new WeakMap<Request, Exchange>();
  const modern = createMcpHandler((ctx) => serverFor(ctx.requestInfo && exchanges.get(ctx.requestInfo)), {
    legacy: 'reject',
    // 'auto' answers JSON: the tool emits nothing before its result (and 'json' warns at start).
    responseMode: 'auto',
    onerror: (err) => app.log.debug({ err }, 'mcp request refused'),
  });
  app.addHook('onClose', () => modern.close());

  // Only JSON: text/plain (Fastify's other default parser) is answered 415 like any other type.
  app.removeContentTypeParser('text/plain');
  // a message refused for what its text says is answered with its id; tool arguments hold the parameters
  parseJsonScreened(app, screenMcpBody);
  app.setErrorHandler(rpcErrorHandler(config));

  // Every other method, not only the GET and DELETE of Streamable HTTP: /api/mcp answers
  // JSON-RPC error bodies (docs/api.md), never the HTTP API's 405 body.
  // the routes installMcpMethodGuard answers first, so the router and OpenAPI know them
  app.route({
    method: ['GET', 'DELETE', 'PUT', 'PATCH'],
    url: MCP_PATH,
    // not in the Allow of other methods' 405s (method-not-allowed.ts)
    config: { refusesMethod: true },
    handler: refuseMcpMethod,
  });

  app.post(
    MCP_PATH,
    { bodyLimit: jsonBodyLimit(config.maxImageBytes), config: { exportTrace: true } },
    async (request, reply) => {
      const refused = guard({ host: request.headers.host, origin: request.headers.origin });
      if (refused) return sendRpcError(request, reply, 403, rpcError(null, -32000, refused.message), 'forbidden');
      const unsupported = unsupportedVersion(request.headers['mcp-protocol-version']);
      if (unsupported) return sendRpcError(request, reply, 400, unsupported, 'unsupported_protocol_version');
      // Refused here, not by the SDK, whose words ("must accept both ... and text/event-stream")
      // ask for more than this endpoint needs: any Accept that admits JSON is served.
      if (!acceptsJson(request.headers.accept)) {
        const message = 'Not Acceptable: the Accept header must admit application/json (every answer is JSON)';
        return sendRpcError(request, reply, 406, rpcError(null, -32000, message), 'not_acceptable');
      }
      const body = request.body;
      if (body instanceof RefusedMessage) return sendRpcError(request, reply, 400, body.answer, body.errorCode);
      const web = webRequest(request);
      const exchange: Exchange = { span: request.span, repeats: argumentRepeatsIn(body) };
      if (!(await isLegacy(web, body))) {
        exchanges.set(web, exchange);
        return reply.send(await modern.fetch(web, { parsedBody: body }));
      }
      if (!Array.isArray(body)) return reply.send(await serveLegacyMessage(serverFor(exchange), web, body));
      const answer = await serveBatch(body, config.mcpMaxBatch, async (message) =>
        answerOf(await serveLegacyMessage(serverFor(exchange), webRequest(request), message)),
      );
      if (answer.status === 202) return reply.code(202).send();
      if (answer.status === 400) request.errorCode = 'invalid_batch';
      return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
    },
  );
}

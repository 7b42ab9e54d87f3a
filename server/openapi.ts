/**
 * GET /api/openapi.json: the OpenAPI 3.1.0 description, generated from the same sources the
 * routes use: the engine's params schema (every parameter with its range and default), the
 * zod schemas of the JSON bodies, the error-code table, the formats and the header names, and
 * the MCP batch bound in force (MCP_MAX_BATCH).
 */

import { PARAMS, paramsJsonSchema } from '../engine/index.js';
import type { ServerConfig } from '../service/config.js';
import { ERROR_CODES } from '../service/errors.js';
import { MAX_IMAGE_URL_LENGTH } from '../service/intake.js';
import { SERVICE_NAME, SERVICE_VERSION } from '../service/version.js';
import { SECURITY_SCHEMES } from './auth.js';
import { INPUT_IMAGE_TYPES } from './capabilities.js';
import { agentCardSchema, interoperabilitySchema, PATHS, SERVICE_DESCRIPTION } from './discovery.js';
import { mcpOperations } from './mcp/openapi-path.js';
import {
  errorBodySchema,
  handoffManifestSchema,
  handoffStatusSchema,
  healthSchema,
  jsonSchema,
  renderJsonCompactSchema,
  renderJsonSchema,
} from './schemas.js';

type Json = Record<string, unknown>;
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Response headers, by component name: [header name, description]. */
const HEADERS: Record<string, readonly [string, string]> = {
  traceparent: [
    'traceparent',
    "W3C traceparent of the server span: the caller's trace-id when accepted, else a new one",
  ],
  tracestate: ['tracestate', 'The accepted W3C tracestate (absent when none was accepted)'],
  ServerTiming: [
    'server-timing',
    '`trace;desc=<traceparent>` first; render answers add `<stage>;dur=<ms>` per lifecycle stage',
  ],
  ContentDisposition: ['content-disposition', '`inline; filename="glyphcast-<columns>x<rows>.<extension>"`'],
  Grid: ['x-glyphcast-grid', 'Grid size, `<columns>x<rows>`'],
  Source: ['x-glyphcast-source', 'Decoded image size, `<width>x<height>`'],
  Codebook: ['x-glyphcast-codebook', 'The glyph codebook evidence as compact ASCII JSON'],
  Director: ['x-glyphcast-director', 'The Auto Director evidence as compact ASCII JSON (`null` when it did not run)'],
  ContentSecurityPolicy: [
    'content-security-policy',
    "html and svg only: `default-src 'none'; style-src 'unsafe-inline'` (the art runs no script, loads nothing)",
  ],
  RetryAfter: ['retry-after', 'Seconds to wait before retrying'],
  WWWAuthenticate: ['www-authenticate', 'The Bearer challenge (RFC 6750)'],
  Allow: ['allow', 'The methods the path takes'],
};
const TRACE_HEADERS = { traceparent: ref('headers', 'traceparent'), tracestate: ref('headers', 'tracestate') };
const traceHeaders = (...more: string[]) => ({
  ...TRACE_HEADERS,
  'server-timing': ref('headers', 'ServerTiming'),
  ...Object.fromEntries(more.map((m) => [HEADERS[m][0], ref('headers', m)])),
});

/**
 * Statuses any request can get before it reaches a route: answered on the socket
 * (error-handler.ts clientErrorHandler), so without the trace headers.
 */
const BEFORE_ROUTING = [408, 431];

/** The error response of one HTTP status, listing the codes it carries. */
function errorResponse(status: number): Json {
  const codes = Object.entries(ERROR_CODES).filter(([, [s]]) => s === status);
  const more = { 401: ['WWWAuthenticate'], 405: ['Allow'], 503: ['RetryAfter'] }[status] ?? [];
  return {
    description: codes.map(([code, [, why]]) => `\`${code}\`: ${why}`).join('\n\n') || 'Error',
    ...(BEFORE_ROUTING.includes(status) ? {} : { headers: traceHeaders(...more) }),
    content: { 'application/json': { schema: ref('schemas', 'Error') } },
  };
}
const ERROR_STATUSES = [...new Set(Object.values(ERROR_CODES).map(([s]) => s))].sort();
const errorRefs = (statuses: readonly number[]) =>
  Object.fromEntries(statuses.map((s) => [String(s), ref('responses', `Error${s}`)]));
/** The error responses of an operation: its own statuses, those any request can get, and 500. */
const errors = (...statuses: number[]) =>
  errorRefs([...new Set([...statuses, ...BEFORE_ROUTING, 500])].sort((a, b) => a - b));

const json = (schema: Json, description: string, extra: Json = {}) => ({
  description,
  headers: traceHeaders(),
  content: { 'application/json': { schema } },
  ...extra,
});
const text = (description: string, type = 'text/plain') => ({
  description,
  headers: traceHeaders(),
  content: { [type]: { schema: { type: 'string' } } },
});

/** A GET operation answering `ok`; `protectedAction` adds the platform-key schemes and 401. */
const get = (operationId: string, tag: string, summary: string, ok: Json, protectedAction = false) => ({
  get: {
    operationId,
    tags: [tag],
    summary,
    parameters: [ref('parameters', 'traceparent'), ref('parameters', 'tracestate')],
    responses: { '200': ok, ...(protectedAction ? errors(401) : errors()) },
    ...(protectedAction ? { security: [{ PlatformBearer: [] }, { PlatformHeader: [] }] } : {}),
  },
});

function renderOperation(params: Json): Json {
  const properties = params.properties as Record<string, Json>;
  const imageBase64 = {
    type: 'string',
    contentEncoding: 'base64',
    description: 'The image, base64 (data: URL allowed)',
  };
  const imageUrl = {
    type: 'string',
    format: 'uri',
    maxLength: MAX_IMAGE_URL_LENGTH,
    description: 'An https URL on a trusted or allowlisted host (IMAGE_FETCH_ALLOWLIST)',
  };
  return {
    post: {
      operationId: 'renderImage',
      tags: ['render'],
      summary: 'Render one image as character art',
      description:
        'Exactly one image source: multipart file `image`, JSON `imageBase64` or JSON `imageUrl`. Parameters come ' +
        'from the query string, form fields or JSON keys; a parameter given twice is a 400 naming it.',
      parameters: [
        ref('parameters', 'traceparent'),
        ref('parameters', 'tracestate'),
        ...PARAMS.map((p) => ({ name: p.name, in: 'query', required: false, schema: properties[p.name] })),
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { imageBase64, imageUrl, ...properties },
              additionalProperties: false,
              oneOf: [{ required: ['imageBase64'] }, { required: ['imageUrl'] }],
            },
          },
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { image: { type: 'string', format: 'binary' }, ...properties },
              required: ['image'],
              additionalProperties: false,
            },
            encoding: { image: { contentType: INPUT_IMAGE_TYPES.join(', ') } },
          },
        },
      },
      responses: {
        '200': {
          description: 'The rendered art; the content type follows `format`',
          headers: traceHeaders(
            'ContentDisposition',
            'Grid',
            'Source',
            'Codebook',
            'Director',
            'ContentSecurityPolicy',
          ),
          content: {
            'text/plain': { schema: { type: 'string', description: 'format=text or format=ansi' } },
            'text/html': { schema: { type: 'string', description: 'format=html' } },
            'application/json': {
              schema: {
                oneOf: [ref('schemas', 'RenderJson'), ref('schemas', 'RenderJsonCompact')],
                // the values of `format`, which are not the schemas' names
                discriminator: {
                  propertyName: 'format',
                  mapping: {
                    json: '#/components/schemas/RenderJson',
                    'json-compact': '#/components/schemas/RenderJsonCompact',
                  },
                },
              },
            },
            'image/svg+xml': { schema: { type: 'string', description: 'format=svg' } },
          },
        },
        ...errors(400, 413, 415, 502, 503, 504),
      },
    },
  };
}

export function openApiDocument(base: string, config: Pick<ServerConfig, 'mcpMaxBatch' | 'platformApiKey'>): Json {
  const params = paramsJsonSchema();
  return {
    openapi: '3.1.0',
    info: {
      title: SERVICE_NAME,
      version: SERVICE_VERSION,
      description: SERVICE_DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: base }],
    tags: ['health', 'render', 'mcp', 'handoff', 'discovery'].map((name) => ({ name })),
    paths: {
      [PATHS.health]: get(
        'getHealth',
        'health',
        'Liveness and capability probe',
        json(ref('schemas', 'Health'), 'Healthy'),
      ),
      [PATHS.healthV1]: get(
        'getHealthV1',
        'health',
        'Versioned probe, same envelope',
        json(ref('schemas', 'Health'), 'Healthy'),
      ),
      [PATHS.render]: renderOperation(params),
      [PATHS.mcp]: mcpOperations(
        config.mcpMaxBatch,
        [ref('parameters', 'traceparent'), ref('parameters', 'tracestate')],
        traceHeaders(),
        errorRefs(BEFORE_ROUTING),
        ref('headers', 'Allow'),
      ),
      [PATHS.handoff]: get(
        'getHandoffManifest',
        'handoff',
        'Browser handoff manifest',
        json(ref('schemas', 'HandoffManifest'), 'The manifest'),
      ),
      [PATHS.handoffStatus]: get(
        'getHandoffStatus',
        'handoff',
        'Backend handoff status check (needs the platform key when PLATFORM_API_KEY is set)',
        json(ref('schemas', 'HandoffStatus'), 'The status'),
        // as served: open (no security, no 401) when no key is configured
        config.platformApiKey !== null,
      ),
      [PATHS.agent]: get(
        'getAgentCard',
        'discovery',
        'Agent manifest (A2A agent-card vocabulary)',
        json(ref('schemas', 'AgentCard'), 'The agent card'),
      ),
      [PATHS.interoperability]: get(
        'getInteroperability',
        'discovery',
        'Protocols, versions, limits, batch bound',
        json(ref('schemas', 'Interoperability'), 'The document'),
      ),
      [PATHS.openapi]: get('getOpenApi', 'discovery', 'This document', json({ type: 'object' }, 'OpenAPI 3.1.0')),
      [PATHS.llms]: get('getLlmsTxt', 'discovery', 'llms.txt index', text('llmstxt.org Markdown')),
      [PATHS.llmsFull]: get('getLlmsFullTxt', 'discovery', 'The full reference inline', text('Markdown')),
    },
    components: {
      schemas: {
        Error: jsonSchema(errorBodySchema),
        Health: jsonSchema(healthSchema),
        RenderParams: params,
        RenderJson: jsonSchema(renderJsonSchema),
        RenderJsonCompact: jsonSchema(renderJsonCompactSchema),
        HandoffManifest: jsonSchema(handoffManifestSchema),
        HandoffStatus: jsonSchema(handoffStatusSchema),
        AgentCard: jsonSchema(agentCardSchema),
        Interoperability: jsonSchema(interoperabilitySchema),
      },
      responses: Object.fromEntries(ERROR_STATUSES.map((s) => [`Error${s}`, errorResponse(s)])),
      parameters: {
        traceparent: {
          name: 'traceparent',
          in: 'header',
          required: false,
          schema: { type: 'string' },
          description: 'W3C traceparent; invalid or absent starts a new trace',
        },
        tracestate: {
          name: 'tracestate',
          in: 'header',
          required: false,
          schema: { type: 'string' },
          description: 'W3C tracestate; read only with a valid traceparent',
        },
      },
      headers: Object.fromEntries(
        Object.entries(HEADERS).map(([name, [, description]]) => [name, { description, schema: { type: 'string' } }]),
      ),
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

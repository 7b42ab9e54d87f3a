/**
 * Discovery documents, built from the configuration and the code's own constants:
 * the agent manifest (GET /api/v1/agent, A2A agent-card vocabulary without claiming A2A
 * conformance: the service speaks REST and MCP, not A2A JSON-RPC) and the interoperability
 * document (GET /api/v1/interoperability: protocols, versions, limits, batch bound).
 */

import net from 'node:net';
import { HANDOFF_PROTOCOL, MAX_ROWS, PARAMS, z } from '../engine/index.js';
import type { ServerConfig } from '../service/config.js';
import { ERROR_CODES } from '../service/errors.js';
import { MAX_REDIRECTS, TRUSTED_IMAGE_HOSTS } from '../service/image-fetch.js';
import { jsonBodyLimit } from '../service/intake.js';
import { MCP_PROTOCOL_VERSIONS } from '../service/mcp/versions.js';
import { RETRY_AFTER_SECONDS } from '../service/render-pool.js';
import { MAX_TRACESTATE_LENGTH, MAX_TRACESTATE_MEMBERS } from '../service/trace-context.js';
import { SERVICE_NAME, SERVICE_VERSION } from '../service/version.js';
import { SECURITY_SCHEMES } from './auth.js';
import { CAPABILITIES, INPUT_IMAGE_TYPES, OUTPUT_FORMATS } from './capabilities.js';
import { EXPOSED_HEADERS } from './cors.js';
import { MAX_FIELD_BYTES, MAX_FORM_FIELDS } from './multipart-intake.js';

export const SERVICE_DESCRIPTION =
  'Converts one raster image into ASCII/ANSI art (text, ANSI truecolor, HTML, JSON, compact JSON with chroma, SVG) ' +
  'with linear-light luminance, glyph shapes measured from a real font, and source-aware Auto Director tuning.';

/** Relative paths of every public document and endpoint. */
export const PATHS = {
  render: '/api/v1/render',
  health: '/api/health',
  healthV1: '/api/v1/health',
  handoff: '/api/v1/a2v-handoff',
  handoffStatus: '/api/v1/a2v-handoff/status',
  agent: '/api/v1/agent',
  interoperability: '/api/v1/interoperability',
  openapi: '/api/openapi.json',
  mcp: '/api/mcp',
  llms: '/llms.txt',
  llmsFull: '/llms-full.txt',
} as const;

const interfaceSchema = z.object({
  url: z.string(),
  protocolBinding: z.string(),
  protocolVersion: z.string(),
  status: z.enum(['available', 'planned']),
});

export const agentCardSchema = z.object({
  name: z.string(),
  description: z.string(),
  version: z.string(),
  provider: z.object({ organization: z.string(), url: z.string() }),
  documentationUrl: z.string(),
  supportedInterfaces: z.array(interfaceSchema),
  capabilities: z.object({ streaming: z.boolean(), pushNotifications: z.boolean(), extendedAgentCard: z.boolean() }),
  serviceCapabilities: z.record(z.string(), z.unknown()),
  discoveryDocuments: z.object({
    llmsTxt: z.string(),
    llmsFullTxt: z.string(),
    interoperability: z.string(),
    health: z.string(),
    handoff: z.string(),
  }),
  securitySchemes: z.record(z.string(), z.record(z.string(), z.string())),
  securityRequirements: z.array(z.record(z.string(), z.array(z.string()))),
  defaultInputModes: z.array(z.string()),
  defaultOutputModes: z.array(z.string()),
  skills: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      tags: z.array(z.string()),
      examples: z.array(z.string()),
      inputModes: z.array(z.string()),
      outputModes: z.array(z.string()),
    }),
  ),
});

const OUTPUT_TYPES = [...new Set(OUTPUT_FORMATS.map((f) => f.contentType.split(';')[0]))];
/** The images a render takes, and the two bodies that carry them. */
const INPUT_MODES = [...INPUT_IMAGE_TYPES, 'application/json', 'multipart/form-data'];

export function agentCard(
  base: string,
  config: Pick<ServerConfig, 'imageFetchAllowlist'>,
): z.infer<typeof agentCardSchema> {
  const urlFetching = config.imageFetchAllowlist.length > 0;
  // an example URL on a host the fetch would reach: a name, not localhost or an IP literal
  // (image-fetch.ts connects to public addresses only)
  const exampleHost = config.imageFetchAllowlist.find((entry) => {
    const host = entry.replace(/:\d+$/, '');
    return host !== 'localhost' && !host.endsWith('.localhost') && net.isIP(host) === 0;
  });
  const iface = (path: string, protocolBinding: string, protocolVersion: string, planned = false) => ({
    url: base + path,
    protocolBinding,
    protocolVersion,
    status: planned ? ('planned' as const) : ('available' as const),
  });
  return {
    name: SERVICE_NAME,
    description: SERVICE_DESCRIPTION,
    version: SERVICE_VERSION,
    provider: { organization: SERVICE_NAME, url: base },
    documentationUrl: base + PATHS.llmsFull,
    supportedInterfaces: [
      // 'REST', not A2A's 'HTTP+JSON' binding: the render endpoint does not speak A2A
      iface(PATHS.render, 'REST', SERVICE_VERSION),
      iface(PATHS.openapi, 'OpenAPI', '3.1.0'),
      iface(PATHS.mcp, 'MCP', `streamable-http ${MCP_PROTOCOL_VERSIONS[0]}`),
    ],
    // A2A's `streaming` means streamed agent answers (SSE), which the service has not; the
    // rendering capabilities of SPEC 2.4 (browser-only streaming included) are stated beside it.
    capabilities: { streaming: false, pushNotifications: false, extendedAgentCard: false },
    serviceCapabilities: CAPABILITIES,
    // SPEC 4: the other discovery documents are linked from the manifest.
    discoveryDocuments: {
      llmsTxt: base + PATHS.llms,
      llmsFullTxt: base + PATHS.llmsFull,
      interoperability: base + PATHS.interoperability,
      health: base + PATHS.health,
      handoff: base + PATHS.handoff,
    },
    securitySchemes: SECURITY_SCHEMES,
    // Rendering is public; the platform key guards protected platform actions only (SPEC 5).
    securityRequirements: [],
    defaultInputModes: INPUT_MODES,
    defaultOutputModes: OUTPUT_TYPES,
    skills: [
      {
        id: 'render_ascii',
        name: 'Render ASCII art',
        description: `Renders one image (multipart \`image\`, JSON \`imageBase64\`${urlFetching ? ' or HTTPS `imageUrl` from the allowed hosts' : '; `imageUrl` is off on this server'}) as character art. Parameters: ${PARAMS.map((p) => p.name).join(', ')}.`,
        tags: ['ascii-art', 'image', 'ansi', 'svg', 'text'],
        examples: [
          'Render this photo as 80-column ASCII text',
          exampleHost
            ? `Turn the image at https://${exampleHost}/photo.jpg into truecolor ANSI art with edges`
            : 'Turn this picture into truecolor ANSI art with edges',
        ],
        inputModes: INPUT_MODES,
        outputModes: OUTPUT_TYPES,
      },
    ],
  };
}

export const interoperabilitySchema = z.object({
  service: z.string(),
  version: z.string(),
  protocols: z.array(
    z.looseObject({
      name: z.string(),
      version: z.string(),
      status: z.enum(['available', 'planned', 'disabled']),
      url: z.string(),
    }),
  ),
  limits: z.looseObject({
    maxImageBytes: z.int(),
    maxImagePixels: z.int(),
    maxJsonBodyBytes: z.int(),
    multipart: z.object({ maxFields: z.int(), maxFieldBytes: z.int() }),
    columns: z.object({ min: z.int(), max: z.int() }),
    maxRows: z.int(),
    requestTimeoutMs: z.int(),
  }),
  batch: z.object({ mcpMaxBatch: z.int() }),
  capabilities: z.record(z.string(), z.unknown()),
  formats: z.array(z.record(z.string(), z.string())),
  errors: z.array(z.object({ code: z.string(), status: z.int(), description: z.string() })),
});

export function interoperability(base: string, config: ServerConfig): z.infer<typeof interoperabilitySchema> {
  const columns = PARAMS.find((p) => p.name === 'columns')?.kind as { min: number; max: number };
  return {
    service: SERVICE_NAME,
    version: SERVICE_VERSION,
    protocols: [
      { name: 'REST (HTTP+JSON, multipart)', version: SERVICE_VERSION, status: 'available', url: base + PATHS.render },
      { name: 'OpenAPI', version: '3.1.0', status: 'available', url: base + PATHS.openapi },
      {
        name: 'Model Context Protocol',
        version: MCP_PROTOCOL_VERSIONS[0],
        status: 'available',
        url: base + PATHS.mcp,
        transport: 'streamable-http, stateless (JSON responses)',
        protocolVersions: [...MCP_PROTOCOL_VERSIONS],
        tools: ['render_ascii'],
        batch: {
          maxCalls: config.mcpMaxBatch,
          eras: MCP_PROTOCOL_VERSIONS.filter((v) => v < '2026'),
          rules:
            'a JSON-RPC array of 1 to maxCalls messages, each answered in its own array entry; empty, oversized, ' +
            'duplicate-id or initialize-containing batches are refused with -32600; 2026-07-28 batches are refused',
        },
        stdio: 'glyphcast-mcp [--root <folder>]',
      },
      {
        name: 'W3C Trace Context',
        version: 'Level 2',
        status: 'available',
        url: 'https://www.w3.org/TR/trace-context-2/',
        requestHeaders: ['traceparent', 'tracestate'],
        responseHeaders: ['traceparent', 'tracestate', 'server-timing'],
        tracestate: { maxMembers: MAX_TRACESTATE_MEMBERS, maxPropagatedLength: MAX_TRACESTATE_LENGTH },
      },
      {
        name: 'OpenTelemetry OTLP/HTTP (JSON), traces',
        version: '1',
        status: config.platformApiKey ? 'available' : 'disabled',
        url: 'https://opentelemetry.io/docs/specs/otlp/',
      },
      { name: HANDOFF_PROTOCOL, version: '1', status: 'available', url: base + PATHS.handoff },
      { name: 'A2A agent card (vocabulary)', version: '1.0', status: 'available', url: base + PATHS.agent },
      { name: 'llms.txt', version: '1', status: 'available', url: base + PATHS.llms },
    ],
    limits: {
      maxImageBytes: config.maxImageBytes,
      maxImagePixels: config.maxImagePixels,
      maxJsonBodyBytes: jsonBodyLimit(config.maxImageBytes),
      // multipart text fields: more is 400 bad_request, a longer value 400 invalid_params naming it
      multipart: { maxFields: MAX_FORM_FIELDS, maxFieldBytes: MAX_FIELD_BYTES },
      columns: { min: columns.min, max: columns.max },
      maxRows: MAX_ROWS,
      requestTimeoutMs: config.requestTimeoutMs,
      imageUrl: {
        schemes: ['https'],
        trustedHosts: [...TRUSTED_IMAGE_HOSTS, ...config.imageFetchAllowlist],
        maxRedirects: MAX_REDIRECTS,
        connectTimeoutMs: config.imageFetchConnectTimeoutMs,
        headersTimeoutMs: config.imageFetchHeadersTimeoutMs,
        bodyTimeoutMs: config.imageFetchBodyTimeoutMs,
      },
      renderQueue: {
        workers: config.renderWorkers,
        queueLimit: config.renderQueueLimit,
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      },
      exposedHeaders: [...EXPOSED_HEADERS],
    },
    batch: { mcpMaxBatch: config.mcpMaxBatch },
    capabilities: CAPABILITIES,
    formats: OUTPUT_FORMATS,
    errors: Object.entries(ERROR_CODES).map(([code, [status, description]]) => ({ code, status, description })),
  };
}

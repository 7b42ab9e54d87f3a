/**
 * /llms.txt (llmstxt.org: `# name`, `> summary`, prose, `## sections` of link lists, an
 * `## Optional` section last) and /llms-full.txt (the whole reference inline), generated from
 * the same constants as the API so they never drift from it.
 */
import { describeExpected, PARAMS } from '../engine/index.js';
import type { ServerConfig } from '../service/config.js';
import { ERROR_CODES } from '../service/errors.js';
import { MCP_PROTOCOL_VERSIONS } from '../service/mcp/versions.js';
import { SERVICE_NAME, SERVICE_VERSION } from '../service/version.js';
import { OUTPUT_FORMATS } from './capabilities.js';
import { EXPOSED_HEADERS } from './cors.js';
import { PATHS, SERVICE_DESCRIPTION } from './discovery.js';

/** Text in a Markdown table cell: a backslash stays one, and a pipe does not end the cell. */
const cell = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');

export function llmsTxt(base: string): string {
  return `# ${SERVICE_NAME}

> ${SERVICE_DESCRIPTION}

Version ${SERVICE_VERSION}. POST one image to ${PATHS.render} (multipart field \`image\`, or JSON \`imageBase64\` or \`imageUrl\`) with render parameters in the query string, form fields or JSON keys; the answer's content type follows \`format\`. Every error of the HTTP API is \`{"error": {"code", "message", "details"?}}\` (the MCP endpoint answers JSON-RPC 2.0 errors).

## API

- [OpenAPI 3.1 description](${base}${PATHS.openapi}): every route, parameter (with range and default), response and error
- [Render](${base}${PATHS.render}): POST, the one render operation
- [Health](${base}${PATHS.health}): liveness, capabilities, formats and the trace context
- [Agent manifest](${base}${PATHS.agent}): A2A agent-card vocabulary, skill \`render_ascii\`
- [Interoperability](${base}${PATHS.interoperability}): protocols, versions, limits, batch bound
- [Browser handoff manifest](${base}${PATHS.handoff}): \`platform.handoff.v1\` over window.postMessage

## Docs

- [Full reference](${base}${PATHS.llmsFull}): parameters, formats, errors, limits and headers inline

## Optional

- [MCP endpoint](${base}${PATHS.mcp}): JSON-RPC 2.0 tool \`render_ascii\` with the same arguments (revisions ${MCP_PROTOCOL_VERSIONS.join(', ')})
`;
}

export function llmsFullTxt(base: string, config: ServerConfig): string {
  const params = PARAMS.map(
    (p) => `| \`${p.name}\` | ${cell(describeExpected(p.kind))} | \`${String(p.default)}\` | ${cell(p.description)} |`,
  );
  const formats = OUTPUT_FORMATS.map(
    (f) => `| \`${f.id}\` | \`${f.contentType}\` | \`.${f.extension}\` | ${f.label} |`,
  );
  const errors = Object.entries(ERROR_CODES).map(
    ([code, [status, why]]) => `| \`${code}\` | ${status} | ${cell(why)} |`,
  );
  return `# ${SERVICE_NAME} ${SERVICE_VERSION}: full reference

> ${SERVICE_DESCRIPTION}

Base address: ${base}

## Render: POST ${PATHS.render}

Exactly one image source per request:

- \`multipart/form-data\` with the file field \`image\` (parameters as form fields), or
- \`application/json\` with \`imageBase64\` (base64, a data: URL prefix is allowed) or \`imageUrl\` (https only, on a trusted or allowlisted host, public addresses only, at most 3 redirects).

Parameters may also be sent in the query string. A parameter given twice (in two places, or twice in one place) is refused with 400 \`invalid_params\` naming it. Unknown parameters and out-of-range values are refused the same way; nothing is clamped. Limits: ${config.maxImageBytes} bytes per image, ${config.maxImagePixels} pixels per image.

The answer's body and content type follow \`format\`. Headers: \`x-glyphcast-grid\` (columns x rows), \`x-glyphcast-source\`, \`x-glyphcast-codebook\` and \`x-glyphcast-director\` (evidence as JSON), \`server-timing\` (trace and stage durations), \`content-disposition\` (file name with the right extension), \`traceparent\`/\`tracestate\`. Readable by browsers: ${EXPOSED_HEADERS.join(', ')}.

## Parameters

| name | accepts | default | meaning |
|---|---|---|---|
${params.join('\n')}

## Formats

| format | content type | extension | label |
|---|---|---|---|
${formats.join('\n')}

## Errors

| code | status | when |
|---|---|---|
${errors.join('\n')}

## Other routes

- GET ${PATHS.health} and GET ${PATHS.healthV1}: the health envelope
- GET ${PATHS.handoff}: the browser handoff manifest; GET ${PATHS.handoffStatus}: its status check (platform key when configured: \`Authorization: Bearer\` or \`X-Platform-API-Key\`)
- GET ${PATHS.agent}, GET ${PATHS.interoperability}, GET ${PATHS.openapi}, GET ${PATHS.llms}
- POST ${PATHS.mcp}: MCP tool \`render_ascii\` (Streamable HTTP, stateless; 2026-07-28 and 2025-11-25 back to 2024-11-05), 2025-era batches of at most ${config.mcpMaxBatch} messages
`;
}

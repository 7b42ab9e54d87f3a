/**
 * /api/mcp in the OpenAPI document: the HTTP envelope only (JSON-RPC 2.0 in, JSON-RPC out,
 * the statuses this route answers). The protocol itself (methods, the tool's input and output
 * schemas) is discovered over MCP with `tools/list` and described in docs/mcp.md.
 */
type Json = Record<string, unknown>;

/**
 * A JSON-RPC message. `idTypes`: a request's id may not be null (MCP refuses it, -32600); an
 * answer's is null when the request's id could not be read.
 */
const rpcMessage = (idTypes: readonly string[]) => ({
  type: 'object',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: idTypes },
    method: { type: 'string' },
    params: { type: 'object' },
    result: {},
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
    },
  },
});
const sentMessage = rpcMessage(['string', 'integer']);
const answerMessage = rpcMessage(['string', 'integer', 'null']);

/**
 * /api/mcp's operations. `maxBatch`: MCP_MAX_BATCH in force; `beforeRouting`: the error
 * responses any request can get before it reaches the route (408, 431); `allowHeader`: the
 * `Allow` header every 405 carries.
 */
export function mcpOperations(
  maxBatch: number,
  traceParameters: readonly Json[],
  traceHeaders: Json,
  beforeRouting: Json,
  allowHeader: Json,
): Json {
  const rpcBody = (description: string, message: Json) => ({
    description,
    content: {
      'application/json': {
        schema: { oneOf: [message, { type: 'array', items: message, minItems: 1, maxItems: maxBatch }] },
      },
    },
  });
  const answer = (description: string) => ({ ...rpcBody(description, answerMessage), headers: traceHeaders });
  const methodNotAllowed = {
    tags: ['mcp'],
    summary: 'Not served: the endpoint is stateless (no sessions, no server-initiated stream)',
    responses: {
      '405': { ...answer('JSON-RPC error -32000; `Allow: POST`'), headers: { ...traceHeaders, allow: allowHeader } },
      ...beforeRouting,
    },
  };
  return {
    post: {
      operationId: 'mcp',
      tags: ['mcp'],
      summary: 'Model Context Protocol endpoint (JSON-RPC 2.0), tool render_ascii',
      description:
        'Streamable HTTP, stateless, both protocol eras: 2026-07-28 (`server/discover`, `_meta` protocol version, ' +
        '`Mcp-Method`/`Mcp-Name` headers) and 2025-11-25 back to 2024-11-05 (`initialize`, `tools/list`, ' +
        `\`tools/call\`, \`ping\`). 2025-era clients may send a batch of 1 to ${maxBatch} messages ` +
        '(MCP_MAX_BATCH). ' +
        'See docs/mcp.md; the tool schemas come from `tools/list`.',
      parameters: traceParameters,
      requestBody: { required: true, ...rpcBody('One JSON-RPC message, or a 2025-era batch', sentMessage) },
      responses: {
        '200': answer('The JSON-RPC response (an array for a batch)'),
        '202': { description: 'Notifications only: accepted, no body' },
        '400': answer('Invalid JSON (-32700), a refused batch (-32600), or a refusal of the MCP transport'),
        '403': answer('A foreign Origin, or a Host that is not localhost on a loopback server'),
        '404': answer('2026-07-28: unknown method (-32601)'),
        '406': answer('The Accept header admits no JSON answer (such as text/html alone, or text/event-stream alone)'),
        '413': answer('The body exceeds the JSON body limit'),
        '415': answer('The body is not application/json'),
        ...beforeRouting,
      },
    },
    get: methodNotAllowed,
    delete: { ...methodNotAllowed },
    put: { ...methodNotAllowed },
    patch: { ...methodNotAllowed },
  };
}

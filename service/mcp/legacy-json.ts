/**
 * The 2025-era leg: one JSON-RPC message (an `initialize`, `tools/list`, `tools/call`, `ping`
 * or a notification) served by a fresh server over the SDK's stateless Streamable HTTP
 * transport in JSON mode, so the answer is one `application/json` body (SPEC 4.4) rather than
 * an event stream. No session id is minted; nothing outlives the exchange.
 */
import { type McpServer, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';

export async function serveLegacyMessage(server: McpServer, request: Request, message: unknown): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: message });
  } finally {
    await transport.close().catch(() => undefined);
    await server.close().catch(() => undefined);
  }
}

/**
 * A refusal of the HTTP request itself (406 for the Accept header, 415...), not of one message:
 * in a batch it answers for the whole batch, with its own status, as it would for one message.
 */
export class RequestRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`request refused with ${status}`);
  }
}

/**
 * The JSON-RPC answer of one batch element: the parsed body, or null for a notification (202).
 * Throws RequestRefused for a transport-level refusal (an HTTP error status: JSON-RPC errors of
 * the message itself come with 200).
 */
export async function answerOf(response: Response): Promise<unknown | null> {
  if (response.status === 202) return null;
  if (response.status >= 400) throw new RequestRefused(response.status, await response.json());
  return response.json();
}

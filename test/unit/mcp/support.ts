/**
 * Shared pieces of the MCP tests: the SDK's own clients of both eras connected to a real
 * server on 127.0.0.1, and raw JSON-RPC over fetch for what the clients never send
 * (batches, broken bodies, foreign origins).
 */
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const MCP = '/api/mcp';
/** What Streamable HTTP clients send: JSON or an event stream is acceptable. */
export const ACCEPT = 'application/json, text/event-stream';

/** The v1 SDK client (`@modelcontextprotocol/sdk`), which speaks the 2025 revisions. */
export async function legacyClient(base: string): Promise<LegacyClient> {
  const client = new LegacyClient({ name: 'glyphcast-test-v1', version: '1.0.0' });
  await client.connect(new LegacyTransport(new URL(base + MCP)));
  return client;
}

/** The v2 SDK client (`@modelcontextprotocol/client`), negotiating 2026-07-28 when offered. */
export async function modernClient(base: string): Promise<ModernClient> {
  const client = new ModernClient(
    { name: 'glyphcast-test-v2', version: '1.0.0' },
    { versionNegotiation: { mode: 'auto' } },
  );
  await client.connect(new ModernTransport(new URL(base + MCP)));
  return client;
}

/** POSTs a raw body to /api/mcp as a 2025-era client would. */
export function rpc(base: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(base + MCP, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A 2025-era tools/call request for render_ascii. */
export const call = (id: number | string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'render_ascii', arguments: args },
});

/** The text of the first content block of a tool result. */
export function textOf(result: unknown): string {
  const content = (result as { content: { type: string; text: string }[] }).content;
  return content[0].text;
}

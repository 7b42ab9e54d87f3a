/**
 * The bounded batch of SPEC 4.4, for 2025-era clients only: a JSON-RPC array of 1 to
 * MCP_MAX_BATCH messages, each served on its own by the SDK (a fresh stateless server per
 * element) and answered in its own array entry, concurrently (the render pool queues the
 * renders and refuses beyond its queue limit, per element).
 *
 * Refused as a whole, with one JSON-RPC error (HTTP 400): an empty array, more than
 * MCP_MAX_BATCH elements, two requests with the same id (their answers could not be told
 * apart), and any `initialize` (the handshake is never batched). An element that is not a
 * JSON-RPC message, or that message-screen.ts refused (a key repeated in its envelope), gets
 * its own -32600 entry. Notifications and responses get no entry; a batch of only those is
 * answered 202 with no body, as one of them alone is. What refuses the HTTP request itself (an
 * Accept header without JSON and event streams: 406) refuses the batch with that status. The
 * answer is always an array, even for one element.
 *
 * Batches that carry 2026-07-28 `_meta` never reach this module: the SDK refuses them.
 */
import {
  INVALID_REQUEST,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResponse,
  type JSONRPCMessage,
} from '@modelcontextprotocol/server';
import { RequestRefused } from './legacy-json.js';
import { RefusedMessage } from './message-screen.js';

export type BatchAnswer =
  | { readonly status: 200; readonly body: unknown[] }
  /** 202: notifications only; 400: the batch refused; other: the HTTP request refused (406...). */
  | { readonly status: number; readonly body: unknown };

/** Serves one message; resolves with its JSON-RPC answer, or null for a notification. */
export type ServeOne = (message: JSONRPCMessage) => Promise<unknown | null>;

export const rpcError = (id: unknown, code: number, message: string) => ({
  jsonrpc: '2.0' as const,
  id: typeof id === 'string' || typeof id === 'number' ? id : null,
  error: { code, message },
});

/** Why the whole batch is refused, or null when its elements may be served. */
export function batchRefusal(batch: readonly unknown[], maxBatch: number): string | null {
  if (batch.length === 0) return 'Invalid Request: the batch is empty';
  if (batch.length > maxBatch) {
    return `Invalid Request: a batch holds at most ${maxBatch} messages (MCP_MAX_BATCH), received ${batch.length}`;
  }
  const ids = new Set<string | number>();
  for (const m of batch) {
    if (!isJSONRPCRequest(m)) continue;
    if (m.method === 'initialize') return 'Invalid Request: initialize cannot be batched; send it on its own';
    if (ids.has(m.id)) return `Invalid Request: the id ${JSON.stringify(m.id)} appears twice in the batch`;
    ids.add(m.id);
  }
  return null;
}

export async function serveBatch(
  batch: readonly unknown[],
  maxBatch: number,
  serveOne: ServeOne,
): Promise<BatchAnswer> {
  const refusal = batchRefusal(batch, maxBatch);
  if (refusal) return { status: 400, body: rpcError(null, INVALID_REQUEST, refusal) };
  let answers: unknown[];
  try {
    answers = await Promise.all(
      batch.map(async (m) => {
        if (m instanceof RefusedMessage) return m.answer;
        if (isJSONRPCRequest(m) || isJSONRPCNotification(m)) return serveOne(m);
        // a response (this stateless server asks nothing, so it answers none) gets no entry
        if (isJSONRPCResponse(m)) return null;
        const id = (m as { id?: unknown } | null)?.id;
        return rpcError(id, INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message');
      }),
    );
  } catch (err) {
    if (err instanceof RequestRefused) return { status: err.status, body: err.body };
    throw err;
  }
  const body = answers.filter((a) => a !== null);
  return body.length > 0 ? { status: 200, body } : { status: 202, body: null };
}

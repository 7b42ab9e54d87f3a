/**
 * What a JSON-RPC body's text says beyond its parsed value (json-body.ts's scan), for /api/mcp
 * and glyphcast-mcp alike. A key repeated in a message's envelope, nesting too deep, too many
 * keys or a prototype key refuse that message, answered -32600 with its id (null when the id is
 * what was repeated, or cannot be read); in a batch, only the element that holds it, while the
 * others are served. A key repeated in the tool arguments is recorded for the tool
 * (argument-repeats.ts), whose intake reports it as the HTTP API does (invalid_params). An `initialize`, `tools/call` or `tools/list`
 * with malformed params is -32602 in words (the SDK answers with its validator's JSON).
 */
import { INVALID_PARAMS, INVALID_REQUEST } from '@modelcontextprotocol/server';
import { ApiError } from '../errors.js';
import { type RepeatedKey, repeatedKeys } from '../json-body.js';
import { recordArgumentRepeat } from './argument-repeats.js';

/**
 * Whether a JSON path (json-body.ts) is the arguments of a message's tool call, on its own or
 * in a batch (`params.arguments`, `[n].params.arguments`): the object that holds render
 * parameters, whose repeated keys the intake reports.
 */
export function holdsToolArguments(path: readonly (string | number)[]): boolean {
  const at = typeof path[0] === 'number' ? path.slice(1) : path;
  return at.length === 2 && at[0] === 'params' && at[1] === 'arguments';
}

/** A message refused before the SDK saw it; `answer` is its JSON-RPC error (-32600, or -32602 for bad params). */
export class RefusedMessage {
  readonly answer: { jsonrpc: '2.0'; id: string | number | null; error: { code: number; message: string } };
  /** The HTTP API's code for the request span: the text refused, or the params. */
  readonly errorCode: 'invalid_json' | 'invalid_params';
  constructor(id: string | number | null, reason: string, code: number = INVALID_REQUEST) {
    const kind = code === INVALID_PARAMS ? 'Invalid params' : 'Invalid Request';
    this.answer = { jsonrpc: '2.0', id, error: { code, message: `${kind}: ${reason}` } };
    this.errorCode = code === INVALID_PARAMS ? 'invalid_params' : 'invalid_json';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const INITIALIZE_SHAPE =
  'initialize needs params {protocolVersion: a string, capabilities: an object, clientInfo: {name, version: strings}}';
const TOOLS_CALL_SHAPE =
  'tools/call needs params {name: a string, arguments: an object of render parameters (optional)}';
const TOOLS_LIST_SHAPE = 'tools/list takes params {cursor: a string (optional)}';

/** Why each method's params are malformed, or null: the shapes the SDK checks, in words. */
const PARAMS_FAULTS: Readonly<Record<string, (params: unknown) => string | null>> = {
  initialize(params) {
    const client = isObject(params) ? params.clientInfo : undefined;
    const wellFormed =
      isObject(params) &&
      typeof params.protocolVersion === 'string' &&
      isObject(params.capabilities) &&
      isObject(client) &&
      typeof client.name === 'string' &&
      typeof client.version === 'string';
    return wellFormed ? null : INITIALIZE_SHAPE;
  },
  'tools/call'(params) {
    const wellFormed =
      isObject(params) &&
      typeof params.name === 'string' &&
      (params.arguments === undefined || isObject(params.arguments));
    return wellFormed ? null : TOOLS_CALL_SHAPE;
  },
  'tools/list'(params) {
    const wellFormed =
      params === undefined || (isObject(params) && (params.cursor === undefined || typeof params.cursor === 'string'));
    return wellFormed ? null : TOOLS_LIST_SHAPE;
  },
};

/**
 * Why a request's params are malformed, or null. The SDK answers those with its validator's
 * issues as multi-line JSON, as -32602, or as -32603 (internal error) for `initialize` and
 * `tools/list`; JSON-RPC asks for -32602, and a client's author for words.
 */
function paramsFault(message: unknown): string | null {
  if (!isObject(message) || !('id' in message) || typeof message.method !== 'string') return null;
  const fault = Object.hasOwn(PARAMS_FAULTS, message.method) ? PARAMS_FAULTS[message.method] : undefined;
  return fault ? fault(message.params) : null;
}

/**
 * What is wrong with a request's envelope where the SDK would answer "not a valid JSON-RPC
 * message" with `id: null`, or null: a method that is not a string (the id is readable, so
 * the answer carries it), or an id that is null (MCP: a request's id must not be null).
 */
function envelopeFault(message: unknown): string | null {
  if (!isObject(message) || !('method' in message)) return null;
  if (typeof message.method !== 'string') return 'method must be a string';
  if (message.id === null) return 'a request id must be a string or a number, not null (MCP)';
  return null;
}

/** A message's id, when it has one JSON-RPC allows. */
function idOf(message: unknown): string | number | null {
  const id = typeof message === 'object' && message !== null ? (message as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * `value` (parsed from `text`) with each refused message replaced by a RefusedMessage: the body
 * itself when it is one message, the elements concerned when it is a batch.
 *
 * @throws ApiError invalid_json when a batch as a whole nests too deep, has an object of too
 *   many keys or a prototype key: the scan stops there, so no element can be told apart.
 */
export function screenMcpBody(text: string, value: unknown): unknown {
  const batch = Array.isArray(value);
  let repeats: readonly RepeatedKey[];
  try {
    repeats = repeatedKeys(text);
  } catch (err) {
    if (batch || !(err instanceof ApiError)) throw err;
    return new RefusedMessage(idOf(value), err.message);
  }
  /** The message a path is in: the batch element's index, or -1 for the body's one message. */
  const messageAt = (path: readonly (string | number)[]) => (batch ? (path[0] as number) : -1);
  const messageOf = (at: number): unknown => (batch ? (value as unknown[])[at] : value);
  const refusals = new Map<number, RepeatedKey[]>();
  for (const repeat of repeats) {
    if (holdsToolArguments(repeat.path)) continue;
    const at = messageAt(repeat.path);
    refusals.set(at, [...(refusals.get(at) ?? []), repeat]);
  }
  // the tool arguments of messages served (a refused message's are never read), by request id
  const argumentRepeats: [string | number, string][] = [];
  for (const r of repeats) {
    const at = messageAt(r.path);
    const id = idOf(messageOf(at));
    if (holdsToolArguments(r.path) && !refusals.has(at) && id !== null) argumentRepeats.push([id, r.key]);
  }
  const refused = new Map<number, RefusedMessage>();
  for (const [at, keys] of refusals) {
    const envelope = batch ? 1 : 0;
    const idRepeated = keys.some((k) => k.path.length === envelope && k.key === 'id');
    const reason = `the message gives the key ${JSON.stringify(keys[0].key)} twice in one object`;
    refused.set(at, new RefusedMessage(idRepeated ? null : idOf(messageOf(at)), reason));
  }
  const served = (message: unknown, at: number) => {
    const refusal = refused.get(at);
    if (refusal) return refusal;
    const malformed = envelopeFault(message);
    if (malformed) return new RefusedMessage(idOf(message), malformed);
    const fault = paramsFault(message);
    return fault ? new RefusedMessage(idOf(message), fault, INVALID_PARAMS) : message;
  };
  const body = batch ? (value as unknown[]).map(served) : served(value, -1);
  if (typeof body === 'object' && body !== null)
    for (const [id, key] of argumentRepeats) recordArgumentRepeat(body, id, key);
  return body;
}

/**
 * The stdio transport of `glyphcast-mcp`: the SDK's StdioServerTransport with every line
 * screened before the SDK sees it. The SDK alone drops a line that is not JSON and reports a
 * JSON value that is not a message out of band, so the client waits for an answer that never
 * comes; JSON-RPC 2.0 wants one, and gets it here (the shapes and words of /api/mcp):
 *
 * - a line that is not JSON: -32700 Parse error, id null;
 * - a JSON array: -32600, id null (batches are not part of MCP over stdio);
 * - a key repeated in one object: in the tool arguments (`params.arguments`) it is passed on
 *   to the intake, which reports a parameter given twice as over HTTP; anywhere else it is
 *   -32600, as are nesting deeper than 64, an object of over 1000 keys and a prototype key
 *   (`__proto__`, `constructor.prototype`), with the message's id (service/mcp/message-screen.ts);
 * - a JSON value that is not a JSON-RPC request, notification or response: -32600, with its
 *   id when one can be read, else null;
 * - a line longer than `maxLineBytes` (the HTTP API's JSON body limit): dropped as it
 *   arrives, then -32600 naming the limit, with the request's id when its first or last bytes
 *   show it (droppedId), else null: with null, a client could not tell which call failed and
 *   waited for its own timeout.
 *
 * Blank lines are skipped, and a byte-order mark opening a line. Answers go out through the
 * transport, one JSON line each, so stdout carries nothing but JSON-RPC.
 *
 * When the input ends, the SDK's transport closes at once, and the requests still rendering go
 * unanswered (`printf '...' | glyphcast-mcp` lost most of its answers). This one counts the
 * requests it passed on and closes only once they are answered (or cancelled by the client:
 * the SDK then sends no answer), or after `drainMs`.
 */
import type { Readable, Writable } from 'node:stream';
import {
  INVALID_REQUEST,
  isJSONRPCRequest,
  type JSONRPCMessage,
  PARSE_ERROR,
  parseJSONRPCMessage,
} from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { argumentRepeatsIn } from '../../service/mcp/argument-repeats.js';
import { rpcError } from '../../service/mcp/batch.js';
import { RefusedMessage, screenMcpBody } from '../../service/mcp/message-screen.js';

/** What a line comes to: a message for the SDK, an answer for the client, or nothing (blank). */
/** A line's message (with the body it was read from, which the screen's records are kept against), its refusal, or nothing. */
export type Screened =
  | { readonly message: JSONRPCMessage; readonly body: unknown }
  | { readonly answer: ReturnType<typeof rpcError> }
  | null;

const invalid = (id: unknown, why: string) => ({ answer: rpcError(id, INVALID_REQUEST, `Invalid Request: ${why}`) });

/** The bytes of a dropped line kept at each end: room for `{"jsonrpc":"2.0","id":...`. */
const KEPT_BYTES = 256;
/** A JSON-RPC id: an integer or a string. */
const ID = String.raw`(-?\d+|"(?:[^"\\]|\\.)*")`;
/** The object's first member is the id (after `"jsonrpc"`, if that comes first): top level for sure. */
const ID_FIRST = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID}\s*[,}]`);
/** The id is the last member, closed by the line's last brace: the top level again (a nested one is followed by more braces). */
const ID_LAST = new RegExp(String.raw`[{,]\s*"id"\s*:\s*${ID}\s*\}\s*$`);

/**
 * The id of a line too long to read, from its first or last bytes, as clients write it first
 * (`{"jsonrpc":"2.0","id":1,...`) or last (`...,"id":1}`); null when neither shows it.
 */
export function droppedId(head: string, tail: string): string | number | null {
  const found = ID_FIRST.exec(head) ?? ID_LAST.exec(tail);
  return found ? (JSON.parse(found[1]) as string | number) : null;
}

/** Screens one line (without its newline). */
export function screenLine(raw: string): Screened {
  // a byte-order mark (PowerShell and Notepad write one) opens no message, as over HTTP
  const line = raw.replace(/^\uFEFF/, '');
  if (line.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { answer: rpcError(null, PARSE_ERROR, 'Parse error: the line is not valid JSON') };
  }
  if (Array.isArray(value)) return invalid(null, 'batches are not part of MCP over stdio; send one message per line');
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : null;
  const screened = screenMcpBody(line, value);
  if (screened instanceof RefusedMessage) return { answer: screened.answer };
  try {
    return { message: parseJSONRPCMessage(screened), body: screened };
  } catch {
    return invalid(id, 'not a JSON-RPC 2.0 request, notification or response');
  }
}

export interface ScreenedStdioOptions {
  /** The longest line taken, in bytes, newline excluded. */
  readonly maxLineBytes: number;
  /** How long requests still unanswered when the input ends are waited for, in ms. */
  readonly drainMs: number;
  readonly stdin?: Readable;
  readonly stdout?: Writable;
}

export class ScreenedStdioTransport extends StdioServerTransport {
  readonly #maxLineBytes: number;
  readonly #drainMs: number;
  #resolveClosed: (dropped: number) => void = () => {};
  /**
   * Settles once the transport is closed (the input ended and was answered, or close()), to the
   * number of requests dropped unanswered when the wait for them ran out (0 otherwise).
   */
  readonly closed = new Promise<number>((resolve) => {
    this.#resolveClosed = resolve;
  });
  #dropped = 0;
  /** The line read so far, in chunks. */
  #parts: Buffer[] = [];
  #bytes = 0;
  /** The current line passed the limit: the rest of it is dropped. */
  #overflow = false;
  /** A dropped line's first and (so far) last KEPT_BYTES bytes, where its id may show. */
  #head: Buffer = Buffer.alloc(0);
  #tail: Buffer = Buffer.alloc(0);
  /** The requests passed on and not yet answered, by id: a count, as a client may reuse an id. */
  readonly #unanswered = new Map<string | number, number>();
  /** The repeated argument keys of each request read and not yet answered, by id (argument-repeats.ts). */
  readonly #repeats = new Map<string | number, readonly string[]>();

  /** The keys the arguments of request `id` give twice: what the tool reads (RenderToolOptions.argumentRepeats). */
  readonly argumentRepeats = (id: string | number): readonly string[] => this.#repeats.get(id) ?? [];
  /** Called once every request is answered. */
  #onAnswered: (() => void) | null = null;
  /** The input ended: the transport closes once the pending requests are answered. */
  #draining = false;

  constructor(options: ScreenedStdioOptions) {
    super(options.stdin, options.stdout);
    this.#maxLineBytes = options.maxLineBytes;
    this.#drainMs = options.drainMs;
  }

  /** Replaces the SDK's reader (its line buffer and parser); start() and close() use this one. */
  override _ondata = (chunk: Buffer): void => {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      this.#append(chunk.subarray(start, nl));
      this.#endLine();
      start = nl + 1;
    }
    this.#append(chunk.subarray(start));
  };

  /** Replaces the SDK's handler for the end (or close) of the input: answer what is pending, then close. */
  override _onstdinclose = (): void => {
    if (this.#draining) return;
    this.#draining = true;
    void this.#answered(this.#drainMs).then((all) => {
      if (!all) {
        this.#dropped = [...this.#unanswered.values()].reduce((a, b) => a + b, 0);
        this.onerror?.(
          new Error(
            `the input ended; ${this.#dropped} request(s) still unanswered after ${this.#drainMs} ms are dropped`,
          ),
        );
      }
      return this.close();
    });
  };

  override async send(...args: Parameters<StdioServerTransport['send']>): Promise<void> {
    const [message] = args;
    try {
      await super.send(...args);
    } finally {
      // an answer that failed to write is settled too: waiting longer would not deliver it
      if (('result' in message || 'error' in message) && message.id !== undefined) this.#settle(message.id);
    }
  }

  /** A request needs no more waiting for: answered, or cancelled by the client. */
  #settle(id: unknown): void {
    const count = this.#unanswered.get(id as string | number);
    if (count === undefined) return;
    if (count > 1) this.#unanswered.set(id as string | number, count - 1);
    else {
      this.#unanswered.delete(id as string | number);
      this.#repeats.delete(id as string | number);
    }
    if (this.#unanswered.size === 0) this.#onAnswered?.();
  }

  /**
   * Resolves once every request passed on so far has its answer written, or after `limitMs`
   * (to `false`, if some are still unanswered then). A pending answer does not keep Node's
   * event loop alive by itself (the render runs in a worker), so a timer does, while this waits.
   */
  #answered(limitMs: number): Promise<boolean> {
    if (this.#unanswered.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(false), limitMs);
      const finish = (all: boolean) => {
        clearTimeout(timer);
        this.#onAnswered = null;
        resolve(all);
      };
      this.#onAnswered = () => finish(true);
    });
  }

  override async close(): Promise<void> {
    this.#parts = [];
    this.#bytes = 0;
    await super.close();
    this.#resolveClosed(this.#dropped);
  }

  #append(part: Buffer): void {
    if (part.length === 0) return;
    if (this.#overflow) {
      this.#tail = lastBytes(Buffer.concat([this.#tail, lastBytes(part)]));
      return;
    }
    this.#bytes += part.length;
    if (this.#bytes > this.#maxLineBytes) {
      const read = Buffer.concat([...this.#parts, part]);
      this.#overflow = true;
      this.#head = read.subarray(0, KEPT_BYTES);
      this.#tail = lastBytes(read);
      this.#parts = [];
      return;
    }
    this.#parts.push(part);
  }

  #endLine(): void {
    const line = Buffer.concat(this.#parts).toString('utf8').replace(/\r$/, '');
    const overflow = this.#overflow;
    const id = overflow ? droppedId(this.#head.toString('utf8'), this.#tail.toString('utf8').replace(/\r$/, '')) : null;
    this.#parts = [];
    this.#bytes = 0;
    this.#overflow = false;
    this.#head = this.#tail = Buffer.alloc(0);
    try {
      const screened = overflow
        ? invalid(id, `the message exceeds the limit of ${this.#maxLineBytes} bytes`)
        : screenLine(line);
      if (screened === null) return;
      if ('answer' in screened) {
        // the screener's refusal answers this line only: a request passed on under the same id
        // is still waited for (so not through this.send, which settles the id it answers)
        super.send(screened.answer as JSONRPCMessage).catch((err: Error) => this.onerror?.(err));
      } else {
        const { message } = screened;
        if (isJSONRPCRequest(message)) this.#unanswered.set(message.id, (this.#unanswered.get(message.id) ?? 0) + 1);
        // the SDK sends no answer to a request the client cancelled (as MCP asks): none is waited for
        else if ('method' in message && message.method === 'notifications/cancelled')
          this.#settle(message.params?.requestId);
        if (isJSONRPCRequest(message)) {
          const repeated = argumentRepeatsIn(screened.body)(message.id);
          if (repeated.length > 0) this.#repeats.set(message.id, repeated);
        }
        this.onmessage?.(message);
      }
    } catch (err) {
      // as the SDK's reader does: reported out of band, the connection goes on
      this.onerror?.(err as Error);
    }
  }
}

/** The last KEPT_BYTES bytes of `bytes`. */
function lastBytes(bytes: Buffer): Buffer {
  return bytes.length > KEPT_BYTES ? bytes.subarray(bytes.length - KEPT_BYTES) : bytes;
}

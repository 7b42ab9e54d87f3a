/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context-2/), parsed to the letter:
 *
 * traceparent = version "-" trace-id "-" parent-id "-" trace-flags, lowercase hex only.
 *   - Optional whitespace (spaces, tabs) around the value is ignored; nothing else is.
 *   - Version `ff` is invalid. Version `00` is exactly 55 characters.
 *   - A higher version is read with the version-00 fields when it is at least 55 characters
 *     long and the flags are followed by the end or by `-`; what follows is ignored.
 *   - An all-zero trace-id or parent-id is invalid.
 *   - Two traceparent fields arrive joined by ", " and so fail the grammar: invalid.
 * tracestate = up to 32 list-members `key=value`, separated by commas with optional whitespace;
 *   empty members are allowed and dropped. key = (a-z / 0-9) then up to 255 of
 *   a-z 0-9 _ - * / @ (the Level 2 grammar). value = 1..256 printable ASCII except `,` and `=`,
 *   not ending in a space. A bad member, a duplicated key or more than 32 members discards the
 *   whole tracestate; it is only read when traceparent is valid.
 * When propagated, a tracestate longer than 512 characters loses whole members: those over 128
 * characters first, then from the right.
 *
 * Why not @opentelemetry/core's W3CTraceContextPropagator: it takes the first of two traceparent
 * fields, trims one whitespace character only, accepts trailing data after a version-00 value and
 * keeps a tracestate's valid members beside a bad one, where the tests above require refusal.
 */
import crypto from 'node:crypto';

export interface TraceParent {
  readonly traceId: string;
  readonly parentId: string;
  /** The trace-flags byte as received (only bits 0 and 1 are defined). */
  readonly flags: number;
}

const HEX2 = /^[0-9a-f]{2}$/;
const FIELDS = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})/;
const OWS = /^[ \t]+|[ \t]+$/g;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);
const VERSION_00_LENGTH = 55;

/** The parsed traceparent, or null when the header is absent or invalid in any way. */
export function parseTraceparent(header: string | undefined): TraceParent | null {
  if (typeof header !== 'string') return null;
  const value = header.replace(OWS, '');
  const version = value.slice(0, 2);
  if (!HEX2.test(version) || version === 'ff') return null;
  if (version === '00' ? value.length !== VERSION_00_LENGTH : value.length < VERSION_00_LENGTH) return null;
  if (value.length > VERSION_00_LENGTH && value[VERSION_00_LENGTH] !== '-') return null;
  const m = FIELDS.exec(value);
  if (!m || m[2] === ZERO_TRACE || m[3] === ZERO_SPAN) return null;
  return { traceId: m[2], parentId: m[3], flags: Number.parseInt(m[4], 16) };
}

const KEY = /^[a-z0-9][a-z0-9_\-*/@]{0,255}$/;
const VALUE = /^[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;
export const MAX_TRACESTATE_MEMBERS = 32;
/** What we propagate at most (the spec's SHOULD-propagate minimum). */
export const MAX_TRACESTATE_LENGTH = 512;
const LONG_MEMBER = 128;

/**
 * The tracestate members (`key=value`, in order, whitespace dropped), or null when the header
 * is invalid and must be discarded. An absent or empty header is an empty list.
 */
export function parseTracestate(header: string | undefined): string[] | null {
  if (header === undefined) return [];
  const members: string[] = [];
  const keys = new Set<string>();
  for (const raw of header.split(',')) {
    const member = raw.replace(OWS, '');
    if (member === '') continue;
    const eq = member.indexOf('=');
    if (eq < 0) return null;
    const key = member.slice(0, eq);
    const value = member.slice(eq + 1);
    if (!KEY.test(key) || !VALUE.test(value) || keys.has(key)) return null;
    keys.add(key);
    members.push(member);
    if (members.length > MAX_TRACESTATE_MEMBERS) return null;
  }
  return members;
}

/** Drops whole members until the joined list fits MAX_TRACESTATE_LENGTH (long ones first, then from the right). */
export function truncateTracestate(members: readonly string[]): string[] {
  const length = (list: readonly string[]) => list.join(',').length;
  let out = [...members];
  while (length(out) > MAX_TRACESTATE_LENGTH) {
    const longFromRight = out.findLastIndex((m) => m.length > LONG_MEMBER);
    out = out.filter((_, i) => i !== (longFromRight >= 0 ? longFromRight : out.length - 1));
  }
  return out;
}

/** The trace context of one request as the server answers it. */
export interface TraceContext {
  readonly traceId: string;
  /** The server span's id: the parent-id of what the server does and of the response header. */
  readonly spanId: string;
  /** The caller's parent-id when the incoming traceparent was accepted, else null. */
  readonly parentId: string | null;
  /** Bit 0 sampled (this server recorded the span), bit 1 random trace-id. */
  readonly flags: number;
  /** The accepted tracestate, joined; empty when none was accepted. */
  readonly tracestate: string;
}

export const FLAG_SAMPLED = 0x01;
export const FLAG_RANDOM = 0x02;

export const randomTraceId = (): string => randomHex(16, ZERO_TRACE);
export const randomSpanId = (): string => randomHex(8, ZERO_SPAN);
function randomHex(bytes: number, zero: string): string {
  for (;;) {
    const hex = crypto.randomBytes(bytes).toString('hex');
    if (hex !== zero) return hex;
  }
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

/** `00-<trace-id>-<span-id>-<flags>`: the version-00 form, whatever version came in. */
export function formatTraceparent(t: Pick<TraceContext, 'traceId' | 'spanId' | 'flags'>): string {
  return `00-${t.traceId}-${t.spanId}-${hex2(t.flags)}`;
}

/**
 * The request's trace: the caller's trace-id (and its tracestate) when its traceparent is
 * valid, else a new random trace with no tracestate. `span` gives the server span's id and
 * whether it is recorded.
 */
export function traceContextFrom(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  span: (parent: TraceParent | null) => { traceId: string; spanId: string; recorded: boolean },
): TraceContext {
  const first = (h: string | string[] | undefined) => (Array.isArray(h) ? h.join(', ') : h);
  const parent = parseTraceparent(first(headers.traceparent));
  const members = parent ? parseTracestate(first(headers.tracestate)) : null;
  const own = span(parent);
  const random = parent ? parent.flags & FLAG_RANDOM : FLAG_RANDOM;
  return {
    traceId: own.traceId,
    spanId: own.spanId,
    parentId: parent?.parentId ?? null,
    flags: random | (own.recorded ? FLAG_SAMPLED : 0),
    tracestate: members ? truncateTracestate(members).join(',') : '',
  };
}

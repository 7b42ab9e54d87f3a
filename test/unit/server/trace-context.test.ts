/**
 * W3C Trace Context, table-driven. The cases re-derive the W3C test suite's
 * (w3c/trace-context test/test.py) from the spec text, with the Level 2 tracestate key grammar:
 * `@` is an ordinary key character there, so the suite's older "vendor format" refusals
 * (foo@=1, foo@@bar=1, foo@bar@baz=1, a 242-character tenant) are valid keys here; `@foo`
 * and a 257-character key are still refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatTraceparent,
  parseTraceparent,
  parseTracestate,
  traceContextFrom,
  truncateTracestate,
} from '../../../service/trace-context.js';
import { type Running, startServer } from './support.js';

const T = '0af7651916cd43dd8448eb211c80319c';
const P = 'b7ad6b7169203331';
const ok = `00-${T}-${P}-01`;

describe('traceparent', () => {
  const valid: [string, string][] = [
    ['version 00, sampled', ok],
    ['version 00, not sampled', `00-${T}-${P}-00`],
    ['unknown flag bits are read', `00-${T}-${P}-ff`],
    ['future version, exactly 55 characters', `cc-${T}-${P}-01`],
    ['future version with more fields after a dash', `cc-${T}-${P}-01-what-the-future-will-be-like`],
    ['leading space', ` ${ok}`],
    ['leading tab', `\t${ok}`],
    ['trailing space', `${ok} `],
    ['trailing tab', `${ok}\t`],
    ['tab and space both sides', `\t ${ok} \t`],
  ];
  it.each(valid)('accepts: %s', (_name, header) => {
    expect(parseTraceparent(header)).toEqual({
      traceId: T,
      parentId: P,
      flags: Number.parseInt(header.trim().slice(53, 55), 16),
    });
  });

  const invalid: [string, string | undefined][] = [
    ['absent', undefined],
    ['empty', ''],
    ['version ff', `ff-${T}-${P}-01`],
    ['version 00 with a trailing dot', `${ok}.`],
    ['version 00 with more fields', `${ok}-what-the-future-will-be-like`],
    ['future version with a dot after the flags', `cc-${T}-${P}-01.what-the-future-will-be-like`],
    ['future version shorter than 55', `cc-${T}-${P}-1`],
    ['version with a dot first', `.0-${T}-${P}-01`],
    ['version with a dot second', `0.-${T}-${P}-01`],
    ['version of three digits', `000-${T}-${P}-01`],
    ['version of four digits', `0000-${T}-${P}-01`],
    ['version of one digit', `0-${T}-${P}-01`],
    ['uppercase version', `0A-${T}-${P}-01`],
    ['all-zero trace-id', `00-${'0'.repeat(32)}-${P}-01`],
    ['trace-id with a dot', `00-${T.slice(0, 31)}.-${P}-01`],
    ['trace-id with an uppercase letter', `00-${T.slice(0, 31)}A-${P}-01`],
    ['trace-id with a non-hex letter', `00-${T.slice(0, 31)}g-${P}-01`],
    ['trace-id too long', `00-${T}0-${P}-01`],
    ['trace-id too short', `00-${T.slice(1)}-${P}-01`],
    ['all-zero parent-id', `00-${T}-${'0'.repeat(16)}-01`],
    ['parent-id with a dot', `00-${T}-${P.slice(0, 15)}.-01`],
    ['parent-id with an uppercase letter', `00-${T}-${P.slice(0, 15)}F-01`],
    ['parent-id too long', `00-${T}-${P}0-01`],
    ['parent-id too short', `00-${T}-${P.slice(1)}-01`],
    ['flags with a dot first', `00-${T}-${P}-.0`],
    ['flags with a dot second', `00-${T}-${P}-0.`],
    ['flags uppercase', `00-${T}-${P}-0A`],
    ['flags too long', `00-${T}-${P}-001`],
    ['flags too short', `00-${T}-${P}-0`],
    ['two fields joined (a duplicated header)', `${ok}, ${ok}`],
    ['whitespace inside', `00-${T} -${P}-01`],
    ['a line feed around it', `\n${ok}`],
  ];
  it.each(invalid)('refuses: %s', (_name, header) => {
    expect(parseTraceparent(header)).toBeNull();
  });

  it('is emitted in the version-00 form', () => {
    expect(formatTraceparent({ traceId: T, spanId: P, flags: 3 })).toBe(`00-${T}-${P}-03`);
  });
});

describe('tracestate', () => {
  const allValueChars = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i))
    .filter((c) => c !== ',' && c !== '=')
    .join(''); // starts with a space (kept) and ends with '~'
  const members = (n: number) => Array.from({ length: n }, (_, i) => `bar${String(i + 1).padStart(2, '0')}=${i}`);
  const accepted: [string, string | undefined, string[]][] = [
    ['absent', undefined, []],
    ['empty', '', []],
    ['only whitespace and commas', ' , \t,', []],
    ['two members', 'foo=1,bar=2', ['foo=1', 'bar=2']],
    ['two header fields joined', 'foo=1, bar=2', ['foo=1', 'bar=2']],
    ['optional whitespace around members', 'foo=1 \t , \t bar=2, \t baz=3', ['foo=1', 'bar=2', 'baz=3']],
    ['tabs and spaces without spaces elsewhere', 'foo=1\t \t,\t \tbar=2,\t \tbaz=3', ['foo=1', 'bar=2', 'baz=3']],
    ['a trailing space', 'foo=1 ', ['foo=1']],
    ['a leading space in the value is kept', 'foo= 1', ['foo= 1']],
    [
      'every key character',
      'abcdefghijklmnopqrstuvwxyz0123456789_-*/@=1',
      ['abcdefghijklmnopqrstuvwxyz0123456789_-*/@=1'],
    ],
    ['every value character', `foo=${allValueChars}`, [`foo=${allValueChars}`]],
    ['a key starting with a digit', '1abc=1', ['1abc=1']],
    ['foo@ (Level 2 key)', 'foo@=1,bar=2', ['foo@=1', 'bar=2']],
    ['foo@@bar (Level 2 key)', 'foo@@bar=1,bar=2', ['foo@@bar=1', 'bar=2']],
    ['foo@bar@baz (Level 2 key)', 'foo@bar@baz=1,bar=2', ['foo@bar@baz=1', 'bar=2']],
    ['a 256-character key', `foo=1,${'z'.repeat(256)}=1`, ['foo=1', `${'z'.repeat(256)}=1`]],
    [
      'a 241@14 tenant key',
      `foo=1,${'t'.repeat(241)}@${'v'.repeat(14)}=1`,
      ['foo=1', `${'t'.repeat(241)}@${'v'.repeat(14)}=1`],
    ],
    ['a 242@1 key (Level 2)', `foo=1,${'t'.repeat(242)}@v=1`, ['foo=1', `${'t'.repeat(242)}@v=1`]],
    ['a 1@15 key (Level 2)', `foo=1,t@${'v'.repeat(15)}=1`, ['foo=1', `t@${'v'.repeat(15)}=1`]],
    ['a 256-character value', `foo=${'v'.repeat(256)}`, [`foo=${'v'.repeat(256)}`]],
    ['32 members', members(32).join(','), members(32)],
    ['32 members and empty ones', `${members(32).join(', ,')},`, members(32)],
  ];
  it.each(accepted)('accepts: %s', (_name, header, expected) => {
    expect(parseTracestate(header)).toEqual(expected);
  });

  const discarded: [string, string][] = [
    ['33 members', members(33).join(',')],
    ['a key with a space', 'foo =1'],
    ['an uppercase key', 'FOO=1'],
    ['a key with a dot', 'foo.bar=1'],
    ['a key starting with @', '@foo=1,bar=2'],
    ['a 257-character key', `foo=1,${'z'.repeat(257)}=1`],
    ['an empty key', '=1'],
    ['no equals sign', 'foo'],
    ['an equals sign in the value', 'foo=bar=baz'],
    ['an empty value', 'foo=,bar=3'],
    ['a 257-character value', `foo=${'v'.repeat(257)}`],
    ['a tab in the value', 'foo=a\tb'],
    ['a non-ASCII value', 'foo=caf\u00e9'],
    ['a duplicated key', 'foo=1,foo=1'],
    ['a duplicated key across joined fields', 'foo=1, foo=2'],
  ];
  it.each(discarded)('discards the whole header: %s', (_name, header) => {
    expect(parseTracestate(header)).toBeNull();
  });

  it('truncates whole members past 512 characters: long ones first, then from the right', () => {
    const long = `long=${'x'.repeat(200)}`;
    const short = Array.from({ length: 40 }, (_, i) => `k${i}=${'v'.repeat(10)}`);
    const out = truncateTracestate(['a=1', long, ...short]);
    expect(out).not.toContain(long);
    expect(out.join(',').length).toBeLessThanOrEqual(512);
    expect(out.slice(0, 3)).toEqual(['a=1', short[0], short[1]]);
    expect(out.at(-1)).toBe(short[out.length - 2]);
  });
});

describe('traceContextFrom', () => {
  const random = () => ({ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), recorded: false });
  const keepTrace = (parent: { traceId: string } | null) => ({
    ...random(),
    traceId: parent?.traceId ?? 'a'.repeat(32),
  });

  it('continues a valid trace with a new span, keeping the tracestate', () => {
    const t = traceContextFrom({ traceparent: ok, tracestate: 'foo=1' }, keepTrace);
    expect(t).toEqual({ traceId: T, spanId: 'b'.repeat(16), parentId: P, flags: 0, tracestate: 'foo=1' });
  });

  it('keeps the random-trace-id flag of the caller and sets sampled only when recorded', () => {
    const t = traceContextFrom({ traceparent: `00-${T}-${P}-03` }, (p) => ({ ...keepTrace(p), recorded: true }));
    expect(t.flags).toBe(3);
  });

  it('restarts an invalid trace: new ids, random flag, no tracestate (never parsed)', () => {
    const t = traceContextFrom({ traceparent: `00-${T.toUpperCase()}-${P}-01`, tracestate: 'foo=1' }, keepTrace);
    expect(t).toEqual({ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), parentId: null, flags: 2, tracestate: '' });
  });

  it('ignores a tracestate without a traceparent', () => {
    expect(traceContextFrom({ tracestate: 'foo=1' }, keepTrace).tracestate).toBe('');
  });

  it('keeps a valid traceparent when its tracestate is invalid', () => {
    const t = traceContextFrom({ traceparent: ok, tracestate: 'FOO=1' }, keepTrace);
    expect(t.traceId).toBe(T);
    expect(t.tracestate).toBe('');
  });
});

describe('trace headers over HTTP', () => {
  let s: Running;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.app.close());

  const tp = (res: Response) => res.headers.get('traceparent') ?? '';

  it.each(['/api/health', '/api/v1/health', '/api/v1/agent', '/no-such-route'])(
    '%s answers the server span: same trace-id, a new span id, server-timing and the tracestate',
    async (path) => {
      const res = await fetch(s.base + path, { headers: { traceparent: ok, tracestate: 'foo=1,bar=2' } });
      const [version, traceId, spanId, flags] = tp(res).split('-');
      expect([version, traceId, flags]).toEqual(['00', T, '00']);
      expect(spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(spanId).not.toBe(P);
      expect(res.headers.get('tracestate')).toBe('foo=1,bar=2');
      expect(res.headers.get('server-timing')).toMatch(new RegExp(`^trace;desc=${tp(res)}`));
      expect(res.headers.get('access-control-expose-headers')).toContain('traceparent, tracestate, server-timing');
    },
  );

  it('starts a new trace for an invalid traceparent and drops its tracestate', async () => {
    const res = await fetch(`${s.base}/api/health`, {
      headers: { traceparent: `ff-${T}-${P}-01`, tracestate: 'foo=1' },
    });
    expect(tp(res)).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-02$/);
    expect(tp(res)).not.toContain(T);
    expect(res.headers.get('tracestate')).toBeNull();
    const body = await res.json();
    expect(body.trace).toMatchObject({ traceparent: tp(res), tracestate: null, continued: false });
  });

  it('reads two tracestate header fields as one list, and refuses two traceparent fields', async () => {
    const res = await fetch(`${s.base}/api/health`, {
      headers: [
        ['traceparent', ok],
        ['tracestate', 'foo=1'],
        ['tracestate', 'bar=2'],
      ],
    });
    expect(res.headers.get('tracestate')).toBe('foo=1,bar=2');
    const twice = await fetch(`${s.base}/api/health`, {
      headers: [
        ['traceparent', ok],
        ['traceparent', ok],
      ],
    });
    expect(tp(twice)).not.toContain(T);
  });

  it('the health body carries the same context as the headers', async () => {
    const res = await fetch(`${s.base}/api/v1/health`, { headers: { TraceParent: ok } });
    const body = await res.json();
    expect(body.trace).toEqual({
      traceId: T,
      spanId: tp(res).split('-')[2],
      traceparent: tp(res),
      tracestate: null,
      continued: true,
    });
  });
});

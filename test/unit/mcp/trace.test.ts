/**
 * Tool executions as spans, exported over OTLP/HTTP (JSON) to a local receiver when a
 * platform key is set: one span per execution (batch elements included), parented by the
 * `_meta` traceparent when the call carries one (linked to the HTTP request span) or else by the
 * HTTP request span, the render's lifecycle spans as its children, the Auto Director evidence
 * on it; and the HTTP API's redaction (no image data, no key, no tracestate).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, startServer, testImage } from '../server/support.js';
import { call, rpc } from './support.js';

const KEY = 'pk_test_mcp_0123456789abcdef';
const HEADER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const META_TRACE = 'aaaabbbbccccddddeeeeffff00001111';
const META_PARENT = '1234567890abcdef';

interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  links?: { traceId: string; spanId: string }[];
  attributes: { key: string; value: Record<string, unknown> }[];
}

const received: string[] = [];
let receiver: http.Server;
let s: Running;
let png: string;

beforeAll(async () => {
  png = (await testImage(48, 32)).toString('base64');
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  s = await startServer({
    PLATFORM_API_KEY: KEY,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/traces`,
  });
  const args = { imageBase64: png, columns: 12, autoOptimize: 0 };
  const withMeta = {
    ...call('m', args),
    params: {
      ...call('m', args).params,
      _meta: { traceparent: `00-${META_TRACE}-${META_PARENT}-01`, tracestate: 'secret=state' },
    },
  };
  const headers = { traceparent: `00-${HEADER_TRACE}-00f067aa0ba902b7-01`, tracestate: 'vendor=caller-state' };
  await rpc(s.base, call('h', args), headers);
  await rpc(s.base, [withMeta, call('b', { ...args, columns: 9999 })], headers);
  await s.app.close(); // flushes the exporter
}, 60_000);
afterAll(() => receiver.close());

const spans = (): OtlpSpan[] =>
  received.flatMap((body) =>
    JSON.parse(body).resourceSpans.flatMap((rs: { scopeSpans: { spans: OtlpSpan[] }[] }) =>
      rs.scopeSpans.flatMap((ss) => ss.spans),
    ),
  );
const attr = (span: OtlpSpan | undefined, key: string) => {
  const v = span?.attributes.find((a) => a.key === key)?.value;
  return v && Object.values(v)[0];
};
const tools = () => spans().filter((x) => x.name === 'tools/call render_ascii');

describe('tool execution spans', () => {
  it('one span per tool execution, batch elements included', () => {
    expect(tools()).toHaveLength(3);
    expect(spans().filter((x) => x.name === 'POST /api/mcp')).toHaveLength(2);
  });

  it('without _meta, the tool span is a child of the HTTP request span, which continues the header trace', () => {
    const requests = spans().filter((x) => x.name === 'POST /api/mcp');
    expect(requests.every((r) => r.traceId === HEADER_TRACE)).toBe(true);
    const plain = tools().find((t) => t.traceId === HEADER_TRACE && requests.some((r) => r.spanId === t.parentSpanId));
    expect(plain).toBeDefined();
    expect(attr(plain, 'gen_ai.tool.name')).toBe('render_ascii');
    expect(attr(plain, 'mcp.method.name')).toBe('tools/call');
    const children = spans()
      .filter((x) => x.parentSpanId === plain?.spanId)
      .map((x) => x.name);
    expect(children).toEqual(['decode', 'plan', 'kernels', 'encode']);
    expect(attr(plain, 'glyphcast.director.status')).toMatch(/^(target_met|best_effort)$/);
    expect(attr(plain, 'glyphcast.director.rubric')).toBe('balanced');
  });

  it('_meta.traceparent parents the tool span; the span links to the HTTP request span', () => {
    const meta = tools().find((t) => t.traceId === META_TRACE);
    expect(meta?.parentSpanId).toBe(META_PARENT);
    const request = spans().find((x) => x.name === 'POST /api/mcp' && meta?.links?.[0]?.spanId === x.spanId);
    expect(request?.traceId).toBe(HEADER_TRACE);
  });

  it('a refused call is a span with its error code', () => {
    const refused = tools().find((t) => attr(t, 'error.type') === 'invalid_params');
    expect(refused).toBeDefined();
  });
});

describe('redaction', () => {
  const everything = () => received.join('\n');
  it('no image base64, no platform key, no tracestate', () => {
    expect(everything()).not.toContain(png.slice(0, 40));
    expect(everything()).not.toContain(KEY);
    expect(everything()).not.toContain('caller-state');
    expect(everything()).not.toContain('secret=state');
  });
});

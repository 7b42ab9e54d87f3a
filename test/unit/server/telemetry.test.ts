/**
 * The OpenTelemetry export of the render lifecycle, against a local OTLP/HTTP (JSON) receiver:
 * what arrives (the request span and its decode, plan, kernels, encode and fetch children,
 * continuing the caller's trace, authenticated with the platform key) and what never does
 * (image bytes or base64, URL paths and queries, the key, client addresses, tracestate).
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isPublicUnicast } from '../../../service/image-fetch.js';
import { sendsKeyInTheClear } from '../../../service/telemetry.js';
import { form, postJson, type Running, selfSigned, startServer, testImage } from './support.js';

const KEY = 'pk_test_d41d8cd98f00b204';
const T = '4bf92f3577b34da6a3ce929d0e0e4736';
const P = '00f067aa0ba902b7';
const SECRET_PATH = '/private/cat-photos/kitty.png';
const SECRET_QUERY = 'token=hunter2';

interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}

const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let receiver: http.Server;
let images: https.Server;
let s: Running;
let png: Buffer;
let responses: Response[] = [];

beforeAll(async () => {
  // the exporter reads the standard OTEL_* settings itself: this machine's (gzip, say) kept out
  for (const name of Object.keys(process.env)) if (name.startsWith('OTEL_')) vi.stubEnv(name, undefined);
  png = await testImage();
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const tls = selfSigned();
  images = https.createServer(tls, (_req, res) => res.writeHead(200).end(png));
  await new Promise<void>((r) => images.listen(0, '127.0.0.1', r));
  s = await startServer(
    {
      PLATFORM_API_KEY: KEY,
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/traces`,
      IMAGE_FETCH_ALLOWLIST: `images.test:${(images.address() as AddressInfo).port}`,
    },
    {
      imageFetch: {
        ca: tls.cert,
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
        isAllowedAddress: (a) => a === '127.0.0.1' || isPublicUnicast(a),
      },
    },
  );
  const port = (images.address() as AddressInfo).port;
  const traced = { traceparent: `00-${T}-${P}-01`, tracestate: 'vendor=opaque-caller-state' };
  responses = [
    await postJson(s.base, '/api/v1/render?columns=40', { imageBase64: png.toString('base64') }, traced),
    await fetch(`${s.base}/api/v1/render?format=json`, { method: 'POST', body: form(png) }),
    await postJson(s.base, '/api/v1/render', { imageUrl: `https://images.test:${port}${SECRET_PATH}?${SECRET_QUERY}` }),
    await postJson(s.base, '/api/v1/render', { imageBase64: png.toString('base64'), columns: 9999 }),
    await fetch(`${s.base}/api/health`, { headers: { authorization: `Bearer ${KEY}` } }),
  ];
  await s.app.close(); // flushes the exporter
}, 60_000);

afterAll(() => {
  receiver.close();
  images.closeAllConnections();
  images.close();
});

const spans = (): OtlpSpan[] =>
  received.flatMap((r) =>
    JSON.parse(r.body).resourceSpans.flatMap((rs: { scopeSpans: { spans: OtlpSpan[] }[] }) =>
      rs.scopeSpans.flatMap((ss) => ss.spans),
    ),
  );
const attr = (span: OtlpSpan, key: string) => {
  const v = span.attributes.find((a) => a.key === key)?.value;
  return v && Object.values(v)[0];
};

describe('what arrives', () => {
  it('is posted as OTLP JSON, authenticated with the platform key', () => {
    expect(received.length).toBeGreaterThan(0);
    for (const r of received) {
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    }
  });

  it('one server span per render, none for health', () => {
    const roots = spans().filter((x) => x.name === 'POST /api/v1/render');
    expect(roots).toHaveLength(4);
    expect(spans().some((x) => x.name.includes('health'))).toBe(false);
  });

  it("the first render continues the caller's trace, and its response names the exported span", () => {
    const root = spans().find((x) => x.traceId === T && x.name === 'POST /api/v1/render');
    expect(root?.parentSpanId).toBe(P);
    expect(responses[0].headers.get('traceparent')).toBe(`00-${T}-${root?.spanId}-01`);
    const children = spans()
      .filter((x) => x.parentSpanId === root?.spanId)
      .map((x) => x.name);
    expect(children).toEqual(['decode', 'plan', 'kernels', 'encode']);
    expect(attr(root as OtlpSpan, 'glyphcast.intake')).toBe('base64');
    expect(attr(root as OtlpSpan, 'http.response.status_code')).toBe(200);
  });

  it('a URL render has a fetch span and records the host only', () => {
    const root = spans().find((x) => attr(x, 'glyphcast.intake') === 'url');
    expect(attr(root as OtlpSpan, 'glyphcast.image_url.host')).toBe('images.test');
    const children = spans()
      .filter((x) => x.parentSpanId === root?.spanId)
      .map((x) => x.name);
    expect(children).toEqual(['fetch', 'decode', 'plan', 'kernels', 'encode']);
  });

  it('a refused render is exported with its status and error code', () => {
    const root = spans().find((x) => attr(x, 'error.type') === 'invalid_params');
    expect(attr(root as OtlpSpan, 'http.response.status_code')).toBe(400);
  });
});

describe('what never arrives', () => {
  const everything = () => received.map((r) => r.body).join('\n');
  it('no image bytes or base64', () => {
    const b64 = png.toString('base64');
    for (let i = 0; i + 24 <= b64.length; i += 24) expect(everything()).not.toContain(b64.slice(i, i + 24));
    expect(everything()).not.toContain(png.toString('hex').slice(0, 48));
  });
  it('no URL path or query', () => {
    expect(everything()).not.toContain('kitty');
    expect(everything()).not.toContain('hunter2');
    expect(everything()).not.toContain('private');
  });
  it('no key, no client address, no caller tracestate', () => {
    expect(everything()).not.toContain(KEY);
    expect(everything()).not.toContain('127.0.0.1');
    expect(everything()).not.toContain('opaque-caller-state');
  });
  it('only attributes of the documented set', async () => {
    const { SAFE_ATTRIBUTES } = await import('../../../service/telemetry.js');
    for (const span of spans()) for (const a of span.attributes) expect(SAFE_ATTRIBUTES.has(a.key)).toBe(true);
  });
});

describe('an export that would send the key in the clear', () => {
  it('is plain http to another machine; loopback and https are not', () => {
    expect(sendsKeyInTheClear('http://collector.internal:4318/v1/traces')).toBe(true);
    expect(sendsKeyInTheClear('http://10.0.0.5:4318/v1/traces')).toBe(true);
    for (const endpoint of [
      'https://collector.example/v1/traces',
      'http://localhost:4318/v1/traces',
      'http://127.0.0.1:4318/v1/traces',
      'http://[::1]:4318/v1/traces',
    ]) {
      expect(sendsKeyInTheClear(endpoint), endpoint).toBe(false);
    }
  });

  it('is warned of once, at start, in the log; a loopback collector is not', async () => {
    const logOf = async (endpoint: string) => {
      const log = new PassThrough();
      let text = '';
      log.on('data', (chunk) => {
        text += chunk;
      });
      const env = { PLATFORM_API_KEY: KEY, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint, LOG_LEVEL: 'warn' };
      const app = (await startServer(env, { logStream: log })).app;
      await app.close();
      return text;
    };
    const warned = await logOf('http://collector.internal:4318/v1/traces');
    expect(warned.match(/sends the platform key over plain http/g)).toHaveLength(1);
    expect(warned).not.toContain(KEY);
    expect(await logOf('http://127.0.0.1:1/v1/traces')).not.toContain('plain http');
  });
});

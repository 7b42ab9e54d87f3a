/**
 * Fuzzing the HTTP surface with fast-check: random methods, paths, content types, bodies (JSON
 * objects of real and bogus keys, raw bytes, hand-made multipart), query strings and trace and
 * auth headers. The server must never answer 500, every error must be the one error shape with
 * a documented code, it must still answer at the end, and its heap must not grow once warm.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARAMS } from '../../../engine/index.js';
import { ERROR_CODES } from '../../../service/errors.js';
import { validParamsArbitrary } from '../../support/params-arbitrary.js';
import { type Running, startServer, testImage } from './support.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let s: Running;
let png: Buffer;
beforeAll(async () => {
  s = await startServer({
    MAX_IMAGE_BYTES: '65536',
    PLATFORM_API_KEY: 'fuzz-key',
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:9/v1/traces',
  });
  png = await testImage(48, 32);
});
afterAll(() => s.app.close());

const names = [
  ...PARAMS.map((p) => p.name),
  'imageBase64',
  'imageUrl',
  'image',
  '__proto__',
  'constructor',
  'toString',
  'x',
];
const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 80,
});

function multipart(fields: Record<string, string>, file: Uint8Array | null, fileField: string): Buffer {
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--XX\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(`--XX\r\nContent-Disposition: form-data; name="${fileField}"; filename="f"\r\n\r\n`),
      Buffer.from(file),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from('--XX--\r\n'));
  return Buffer.concat(parts);
}

/**
 * Requests over the whole surface; `png` is a real image some of them carry. Renders that can
 * succeed are kept small (a narrow grid, no Auto Director search): the engine's speed is not
 * what is fuzzed here.
 */
function requests(png: Buffer) {
  const cheap = { columns: 12, autoOptimize: 0 };
  const anyValue = () =>
    fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
      fc.constant(png.toString('base64')),
      fc.constant(png.subarray(0, 40).toString('base64')),
      fc.constant('https://127.0.0.1/x.png'),
      fc.constant('https://example.com:99999/x'),
    );

  const jsonBody = fc.oneof(
    { weight: 3, arbitrary: fc.dictionary(fc.constantFrom(...names), anyValue(), { maxKeys: 6 }) },
    {
      weight: 3,
      arbitrary: validParamsArbitrary.map((p) => ({ ...p, ...cheap, imageBase64: png.toString('base64') })),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );

  const multipartBody = fc
    .tuple(
      fc.dictionary(fc.constantFrom(...names), printable, { maxKeys: 5 }),
      fc.oneof(fc.constant(null), fc.constant(new Uint8Array(png)), fc.uint8Array({ maxLength: 300 })),
      fc.constantFrom('image', 'file', 'image'),
      fc.boolean(),
    )
    .map(([fields, file, field, truncate]) => {
      const body = multipart({ columns: '12', autoOptimize: '0', ...fields }, file, field);
      return truncate ? body.subarray(0, Math.floor(body.length / 2)) : body;
    });

  const json = jsonBody.map((j) => Buffer.from(JSON.stringify(j) ?? 'null'));
  const anyBody = fc.oneof(json, fc.uint8Array({ maxLength: 600 }).map(Buffer.from), multipartBody);
  const anyType = fc.option(
    fc.constantFrom(
      'application/json',
      'multipart/form-data; boundary=XX',
      'multipart/form-data',
      'text/plain',
      'application/octet-stream',
      'application/json; charset=utf-16',
      'image/png',
    ),
    { nil: undefined },
  );
  const payload = fc.oneof(
    { weight: 5, arbitrary: json.map((body) => ({ contentType: 'application/json', body })) },
    { weight: 4, arbitrary: multipartBody.map((body) => ({ contentType: 'multipart/form-data; boundary=XX', body })) },
    { weight: 2, arbitrary: fc.record({ contentType: anyType, body: anyBody }) },
  );
  const target = fc.oneof(
    { weight: 8, arbitrary: fc.constant({ method: 'POST', path: '/api/v1/render' }) },
    {
      weight: 2,
      arbitrary: fc.record({
        method: fc.constantFrom('POST', 'GET', 'PUT', 'DELETE', 'PATCH'),
        path: fc.constantFrom(
          '/api/health',
          '/api/v1/a2v-handoff/status',
          '/api/v1/render/x',
          '/%7e',
          '/',
          '/api/v1/render',
        ),
      }),
    },
  );
  return fc
    .record({
      target,
      payload,
      query: fc.dictionary(fc.constantFrom(...names), printable, { maxKeys: 3 }),
      headers: fc.record(
        { traceparent: printable, tracestate: printable, authorization: printable, 'x-platform-api-key': printable },
        { requiredKeys: [] },
      ),
    })
    .map(({ target: t, payload: p, ...rest }) => ({ ...t, ...p, ...rest }));
}

type FuzzRequest = ReturnType<typeof requests> extends fc.Arbitrary<infer T> ? T : never;

async function exchange(r: FuzzRequest) {
  const qs = new URLSearchParams(r.query).toString();
  const hasBody = r.method !== 'GET';
  const res = await fetch(`${s.base}${r.path}${qs ? `?${qs}` : ''}`, {
    method: r.method,
    headers: { ...r.headers, ...(r.contentType ? { 'content-type': r.contentType } : {}) },
    body: hasBody ? new Uint8Array(r.body) : undefined,
  });
  const text = await res.text();
  expect(res.status, `${r.method} ${r.path} -> ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
  if (res.status >= 400) {
    const body = JSON.parse(text);
    expect(Object.keys(body)).toEqual(['error']);
    expect(Object.keys(ERROR_CODES)).toContain(body.error.code);
    expect(ERROR_CODES[body.error.code as keyof typeof ERROR_CODES][0]).toBe(res.status);
  }
}

describe('fuzzed requests', () => {
  it('never get a 500, always get the error shape, and leave the heap flat', async () => {
    await fc.assert(fc.asyncProperty(requests(png), exchange), { numRuns: 150, seed: 20261122 });
    gc();
    const warm = process.memoryUsage().heapUsed;
    await fc.assert(fc.asyncProperty(requests(png), exchange), { numRuns: 400 });
    gc();
    const growth = process.memoryUsage().heapUsed - warm;
    expect(growth).toBeLessThan(16 * 1024 * 1024);
    expect((await fetch(`${s.base}/api/health`)).status).toBe(200);
  });
});

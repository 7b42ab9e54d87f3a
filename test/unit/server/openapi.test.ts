/**
 * GET /api/openapi.json: valid OpenAPI 3.1 for an independent validator
 * (@seriousme/openapi-schema-validator), every registered route documented, every render
 * parameter with its range and default, and live responses of every route valid against the
 * document (ajv, JSON Schema 2020-12).
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, PARAMS } from '../../../engine/index.js';
import { ERROR_CODES } from '../../../service/errors.js';
import { PACKAGE_VERSION } from '../../support/version.js';
import { form, pngBomb, postJson, type Running, startServer, testImage } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: the test walks an arbitrary JSON document
type Json = Record<string, any>;
let s: Running;
let keyed: Running;
let doc: Json;
/** The document of the server with PLATFORM_API_KEY set, where the status check is protected. */
let keyedDoc: Json;
let png: Buffer;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

beforeAll(async () => {
  s = await startServer({ MAX_IMAGE_BYTES: '65536', MCP_MAX_BATCH: '5' });
  keyed = await startServer({
    PLATFORM_API_KEY: 'k',
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:9/v1/traces',
  });
  doc = await (await fetch(`${s.base}/api/openapi.json`)).json();
  ajv.addSchema(doc, 'openapi.json');
  keyedDoc = await (await fetch(`${keyed.base}/api/openapi.json`)).json();
  ajv.addSchema(keyedDoc, 'openapi-keyed.json');
  png = await testImage();
});
afterAll(() => Promise.all([s.app.close(), keyed.app.close()]));

/** The default server's document (conforms' parameter shadows the module's name). */
const docOf = () => doc;

/** The studio's static files (when dist/studio is built): pages, not API, so not documented. */
const isStudioFile = (route: string) => /^GET \/(index\.html|assets\/.*)?$/.test(route);

/** Every METHOD path the app serves (from Fastify's route tree), HEAD, OPTIONS and studio files aside. */
function registeredRoutes(): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of s.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    for (const method of m[3].split(', '))
      if (method !== 'HEAD' && method !== 'OPTIONS') out.push(`${method} ${stack.join('')}`);
  }
  return out.filter((route) => !isStudioFile(route)).sort();
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Validates a live response against the document: status, content type and body. */
async function conforms(res: Response, path: string, method = 'get', keyedServer = false): Promise<void> {
  const [doc, id] = keyedServer ? [keyedDoc, 'openapi-keyed.json'] : [docOf(), 'openapi.json'];
  const op = doc.paths[path]?.[method];
  expect(op, `${method} ${path} documented`).toBeDefined();
  let where = ['paths', path, method, 'responses', String(res.status)];
  let response = op.responses[String(res.status)];
  expect(response, `${method} ${path} documents ${res.status}`).toBeDefined();
  if (response.$ref) {
    where = response.$ref.slice(2).split('/');
    response = where.reduce((o: Json, k: string) => o[k], doc);
  }
  const type = (res.headers.get('content-type') ?? '').split(';')[0];
  expect(Object.keys(response.content), `${method} ${path} ${res.status} documents ${type}`).toContain(type);
  const text = await res.text();
  const body = type.includes('json') ? JSON.parse(text) : text;
  const validate = ajv.getSchema(`${id}#/${pointer(...where, 'content', type, 'schema')}`);
  expect(validate?.(body), JSON.stringify(validate?.errors?.slice(0, 3))).toBe(true);
  for (const name of Object.keys(response.headers ?? {})) {
    // sent only in some answers: an accepted tracestate, a 503, a 401, html and svg renders
    if (['tracestate', 'retry-after', 'www-authenticate', 'content-security-policy'].includes(name)) continue;
    expect(res.headers.get(name), `${method} ${path} ${res.status} header ${name}`).not.toBeNull();
  }
  // and the other way: every header of our own that the answer carries is documented
  const documented = Object.keys(response.headers ?? {});
  for (const name of res.headers.keys()) {
    if (HTTP_HEADERS.has(name)) continue;
    expect(documented, `${method} ${path} ${res.status} sends ${name}`).toContain(name);
  }
}

/** Headers of HTTP and CORS themselves, which the document does not list. */
const HTTP_HEADERS = new Set([
  'vary',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'cache-control',
  'connection',
  'content-length',
  'content-type',
  'date',
  'keep-alive',
  'transfer-encoding',
  'x-content-type-options',
]);

describe('the document', () => {
  it('is valid OpenAPI 3.1.0 for @seriousme/openapi-schema-validator', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe(PACKAGE_VERSION);
  });

  it('documents every registered route, and nothing that is not one', () => {
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops as Json).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(registeredRoutes());
  });

  it('documents every render parameter with its range and default', () => {
    const query = Object.fromEntries(
      doc.paths['/api/v1/render'].post.parameters
        .filter((p: Json) => p.in === 'query')
        .map((p: Json) => [p.name, p.schema]),
    );
    for (const p of PARAMS) {
      expect(query[p.name]?.default).toEqual(p.default);
      expect(query[p.name]?.description).toBe(p.description);
      if (p.kind.type === 'integer' || p.kind.type === 'number') {
        expect([query[p.name].minimum, query[p.name].maximum]).toEqual([p.kind.min, p.kind.max]);
      }
      if (p.kind.type === 'enum') expect(query[p.name].enum).toEqual(p.kind.values);
    }
  });

  it('bounds the /api/mcp batch by MCP_MAX_BATCH, in the request and in the answer', () => {
    const post = doc.paths['/api/mcp'].post;
    for (const body of [post.requestBody, post.responses['200']]) {
      const batch = body.content['application/json'].schema.oneOf.find((o: Json) => o.type === 'array');
      expect([batch.minItems, batch.maxItems]).toEqual([1, 5]);
    }
    expect(post.description).toContain('a batch of 1 to 5 messages');
  });

  it("says a request's id may not be null (the route refuses it) while an answer's may", async () => {
    const post = doc.paths['/api/mcp'].post;
    const idTypes = (body: Json) => body.content['application/json'].schema.oneOf[0].properties.id.type;
    expect(idTypes(post.requestBody)).toEqual(['string', 'integer']);
    expect(idTypes(post.responses['400'])).toEqual(['string', 'integer', 'null']);
    const res = await postJson(
      s.base,
      '/api/mcp',
      { jsonrpc: '2.0', id: null, method: 'ping' },
      {
        accept: 'application/json, text/event-stream',
      },
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error.code).toBe(-32600);
  });

  it('lists 408 and 431 on every operation: any request can get them before routing', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops as Json)) {
        expect(Object.keys(op.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['408', '431']));
      }
    }
    // answered on the socket: no trace headers
    expect(doc.components.responses.Error408.headers).toBeUndefined();
    expect(doc.components.responses.Error405.headers.allow).toEqual({ $ref: '#/components/headers/Allow' });
  });

  it('documents every error code in the error schema', () => {
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toEqual(Object.keys(ERROR_CODES));
  });
});

describe('live responses conform', () => {
  it.each([
    '/api/health',
    '/api/v1/health',
    '/api/v1/agent',
    '/api/v1/interoperability',
    '/api/openapi.json',
    '/llms.txt',
    '/llms-full.txt',
    '/api/v1/a2v-handoff',
    '/api/v1/a2v-handoff/status',
  ])('GET %s', async (path) => conforms(await fetch(s.base + path), path));

  it('POST /api/mcp: 200, 400 (invalid JSON) and 403 (foreign Origin); GET /api/mcp: 405', async () => {
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const headers = { accept: 'application/json, text/event-stream' };
    await conforms(await postJson(s.base, '/api/mcp', ping, headers), '/api/mcp', 'post');
    await conforms(await postJson(s.base, '/api/mcp', '{', headers), '/api/mcp', 'post');
    await conforms(
      await postJson(s.base, '/api/mcp', ping, { ...headers, origin: 'https://evil.example' }),
      '/api/mcp',
      'post',
    );
    await conforms(await fetch(`${s.base}/api/mcp`, { headers }), '/api/mcp', 'get');
  });

  it('GET /api/v1/a2v-handoff/status: 200 with the key and 401 without', async () => {
    const path = '/api/v1/a2v-handoff/status';
    await conforms(await fetch(keyed.base + path, { headers: { authorization: 'Bearer k' } }), path, 'get', true);
    await conforms(await fetch(keyed.base + path), path, 'get', true);
    // as served: protected only where a key is configured
    expect(keyedDoc.paths[path].get.security).toEqual([{ PlatformBearer: [] }, { PlatformHeader: [] }]);
    expect(doc.paths[path].get.security).toBeUndefined();
    expect(doc.paths[path].get.responses['401']).toBeUndefined();
  });

  it("the JSON render answer's discriminator maps each format value to the schema with that format", () => {
    const schema = doc.paths['/api/v1/render'].post.responses['200'].content['application/json'].schema;
    const { mapping } = schema.discriminator;
    expect(Object.keys(mapping).sort()).toEqual(['json', 'json-compact']);
    for (const [format, target] of Object.entries(mapping) as [string, string][]) {
      const named = target.split('/').reduce((o: Json, k: string) => (k === '#' ? o : o[k]), doc);
      expect(named.properties.format.const, target).toBe(format);
      expect(schema.oneOf).toContainEqual({ $ref: target });
    }
  });

  it.each(FORMATS)('POST /api/v1/render format=%s', async (format) => {
    await conforms(
      await fetch(`${s.base}/api/v1/render?format=${format}&color=true&columns=24&autoOptimize=0`, {
        method: 'POST',
        body: form(png),
      }),
      '/api/v1/render',
      'post',
    );
  });

  it.each([
    ['400 no_image', () => postJson(s.base, '/api/v1/render', {})],
    ['400 invalid_params', () => postJson(s.base, '/api/v1/render?columns=1', { imageBase64: png.toString('base64') })],
    ['413 image_pixels_exceeded', () => fetch(`${s.base}/api/v1/render`, { method: 'POST', body: form(pngBomb()) })],
    [
      '413 image_too_large',
      () => fetch(`${s.base}/api/v1/render`, { method: 'POST', body: form(Buffer.alloc(70000)) }),
    ],
    ['415 unsupported_media_type', () => fetch(`${s.base}/api/v1/render`, { method: 'POST', body: 'x' })],
    ['400 url_refused', () => postJson(s.base, '/api/v1/render', { imageUrl: 'http://x.example/a.png' })],
  ])('POST /api/v1/render %s', async (_name, send) => conforms(await send(), '/api/v1/render', 'post'));
});

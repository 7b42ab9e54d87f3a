/**
 * The platform key (SPEC 5) on the protected action GET /api/v1/a2v-handoff/status: both
 * schemes, wrong and missing keys, and the key never echoed anywhere.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentedKeys } from '../../../server/auth.js';
import { errorOf, form, type Running, rawRequest, startServer, testImage } from './support.js';

const KEY = 'pk_live_7f3a9c1e5b2d4086';
const STATUS = '/api/v1/a2v-handoff/status';
let keyed: Running;
let open: Running;
let sink: http.Server; // swallows the trace export of the keyed app

beforeAll(async () => {
  sink = http.createServer((req, res) => req.resume().on('end', () => res.end('{}')));
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
  const endpoint = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/v1/traces`;
  keyed = await startServer({
    PLATFORM_API_KEY: KEY,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint,
    RECEIVER_ORIGIN: 'https://receiver.example',
  });
  open = await startServer();
});
afterAll(async () => {
  await Promise.all([keyed.app.close(), open.app.close()]);
  sink.close();
});

const status = (headers: Record<string, string> = {}) => fetch(keyed.base + STATUS, { headers });

describe('a protected action with PLATFORM_API_KEY set', () => {
  it.each([
    ['Authorization: Bearer', { authorization: `Bearer ${KEY}` }],
    ['Authorization: bearer (scheme in any case)', { authorization: `bearer ${KEY}` }],
    ['X-Platform-API-Key', { 'x-platform-api-key': KEY }],
    ['both schemes with the same key', { authorization: `Bearer ${KEY}`, 'x-platform-api-key': KEY }],
    // another scheme's credentials (a proxy's Basic) present no platform key
    [
      'X-Platform-API-Key beside an Authorization of another scheme',
      { authorization: 'Basic dTpw', 'x-platform-api-key': KEY },
    ],
  ])('accepts %s', async (_name, headers) => {
    const res = await status(headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ authenticated: true, targetOrigin: 'https://receiver.example' });
  });

  it.each([
    ['a missing key', {}],
    // RFC 6750 3.1: no Bearer credentials (another scheme) is no authentication information
    ['another scheme only', { authorization: `Basic ${Buffer.from(`u:${KEY}`).toString('base64')}` }],
    ['a scheme that only starts like Bearer', { authorization: `Bearerx ${KEY}` }],
  ])('refuses %s: 401 with a Bearer challenge without an error code', async (_name, headers) => {
    const res = await status(headers);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="glyphcast"');
    const { status: code, body } = await errorOf(res);
    expect([code, body.error.code]).toEqual([401, 'unauthorized']);
    expect(body.error.message).toMatch(/^this action needs the platform key/);
  });

  it.each([
    ['a wrong bearer key', { authorization: `Bearer ${KEY}x` }],
    ['a wrong header key', { 'x-platform-api-key': KEY.slice(1) }],
    ['an empty header key', { 'x-platform-api-key': '' }],
    ['a bearer without a key', { authorization: 'Bearer' }],
    ['a right key with a wrong one', { authorization: `Bearer ${KEY}`, 'x-platform-api-key': 'nope' }],
  ])('refuses %s: 401 invalid_token', async (_name, headers) => {
    const res = await status(headers);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="glyphcast", error="invalid_token"');
    expect((await errorOf(res)).code).toBe('unauthorized');
  });

  it('says so when X-Platform-API-Key comes twice (Node joins the copies, so even the right key fails)', async () => {
    const answer = await rawRequest(keyed.base, STATUS, { headers: { 'x-platform-api-key': [KEY, KEY] } });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body).error.message).toMatch(/^the X-Platform-API-Key header is given more than once/);
    expect(answer.body).not.toContain(KEY);
  });

  it('the manifest says status checks are authenticated, with both schemes', async () => {
    const manifest = await (await fetch(`${keyed.base}/api/v1/a2v-handoff`)).json();
    expect(manifest.statusChecks).toEqual({ authenticated: true, schemes: ['PlatformBearer', 'PlatformHeader'] });
    expect(manifest.targetOrigin).toBe('https://receiver.example');
  });

  it('rendering stays public', async () => {
    const res = await fetch(`${keyed.base}/api/v1/render`, { method: 'POST', body: form(await testImage()) });
    expect(res.status).toBe(200);
  });

  it('never shows the key in any answer', async () => {
    const paths = ['/api/health', '/api/v1/agent', '/api/v1/interoperability', '/api/openapi.json', '/llms-full.txt'];
    for (const path of [...paths, STATUS]) {
      const res = await fetch(keyed.base + path, { headers: { authorization: `Bearer ${KEY}` } });
      const all = JSON.stringify([...res.headers]) + (await res.text());
      expect(all).not.toContain(KEY);
    }
  });
});

describe('the log, at its most verbose (LOG_LEVEL=trace)', () => {
  it('holds no header of a request, so never the key (@fastify/multipart logs its busboy options)', async () => {
    const log = new PassThrough();
    let text = '';
    log.on('data', (chunk) => {
      text += chunk;
    });
    const verbose = await startServer({ PLATFORM_API_KEY: KEY, LOG_LEVEL: 'trace' }, { logStream: log });
    try {
      const headers = { authorization: `Bearer ${KEY}`, 'x-platform-api-key': KEY, 'user-agent': 'agent-7d1' };
      const res = await fetch(`${verbose.base}/api/v1/render`, {
        method: 'POST',
        headers,
        body: form(await testImage()),
      });
      expect(res.status).toBe(200);
      expect(await fetch(verbose.base + STATUS, { headers }).then((r) => r.status)).toBe(200);
      expect(text).toContain('Providing options to busboy'); // the line that carried them is still written
      expect(text).not.toContain(KEY);
      expect(text).not.toContain('agent-7d1');
    } finally {
      await verbose.app.close();
    }
  });
});

describe('without PLATFORM_API_KEY', () => {
  it('status checks are open and the manifest says so', async () => {
    expect((await fetch(open.base + STATUS)).status).toBe(200);
    const manifest = await (await fetch(`${open.base}/api/v1/a2v-handoff`)).json();
    expect(manifest.statusChecks).toEqual({ authenticated: false, schemes: [] });
    expect(manifest.targetOrigin).toBeNull();
  });
});

describe('presentedKeys', () => {
  it('reads both schemes, treats a malformed Bearer as a wrong key and ignores other schemes', () => {
    expect(presentedKeys({ authorization: 'Bearer abc', 'x-platform-api-key': ' def ' })).toEqual(['abc', 'def']);
    expect(presentedKeys({ authorization: 'Bearer' })).toEqual(['']);
    expect(presentedKeys({ authorization: 'bearer a b' })).toEqual(['']);
    expect(presentedKeys({ authorization: 'Token abc' })).toEqual([]);
    expect(presentedKeys({ authorization: 'Bearerx abc', 'x-platform-api-key': 'k' })).toEqual(['k']);
    expect(presentedKeys({})).toEqual([]);
  });
});

/**
 * Health, discovery documents, CORS and the studio over real HTTP.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_INFO, FORMATS } from '../../../engine/index.js';
import { studioRoutes } from '../../../server/routes/studio.js';
import { PACKAGE_VERSION } from '../../support/version.js';
import { type Running, rawRequest, startServer } from './support.js';

let s: Running;
beforeAll(async () => {
  s = await startServer({ MCP_MAX_BATCH: '5', RECEIVER_ORIGIN: 'https://receiver.example' });
});
afterAll(() => s.app.close());

const get = async (p: string, headers: Record<string, string> = {}) => {
  const res = await fetch(s.base + p, { headers });
  return { res, text: await res.text() };
};

describe('GET /api/health and /api/v1/health', () => {
  it('answer the same envelope: status, name, version, uptime, capabilities, formats, pool, trace', async () => {
    const a = JSON.parse((await get('/api/health')).text);
    const b = JSON.parse((await get('/api/v1/health')).text);
    expect({ ...a, trace: null, uptimeSeconds: 0 }).toEqual({ ...b, trace: null, uptimeSeconds: 0 });
    expect(a).toMatchObject({
      status: 'ok',
      service: 'glyphcast',
      version: PACKAGE_VERSION,
      uptimeSeconds: expect.any(Number),
    });
    expect(a.capabilities).toEqual({
      color: true,
      edgeDetection: true,
      dithering: 'floyd-steinberg',
      luminance: 'linear-light-rec709',
      streaming: {
        supported: true,
        browserOnly: true,
        sources: ['webcam', 'video'],
        temporalFilter: 'bayesian-adaptive',
      },
    });
    expect(a.formats.map((f: { id: string }) => f.id)).toEqual([...FORMATS]);
    // no allowlist on this server: imageUrl renders nowhere
    expect(a.imageUrl).toEqual({ enabled: false });
    for (const f of a.formats) expect(f).toMatchObject(FORMAT_INFO[f.id as keyof typeof FORMAT_INFO]);
    expect(a.formats.find((f: { id: string }) => f.id === 'json-compact').chromaEncoding).toBe('rgb24-b64-v1');
    expect(a.renderPool).toEqual({ workers: 1, running: 0, queued: 0, queueLimit: 8 });
  });

  it('are not cached and answer HEAD', async () => {
    const res = await fetch(`${s.base}/api/health`, { method: 'HEAD' });
    expect(res.status).toBe(200);
  });
});

describe('CORS', () => {
  it('answers a preflight for any path with the methods and request headers the API reads', async () => {
    const res = await fetch(`${s.base}/api/v1/render`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toContain('traceparent');
  });
});

describe('discovery documents', () => {
  it('the agent manifest uses the A2A card vocabulary: interfaces REST, OpenAPI, MCP; skill render_ascii; schemes', async () => {
    const card = JSON.parse((await get('/api/v1/agent')).text);
    expect(card).toMatchObject({ name: 'glyphcast', version: PACKAGE_VERSION, securityRequirements: [] });
    expect(
      card.supportedInterfaces.map((i: { protocolBinding: string; url: string }) => [i.protocolBinding, i.url]),
    ).toEqual([
      ['REST', `${s.base}/api/v1/render`],
      ['OpenAPI', `${s.base}/api/openapi.json`],
      ['MCP', `${s.base}/api/mcp`],
    ]);
    expect(card.skills.map((k: { id: string }) => k.id)).toEqual(['render_ascii']);
    expect(Object.keys(card.securitySchemes)).toEqual(['PlatformBearer', 'PlatformHeader']);
    expect(card.defaultOutputModes).toEqual(['text/plain', 'text/html', 'application/json', 'image/svg+xml']);
    expect(card.skills[0].inputModes).toEqual(expect.arrayContaining(['application/json', 'multipart/form-data']));
  });

  it('the agent manifest offers imageUrl, and a URL example, only when a host may be fetched', async () => {
    const closed = JSON.parse((await get('/api/v1/agent')).text).skills[0];
    expect(closed.description).toContain('`imageUrl` is off on this server');
    expect(closed.examples.join(' ')).not.toMatch(/https:/);
    const open = await startServer({ IMAGE_FETCH_ALLOWLIST: 'images.example.org' });
    const skill = (await (await fetch(`${open.base}/api/v1/agent`)).json()).skills[0];
    await open.app.close();
    expect(skill.description).toContain('HTTPS `imageUrl` from the allowed hosts');
    expect(skill.examples).toContain(
      'Turn the image at https://images.example.org/photo.jpg into truecolor ANSI art with edges',
    );
    // the example names a host the fetch reaches: not localhost, not an IP literal
    const local = await startServer({ IMAGE_FETCH_ALLOWLIST: 'localhost:8443,10.0.0.7,cdn.example.net' });
    const localSkill = (await (await fetch(`${local.base}/api/v1/agent`)).json()).skills[0];
    const literal = await startServer({ IMAGE_FETCH_ALLOWLIST: '127.0.0.1' });
    const literalSkill = (await (await fetch(`${literal.base}/api/v1/agent`)).json()).skills[0];
    await Promise.all([local.app.close(), literal.app.close()]);
    expect(localSkill.examples.join(' ')).toContain('https://cdn.example.net/photo.jpg');
    expect(literalSkill.examples.join(' ')).not.toMatch(/https:/);
    expect(literalSkill.description).toContain('HTTPS `imageUrl` from the allowed hosts');
  });

  it('the agent manifest states the capabilities of SPEC 2.4 and links the other discovery documents (SPEC 4)', async () => {
    const card = JSON.parse((await get('/api/v1/agent')).text);
    const health = JSON.parse((await get('/api/health')).text);
    expect(card.serviceCapabilities).toEqual(health.capabilities);
    expect(card.discoveryDocuments).toEqual({
      llmsTxt: `${s.base}/llms.txt`,
      llmsFullTxt: `${s.base}/llms-full.txt`,
      interoperability: `${s.base}/api/v1/interoperability`,
      health: `${s.base}/api/health`,
      handoff: `${s.base}/api/v1/a2v-handoff`,
    });
    for (const url of Object.values(card.discoveryDocuments) as string[]) expect((await fetch(url)).status).toBe(200);
  });

  it('the interoperability document states protocols, limits and the MCP batch bound', async () => {
    const doc = JSON.parse((await get('/api/v1/interoperability')).text);
    expect(doc.version).toBe(PACKAGE_VERSION);
    expect(doc.batch).toEqual({ mcpMaxBatch: 5 });
    const mcp = doc.protocols.find((p: { name: string }) => p.name === 'Model Context Protocol');
    expect(mcp).toMatchObject({
      status: 'available',
      version: '2026-07-28',
      url: `${s.base}/api/mcp`,
      tools: ['render_ascii'],
      batch: { maxCalls: 5 },
    });
    expect(doc.limits).toMatchObject({
      maxImageBytes: 20 * 1024 * 1024,
      maxImagePixels: 40_000_000,
      columns: { min: 8, max: 400 },
    });
    expect(doc.errors.find((e: { code: string }) => e.code === 'overloaded').status).toBe(503);
  });

  it('the multipart limits it publishes are the ones in force', async () => {
    const { multipart } = JSON.parse((await get('/api/v1/interoperability')).text).limits;
    expect(multipart).toEqual({ maxFields: 64, maxFieldBytes: 256 });
    const post = async (fields: number, bytes: number) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(8)]), 'x.png');
      form.append('monoColor', '#fff'.padEnd(bytes));
      for (let i = 1; i < fields; i++) form.append(`f${i}`, '1');
      const res = await fetch(`${s.base}/api/v1/render`, { method: 'POST', body: form });
      return (await res.json()).error.code;
    };
    expect(await post(multipart.maxFields, 4)).toBe('invalid_params');
    expect(await post(multipart.maxFields + 1, 4)).toBe('bad_request');
    expect(await post(1, multipart.maxFieldBytes)).toBe('not_an_image');
    expect(await post(1, multipart.maxFieldBytes + 1)).toBe('invalid_params');
  });

  it('the handoff manifest publishes SPEC 4.3', async () => {
    const m = JSON.parse((await get('/api/v1/a2v-handoff')).text);
    expect(m).toMatchObject({
      protocol: 'platform.handoff.v1',
      version: PACKAGE_VERSION,
      transport: 'window.postMessage',
      targetOrigin: 'https://receiver.example',
      modes: ['latest-frame', 'webcam-stream', 'video-stream'],
      launchUrlTemplate: expect.stringContaining('{receiver_origin}/?handoff='),
      statusChecks: { authenticated: false, schemes: [] },
    });
    expect(Object.keys(m.messages)).toEqual(['frame', 'ack', 'ready']);
  });

  it('llms.txt follows llmstxt.org: a title, a summary, link sections, Optional last', async () => {
    const { res, text } = await get('/llms.txt');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = text.split('\n');
    expect(lines[0]).toBe('# glyphcast');
    expect(lines[2]).toMatch(/^> /);
    const sections = lines.filter((l) => l.startsWith('## '));
    expect(sections.at(-1)).toBe('## Optional');
    for (const l of lines.filter((x) => x.startsWith('- '))) expect(l).toMatch(/^- \[[^\]]+\]\(http[^)]+\)(: .+)?$/);
  });

  it('llms-full.txt inlines every parameter, format and error code', async () => {
    const { text } = await get('/llms-full.txt');
    for (const name of ['columns', 'monoColor', 'json-compact', 'url_refused', 'image_pixels_exceeded']) {
      expect(text).toContain(`\`${name}\``);
    }
    // a backslash in a cell is escaped, so Markdown shows it (structure's glyphs)
    expect(text).toContain('- / \\| \\\\ by the angle');
  });

  it('PUBLIC_BASE_URL fixes the absolute addresses; an odd Host header never reaches them', async () => {
    const other = await startServer({ PUBLIC_BASE_URL: 'https://ascii.example' });
    const fixed = await fetch(`${other.base}/api/v1/agent`);
    const card = await fixed.json();
    expect(card.supportedInterfaces[0].url).toBe('https://ascii.example/api/v1/render');
    // the same document for every Host: shared caches need not key on it
    expect(fixed.headers.get('vary')).toBeNull();
    await other.app.close();
    // built from the Host header, each discovery document says so to shared caches
    for (const path of [
      '/api/v1/agent',
      '/api/v1/interoperability',
      '/api/openapi.json',
      '/llms.txt',
      '/llms-full.txt',
    ]) {
      const res = await fetch(s.base + path);
      expect([path, res.headers.get('vary'), res.headers.get('cache-control')]).toEqual([
        path,
        'Host',
        'public, max-age=300',
      ]);
    }
    const { body } = await rawRequest(s.base, '/api/v1/agent', { headers: { host: 'x"><script>' } });
    expect(JSON.parse(body).supportedInterfaces[0].url).toBe('http://localhost/api/v1/render');
  });
});

describe('the studio at /', () => {
  it('serves index.html uncached and hashed assets for a year', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-studio-'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>studio</title>');
    fs.writeFileSync(path.join(root, 'assets', 'main-abc123.js'), 'export {}');
    const app = Fastify();
    await app.register(studioRoutes, { root });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const index = await fetch(`${base}/`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('<title>studio</title>');
    const asset = await fetch(`${base}/assets/main-abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await app.close();
    fs.rmSync(root, { recursive: true });
  });

  it('may not be framed by another site (its handoff and webcam buttons could be dressed as theirs), nor run foreign script', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-studio-'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>studio</title>');
    const app = Fastify();
    await app.register(studioRoutes, { root });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const index = await fetch(`${base}/`);
    expect(index.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(index.headers.get('content-security-policy')).toContain("object-src 'none'");
    // scripts and requests of its own origin only: no inline or eval'd script, nothing sent elsewhere
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(index.headers.get('content-security-policy')).toContain("connect-src 'self';");
    expect(index.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(index.headers.get('referrer-policy')).toBe('no-referrer');
    await app.close();
    fs.rmSync(root, { recursive: true });
  });
});

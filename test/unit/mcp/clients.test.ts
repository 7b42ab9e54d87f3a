/**
 * /api/mcp with the SDK's own clients of both eras, against a real server on 127.0.0.1:
 * the v1 `@modelcontextprotocol/sdk` client (2025-11-25: initialize, ping, tools/list,
 * tools/call) and the v2 `@modelcontextprotocol/client` negotiating 2026-07-28
 * (server/discover, per-request `_meta`, Mcp-Method/Mcp-Name headers).
 *
 * The tool's schema is the engine's params schema plus the image keys; a render of a dev-corpus
 * image equals the HTTP API's body for the same parameters; every refusal is an isError result
 * whose text is the HTTP API's error body for the same input.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Client as ModernClient } from '@modelcontextprotocol/client';
import type { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paramsJsonSchema } from '../../../engine/index.js';
import { DEV_DIR } from '../../support/corpus.js';
import { PACKAGE_VERSION } from '../../support/version.js';
import { postJson, type Running, startServer, testImage } from '../server/support.js';
import { legacyClient, modernClient, textOf } from './support.js';

const SMARTIES = fs.readFileSync(path.join(DEV_DIR, 'bright_smarties.png')).toString('base64');
let s: Running;
let small: Running;
let v1: LegacyClient;
let v2: ModernClient;
let png: string;

beforeAll(async () => {
  s = await startServer();
  small = await startServer({ MAX_IMAGE_BYTES: '2048' });
  png = (await testImage(48, 32)).toString('base64');
  v1 = await legacyClient(s.base);
  v2 = await modernClient(s.base);
}, 30_000);
afterAll(async () => {
  await Promise.all([v1?.close(), v2?.close()]);
  await Promise.all([s.app.close(), small.app.close()]);
});

const eras = () =>
  [
    ['v1 client, 2025-11-25', v1],
    ['v2 client, 2026-07-28', v2],
  ] as const;

/** What POST /api/v1/render answers for the same arguments: status and body text. */
async function httpRender(base: string, args: Record<string, unknown>) {
  const res = await postJson(base, '/api/v1/render', args);
  return { status: res.status, text: await res.text() };
}

describe('discovery', () => {
  it('the v1 client initializes with the 2025-11-25 revision and reads the server info', () => {
    expect(v1.getServerVersion()).toMatchObject({ name: 'glyphcast', version: PACKAGE_VERSION });
    expect(v1.getServerCapabilities()?.tools).toEqual({ listChanged: false });
    expect(v1.getInstructions()).toContain('render_ascii');
  });

  it('the v2 client negotiates 2026-07-28 through server/discover', async () => {
    expect(v2.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const found = await v2.discover();
    expect(found.supportedVersions).toContain('2026-07-28');
    expect(found.capabilities.tools).toBeDefined();
    expect(v2.getServerVersion()).toMatchObject({ name: 'glyphcast', version: PACKAGE_VERSION });
  });

  it('ping answers the v1 client', async () => {
    await expect(v1.ping()).resolves.toEqual({});
  });
});

describe('tools/list', () => {
  it.each([0, 1])('lists the one tool with the params schema plus the image keys (era %i)', async (i) => {
    const [, client] = eras()[i];
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['render_ascii']);
    const [tool] = tools;
    const { imageBase64, imageUrl, ...params } = tool.inputSchema.properties as Record<string, unknown>;
    expect(params).toEqual((paramsJsonSchema() as { properties: unknown }).properties);
    expect(imageBase64).toMatchObject({ type: 'string' });
    expect(imageUrl).toMatchObject({ type: 'string', format: 'uri' });
    expect(tool.inputSchema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      oneOf: [{ required: ['imageBase64'] }, { required: ['imageUrl'] }],
    });
    expect(tool.title).toBe('Render an image as ASCII art');
    expect(tool.description).toMatch(/columns x \(image height \/ width\) x 0\.5 rows/);
    expect(tool.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
    expect(Object.keys(tool.outputSchema?.properties ?? {})).toEqual([
      'columns',
      'rows',
      'format',
      'contentType',
      'output',
      'lines',
      'chroma',
      'evidence',
      'timings',
    ]);
  });

  it('without an allowlist, the description and the imageUrl property say imageUrl is off here', async () => {
    const [tool] = (await eras()[0][1].listTools()).tools;
    expect(tool.description).toContain(
      'Give exactly one image source: imageBase64 (base64 bytes, a data: URL prefix is allowed); imageUrl is off on this server',
    );
    const { imageUrl } = tool.inputSchema.properties as Record<string, { description: string }>;
    expect(imageUrl.description).toMatch(/^Off on this server/);
  });

  it('openWorldHint is true when imageUrl can fetch (an allowlist is configured), and imageUrl is offered', async () => {
    const open = await startServer({ IMAGE_FETCH_ALLOWLIST: 'images.example' });
    const client = await legacyClient(open.base);
    const { tools } = await client.listTools();
    expect(tools[0].annotations?.openWorldHint).toBe(true);
    expect(tools[0].description).toContain('or imageUrl (https, on a host the server allowlists)');
    const { imageUrl } = tools[0].inputSchema.properties as Record<string, { description: string }>;
    expect(imageUrl.description).toMatch(/^An https URL of the image on an allowlisted host/);
    await client.close();
    await open.app.close();
  });
});

describe('tools/call renders what the HTTP API renders', () => {
  it.each([0, 1])('a dev-corpus image, Auto Director on: output, lines and evidence (era %i)', async (i) => {
    const [, client] = eras()[i];
    const args = { imageBase64: SMARTIES, columns: 48 };
    const result = await client.callTool({ name: 'render_ascii', arguments: args });
    const http = await httpRender(s.base, args);
    expect(result.isError).toBeFalsy();
    const out = result.structuredContent as Record<string, unknown> & { evidence: { director: { status: string } } };
    expect(out.output).toBe(http.text);
    expect(out).toMatchObject({ columns: 48, format: 'text', contentType: 'text/plain; charset=utf-8', chroma: null });
    expect(out.lines).toEqual(http.text.replace(/\n$/, '').split('\n'));
    expect((out.lines as string[]).length).toBe(out.rows);
    expect(['target_met', 'best_effort']).toContain(out.evidence.director.status);
    expect(Object.keys(out.timings as object)).toEqual(expect.arrayContaining(['decode', 'plan', 'kernels', 'encode']));
    expect(JSON.parse(textOf(result))).toEqual(out);
  });

  it('json-compact with color carries the chroma of the HTTP body', async () => {
    const args = { imageBase64: png, columns: 16, format: 'json-compact', color: true, autoOptimize: 0 };
    const result = await v2.callTool({ name: 'render_ascii', arguments: args });
    const http = JSON.parse((await httpRender(s.base, args)).text);
    const out = result.structuredContent as { chroma: unknown; lines: unknown; evidence: { director: unknown } };
    expect(out.chroma).toEqual({ encoding: 'rgb24-b64-v1', data: http.chroma.data });
    expect(out.lines).toBeNull();
    expect(out.evidence.director).toMatchObject({ autoOptimize: 0, changes: [] });
  });
});

describe('errors', () => {
  it.each([0, 1])('an unknown tool is a JSON-RPC -32602 error (era %i)', async (i) => {
    const [, client] = eras()[i];
    await expect(client.callTool({ name: 'render_png', arguments: {} })).rejects.toMatchObject({ code: -32602 });
  });

  const cases: [string, Record<string, unknown>, string, boolean?][] = [
    ['no image', { columns: 40 }, 'no_image'],
    ['two image sources', { imageBase64: 'AAAA', imageUrl: 'https://images.example/a.png' }, 'multiple_images'],
    ['columns out of range', { columns: 2 }, 'invalid_params'],
    ['an unknown parameter', { width: 80 }, 'invalid_params'],
    ['an imageUrl that is not https', { imageUrl: 'http://images.example/a.png' }, 'url_refused'],
    ['an imageUrl on a host not allowlisted', { imageUrl: 'https://images.example/a.png' }, 'url_refused'],
    ['an image over MAX_IMAGE_BYTES', {}, 'image_too_large', true],
    [
      'bytes that are not an image',
      { imageBase64: Buffer.from('hello, not a png').toString('base64') },
      'not_an_image',
    ],
  ];
  it.each(cases)('%s: isError with the HTTP API error body', async (_name, extra, code, oversized) => {
    const base = oversized ? small.base : s.base;
    const args = oversized
      ? { imageBase64: (await testImage(96, 64)).toString('base64') }
      : { ...(extra.columns !== undefined || extra.width !== undefined ? { imageBase64: png } : {}), ...extra };
    if (code === 'no_image') delete args.imageBase64;
    const client = oversized ? await legacyClient(base) : v1;
    const result = await client.callTool({ name: 'render_ascii', arguments: args });
    if (oversized) await client.close();
    const http = await httpRender(base, args);
    expect(result.isError).toBe(true);
    expect(http.status).toBeGreaterThanOrEqual(400);
    const body = JSON.parse(textOf(result));
    expect(body.error.code).toBe(code);
    if (code === 'no_image') {
      // the same error, in words for a tool call: no multipart file field here
      expect(body.error.message).toBe('no image: give the argument imageBase64 or imageUrl');
      expect(JSON.parse(http.text).error.code).toBe(code);
    } else {
      expect(body).toEqual(JSON.parse(http.text));
    }
  });
});

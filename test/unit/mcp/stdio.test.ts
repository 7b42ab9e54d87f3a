/**
 * `glyphcast-mcp`, the stdio entry, spawned from the sources and driven by the SDK's stdio
 * clients of both eras: the same tool as /api/mcp, and `imagePath` only with `--root`, only
 * inside that folder (no `..`, no symbolic link out of it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../support/cli.js';
import { testImage } from '../server/support.js';
import { textOf } from './support.js';

const ENTRY = path.join(ROOT, 'bin', 'glyphcast-mcp.ts');
const serverArgs = (...args: string[]) => ({
  command: process.execPath,
  args: ['--import', 'tsx', ENTRY, ...args],
  cwd: ROOT,
  env: { PATH: process.env.PATH ?? '', RENDER_WORKERS: '1' },
  stderr: 'pipe' as const,
});

let dir: string;
let root: string;
let png: Buffer;
let rooted: LegacyClient;
let plain: ModernClient;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-mcp-'));
  root = path.join(dir, 'root');
  fs.mkdirSync(path.join(root, 'pics'), { recursive: true });
  png = await testImage(48, 32);
  fs.writeFileSync(path.join(root, 'pics', 'a.png'), png);
  fs.writeFileSync(path.join(dir, 'secret.png'), png);
  fs.symlinkSync(path.join(dir, 'secret.png'), path.join(root, 'link.png'));
  rooted = new LegacyClient({ name: 'stdio-v1', version: '1.0.0' });
  await rooted.connect(new LegacyStdio(serverArgs('--root', root)));
  plain = new ModernClient({ name: 'stdio-v2', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await plain.connect(new ModernStdio(serverArgs()));
}, 60_000);
afterAll(async () => {
  await Promise.all([rooted?.close(), plain?.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

const args = { columns: 16, autoOptimize: 0 };

describe('glyphcast-mcp over stdio', () => {
  it('serves both eras: the v2 client negotiates 2026-07-28, the v1 client 2025-11-25', async () => {
    expect(plain.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(rooted.getServerVersion()?.name).toBe('glyphcast');
  });

  it('without --root the tool has no imagePath and refuses one', async () => {
    const { tools } = await plain.listTools();
    expect(Object.keys(tools[0].inputSchema.properties ?? {})).not.toContain('imagePath');
    const result = await plain.callTool({ name: 'render_ascii', arguments: { imagePath: 'pics/a.png', ...args } });
    expect(result.isError).toBe(true);
    expect(JSON.parse(textOf(result)).error).toMatchObject({ code: 'invalid_image_source', message: /--root/ });
  });

  it('with --root, imagePath inside the folder renders what imageBase64 renders', async () => {
    const { tools } = await rooted.listTools();
    expect(tools[0].inputSchema.oneOf).toContainEqual({ required: ['imagePath'] });
    const byPath = await rooted.callTool({ name: 'render_ascii', arguments: { imagePath: 'pics/a.png', ...args } });
    const byBytes = await plain.callTool({
      name: 'render_ascii',
      arguments: { imageBase64: png.toString('base64'), ...args },
    });
    expect(byPath.isError).toBeFalsy();
    expect((byPath.structuredContent as { output: string }).output).toBe(
      (byBytes.structuredContent as { output: string }).output,
    );
  });

  it.each([
    ['a path out through ..', '../secret.png', /outside the root folder/],
    ['an absolute path elsewhere', '/etc/hostname', /outside the root folder|does not exist/],
    ['a symbolic link out of the root', 'link.png', /outside the root folder/],
    ['a missing file', 'pics/none.png', /does not exist/],
    ['a folder', 'pics', /not a file/],
  ])('refuses %s', async (_name, imagePath, message) => {
    const result = await rooted.callTool({ name: 'render_ascii', arguments: { imagePath, ...args } });
    expect(result.isError).toBe(true);
    const { error } = JSON.parse(textOf(result));
    expect(error.code).toBe('invalid_image_source');
    expect(error.message).toMatch(message);
  });
});

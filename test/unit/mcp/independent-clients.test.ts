/**
 * Independent clients against a real /api/mcp: the MCP Inspector CLI in both protocol eras
 * (`--protocol-era legacy` initializes with 2025-11-25, `modern` pins 2026-07-28), listing and
 * calling the tool. (The official conformance suite needs Node >= 22: it is the opt-in
 * `npm run test:conformance`, scripts/mcp-conformance.ts.)
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, startServer, testImage } from '../server/support.js';

const require = createRequire(import.meta.url);
const INSPECTOR = require.resolve('@modelcontextprotocol/inspector/package.json').replace(/package\.json$/, '');
const INSPECTOR_BIN = path.join(INSPECTOR, 'clients', 'launcher', 'build', 'index.js');
let s: Running;
let home: string;
let png: string;

beforeAll(async () => {
  s = await startServer();
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-inspector-'));
  png = (await testImage(48, 32)).toString('base64');
});
afterAll(async () => {
  await s.app.close();
  fs.rmSync(home, { recursive: true, force: true });
});

function run(file: string, args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      // The inspector keeps a catalog under $HOME: a throwaway one here.
      { encoding: 'utf8', timeout: 60_000, env: { PATH: process.env.PATH ?? '', HOME: home, NO_COLOR: '1' } },
      (err, stdout, stderr) => resolve({ status: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const inspector = (era: string, ...args: string[]) =>
  run(process.execPath, [
    INSPECTOR_BIN,
    '--cli',
    `${s.base}/api/mcp`,
    '--transport',
    'http',
    '--protocol-era',
    era,
    ...args,
  ]);

describe.each([
  ['legacy', '2025-11-25'],
  ['modern', '2026-07-28'],
])('MCP Inspector CLI, --protocol-era %s', (era, version) => {
  it(`initializes with ${version}`, async () => {
    const r = await inspector(era, '--method', 'initialize');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ protocolVersion: version, serverInfo: { name: 'glyphcast' } });
  });

  it('lists the tool', async () => {
    const r = await inspector(era, '--method', 'tools/list');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).tools.map((t: { name: string }) => t.name)).toEqual(['render_ascii']);
  });

  it('calls the tool', async () => {
    const args = JSON.stringify({ imageBase64: png, columns: 12, autoOptimize: 0 });
    const r = await inspector(
      era,
      '--method',
      'tools/call',
      '--tool-name',
      'render_ascii',
      '--tool-args-json',
      args,
      '--format',
      'json',
      '-q',
    );
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect((out.result ?? out).structuredContent).toMatchObject({ columns: 12, format: 'text' });
  });

  it('a refused call exits 5 (isError)', async () => {
    const r = await inspector(
      era,
      '--method',
      'tools/call',
      '--tool-name',
      'render_ascii',
      '--tool-args-json',
      '{"columns":12}',
    );
    expect(r.status).toBe(5);
  });
});

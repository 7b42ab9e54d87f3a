/**
 * The npm package as a user gets it: `npm pack` of the built project, installed into an empty
 * folder with nothing else; there a Node script renders through `render()`, `npx glyphcast`
 * renders a file, `npx glyphcast-mcp` answers an MCP initialize, `tsc` type-checks a consumer of both entries, and a page bundled by Vite from
 * `glyphcast/browser` renders an image in Chromium. publint and arethetypeswrong check the
 * tarball. Needs `npm run build` (npm run test:e2e builds first).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../lib/node.js';
import { REPO_ROOT } from '../support/browser.js';
import { eventually, FIXTURE_PNG, launchStudioBrowser, serverRender } from '../support/studio.js';

const BIN = path.join(REPO_ROOT, 'node_modules', '.bin');
const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 });

describe('the npm package', () => {
  let dir: string;
  let tarball: string;
  let consumer: string;
  let browser: Browser | null = null;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(REPO_ROOT, 'dist/lib/node.js'))) throw new Error('dist is not built: npm run build');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-package-'));
    const name = run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], REPO_ROOT).trim();
    tarball = path.join(dir, name.split('\n').at(-1) ?? '');
    consumer = path.join(dir, 'consumer');
    fs.mkdirSync(consumer);
    fs.writeFileSync(
      path.join(consumer, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    // from npm's cache where it has them (npm ci filled it), else from the registry
    run('npm', ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], consumer);
    browser = await launchStudioBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds the built entries, the bins and the shaders, and no tests, fixtures or benches', () => {
    const files = run('tar', ['-tzf', tarball], dir).split('\n').filter(Boolean);
    for (const f of ['dist/lib/node.js', 'dist/lib/node.d.ts', 'dist/browser/glyphcast.js', 'dist/bin/glyphcast.cjs']) {
      expect(files).toContain(`package/${f}`);
    }
    expect(files.some((f) => f.endsWith('.wgsl'))).toBe(true);
    expect(
      files.filter((f) => /^package\/(test|bench|scripts|studio|scratch)\//.test(f) || /\.test\./.test(f)),
    ).toEqual([]);
  });

  it('passes publint and arethetypeswrong (ESM only)', () => {
    expect(run(path.join(BIN, 'publint'), ['run', '--strict', REPO_ROOT], REPO_ROOT)).toContain('All good!');
    // exits non-zero on any problem for ESM consumers and bundlers
    run(path.join(BIN, 'attw'), [tarball, '--profile', 'esm-only'], REPO_ROOT);
  });

  it('renders from Node through render(), with the API error codes, as the sources render', async () => {
    fs.writeFileSync(
      path.join(consumer, 'render.mjs'),
      `import { render, RenderError } from 'glyphcast';
const art = await render(process.argv[2], { columns: 40 });
let code = null;
try { await render(process.argv[2], { columns: 5 }); } catch (e) { code = e instanceof RenderError ? e.code : 'other'; }
console.log(JSON.stringify({ output: art.output, rows: art.grid.rows, code }));`,
    );
    const out = JSON.parse(run('node', ['render.mjs', FIXTURE_PNG], consumer));
    // decoded to the size the grid needs, as the service decodes (not the full-size serverRender)
    expect(out.output).toBe((await render(FIXTURE_PNG, { columns: 40 })).output);
    expect(out.code).toBe('invalid_params');
  });

  it('runs the CLI through npx, as the built CLI runs', () => {
    const args = [FIXTURE_PNG, '--columns', '40'];
    const text = run('npx', ['--no-install', 'glyphcast', ...args], consumer);
    expect(text).toBe(run('node', [path.join(REPO_ROOT, 'dist/bin/glyphcast.cjs'), ...args], REPO_ROOT));
    expect(text.split('\n')[0]).toHaveLength(40);
  });

  it('runs the MCP stdio server through npx: it answers an initialize', () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'package-test', version: '1' } },
    };
    // the input ends after the request: the server answers it, then exits
    const out = execFileSync('npx', ['--no-install', 'glyphcast-mcp'], {
      cwd: consumer,
      input: `${JSON.stringify(initialize)}\n`,
      encoding: 'utf8',
      timeout: 60_000,
    });
    const reply = JSON.parse(out.trim().split('\n')[0]) as { id: number; result: { serverInfo: { name: string } } };
    expect(reply.id).toBe(1);
    expect(reply.result.serverInfo.name).toMatch(/glyphcast/);
  });

  it('type-checks a consumer of both entries', () => {
    fs.writeFileSync(
      path.join(consumer, 'check.ts'),
      `import { render, RenderError, type RenderResult } from 'glyphcast';
import { renderPixels, type PixelsResult } from 'glyphcast/browser';
export async function both(file: string, pixels: ImageData): Promise<[RenderResult, PixelsResult]> {
  try {
    return [await render(file, { columns: 80, charset: 'blocks' }), renderPixels(pixels, { color: true })];
  } catch (e) {
    if (e instanceof RenderError) throw new Error(e.code);
    throw e;
  }
}`,
    );
    fs.writeFileSync(
      path.join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ['check.ts'],
      }),
    );
    run('node', [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], consumer);
  });

  it('renders in Chromium from a page bundled by Vite from glyphcast/browser', async (ctx) => {
    if (!browser) return ctx.skip();
    const page = path.join(consumer, 'page');
    fs.mkdirSync(page);
    fs.copyFileSync(FIXTURE_PNG, path.join(page, 'fixture.png'));
    fs.writeFileSync(
      path.join(page, 'index.html'),
      '<!doctype html><html lang="en"><title>glyphcast</title><pre id="out"></pre><script type="module" src="./main.js"></script></html>',
    );
    fs.writeFileSync(
      path.join(page, 'main.js'),
      `import { renderPixels } from 'glyphcast/browser';
import png from './fixture.png';
const blob = await (await fetch(png)).blob();
const bitmap = await createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
document.getElementById('out').textContent = renderPixels(bitmap, { columns: 40 }).output;`,
    );
    const { build } = await import('vite');
    const out = path.join(page, 'dist');
    await build({ root: page, logLevel: 'silent', configFile: false, build: { outDir: out, target: 'es2022' } });
    const context = await browser.newContext();
    await context.route('http://package.test/**', (route) =>
      route.fulfill({ path: path.join(out, new URL(route.request().url()).pathname.replace(/^\/$/, '/index.html')) }),
    );
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    await tab.goto('http://package.test/');
    await eventually(() => tab.locator('#out').textContent()).not.toBe('');
    expect(await tab.locator('#out').textContent()).toBe((await serverRender(FIXTURE_PNG, { columns: 40 })).body);
    expect(errors).toEqual([]);
    await context.close();
  });
});

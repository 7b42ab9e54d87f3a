#!/usr/bin/env node
// Compiles engine/, service/, server/ and bin/ to dist/ with tsc, and copies the WGSL shaders
// beside them (dist/shaders), so dist/engine/node finds ../../shaders exactly as the sources do.
// Every bin/*.ts entry (glyphcast, glyphcast-mcp) becomes an executable dist/bin/*.js.
//
// The `glyphcast` CLI is then bundled by esbuild over tsc's file: a few modules (the entry, one
// per worker, dist/bin/render-worker.js and tune-worker.js, where bin/cli/worker-pool.ts looks
// for them, and the chunks they share, all in dist/bin) instead of some two hundred, which a
// one-image run would spend a third of its time loading. What the CLI imports on demand stays
// on demand (code splitting): --help loads neither sharp nor the engine's renderer. sharp and
// piscina stay outside (native code, and piscina's own worker file).
//
// The package's browser entry (lib/browser.ts, `glyphcast/browser`) is bundled too, to one
// module with its WGSL inlined (dist/browser/glyphcast.js): any bundler takes it as it is.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const built = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (built.status !== 0) {
  console.error('build-node: tsc failed (see the errors above)');
  process.exit(built.status ?? 1);
}
const shaders = path.join(root, 'shaders');
if (fs.existsSync(shaders)) fs.cpSync(shaders, path.join(root, 'dist', 'shaders'), { recursive: true });
const bundled = (await bundleCli()) && (await bundleBrowserEntry());
if (!bundled) process.exit(1);
const bin = path.join(root, 'dist', 'bin');
if (fs.existsSync(bin))
  for (const f of fs.readdirSync(bin)) if (f.endsWith('.js')) fs.chmodSync(path.join(bin, f), 0o755);

/** dist/bin/glyphcast.js and its workers as single modules; false when esbuild fails. */
async function bundleCli() {
  const { build } = await import('esbuild');
  const out = path.join(root, 'dist', 'bin');
  // chunks are named by their content: the last build's would stay beside the new ones
  if (fs.existsSync(out)) for (const f of fs.readdirSync(out)) if (f.startsWith('chunk-')) fs.rmSync(path.join(out, f));
  try {
    await build({
      entryPoints: {
        glyphcast: path.join(root, 'bin', 'glyphcast.ts'),
        'render-worker': path.join(root, 'bin', 'cli', 'render-worker.ts'),
        'tune-worker': path.join(root, 'bin', 'cli', 'tune-worker.ts'),
      },
      outdir: out,
      bundle: true,
      splitting: true,
      chunkNames: 'chunk-[hash]',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: ['sharp', 'piscina', 'webgpu'],
      logLevel: 'warning',
    });
    return true;
  } catch (e) {
    console.error(`build-node: bundling the CLI failed: ${e.message}`);
    return false;
  }
}

/** dist/browser/glyphcast.js: the browser entry as one ES module, the WGSL sources inlined. */
async function bundleBrowserEntry() {
  const { build } = await import('esbuild');
  /** Vite's `?raw` imports (engine/browser/gpu.ts), as esbuild's text loader reads them. */
  const raw = {
    name: 'raw',
    setup(b) {
      b.onResolve({ filter: /\?raw$/ }, (args) => ({
        path: path.resolve(args.resolveDir, args.path.slice(0, -'?raw'.length)),
        namespace: 'raw',
      }));
      b.onLoad({ filter: /.*/, namespace: 'raw' }, (args) => ({
        contents: fs.readFileSync(args.path, 'utf8'),
        loader: 'text',
      }));
    },
  };
  try {
    await build({
      entryPoints: [path.join(root, 'lib', 'browser.ts')],
      outfile: path.join(root, 'dist', 'browser', 'glyphcast.js'),
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      plugins: [raw],
      logLevel: 'warning',
    });
    return true;
  } catch (e) {
    console.error(`build-node: bundling the browser entry failed: ${e.message}`);
    return false;
  }
}

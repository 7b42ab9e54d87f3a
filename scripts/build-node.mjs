#!/usr/bin/env node
// Compiles engine/, service/, server/ and bin/ to dist/ with tsc, and copies the WGSL shaders
// beside them (dist/shaders), so dist/engine/node finds ../../shaders exactly as the sources do.
// Every bin/*.ts entry becomes an executable: dist/bin/glyphcast-mcp.js, and dist/bin/glyphcast.cjs (below).
//
// The `glyphcast` CLI is then bundled by esbuild over tsc's file (bundleCli below): one
// CommonJS module for everything the CLI runs, instead of some two hundred, which a one-image
// run would spend a third of its time loading, and which the entry loads with V8's code cache.
// What the CLI imports on demand is still evaluated on demand: --help loads neither sharp nor
// the engine's renderer. sharp's JavaScript is in the bundle, its native binary is not; piscina
// stays outside (its own worker file), and so does sharp for the worker threads' modules.
//
// The package's browser entry (lib/browser.ts, `glyphcast/browser`) is bundled too, to one
// module with its WGSL inlined (dist/browser/glyphcast.js): any bundler takes it as it is.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
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
  for (const f of fs.readdirSync(bin))
    if (f.endsWith('.js') || f === 'glyphcast.cjs') fs.chmodSync(path.join(bin, f), 0o755);

/**
 * The CLI in three parts, all in dist/bin; false when esbuild fails:
 * - `cli.cjs`, everything the CLI runs, as one CommonJS module: bin/glyphcast.ts loads it with
 *   the code the last run compiled (bin/code-cache.ts), which an ES module cannot be;
 * - `glyphcast.cjs`, that entry (package.json `bin`), without the CLI's code;
 * - `render-worker.js` and `tune-worker.js`, where bin/cli/worker-pool.ts looks for them, and
 *   the chunks they share.
 */
async function bundleCli() {
  const { build } = await import('esbuild');
  const out = path.join(root, 'dist', 'bin');
  // chunks are named by their content: the last build's would stay beside the new ones
  if (fs.existsSync(out)) for (const f of fs.readdirSync(out)) if (f.startsWith('chunk-')) fs.rmSync(path.join(out, f));
  const common = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    external: ['sharp', 'piscina', 'webgpu'],
    logLevel: 'warning',
  };
  try {
    await build({
      ...common,
      entryPoints: [path.join(root, 'bin', 'cli', 'main.ts')],
      outfile: path.join(out, 'cli.cjs'),
      format: 'cjs',
      // no comments or indentation: a third less to read and compile, and ASCII only (esbuild
      // escapes the rest), which the entry reads as Latin-1 without decoding UTF-8
      minifyWhitespace: true,
      // sharp's JavaScript too (its native part stays where it is installed): compiled with the
      // rest, from the code cache, it loads in half the time
      external: ['piscina', 'webgpu'],
      plugins: [
        engineModulesOnlyDeclare(),
        sharpWhereInstalled(),
        loadedOnFirstUse(['node:child_process', 'child_process', 'node:crypto', '@img/colour']),
      ],
      // import.meta as the module would see it (worker-pool.ts finds the workers beside it)
      define: { 'import.meta.url': 'import_meta_url', 'import.meta.dirname': '__dirname' },
      banner: {
        // "use strict" first: the banner would otherwise stand before esbuild's, which then does not count
        js: [
          '"use strict";',
          'const import_meta_url = require("node:url").pathToFileURL(__filename).href;',
          'let sharpUrl;',
          'const sharpModuleUrl = () => (sharpUrl ??= require("node:url").pathToFileURL(require.resolve("sharp")).href);',
        ].join('\n'),
      },
    });
    // the entry names the bundle's code cache by this hash, without hashing it on each run
    const bundleHash = createHash('sha256')
      .update(fs.readFileSync(path.join(out, 'cli.cjs')))
      .digest('hex');
    await build({
      ...common,
      entryPoints: [path.join(root, 'bin', 'glyphcast.ts')],
      outfile: path.join(out, 'glyphcast.cjs'),
      // CommonJS: Node starts it without its ES module loader, a few ms sooner
      format: 'cjs',
      define: { GLYPHCAST_CLI_HASH: JSON.stringify(bundleHash), 'import.meta.url': 'import_meta_url' },
      banner: { js: '"use strict";\nconst import_meta_url = require("node:url").pathToFileURL(__filename).href;' },
    });
    // tsc's module of the entry, which the bundle replaces
    for (const f of ['glyphcast.js', 'glyphcast.d.ts']) fs.rmSync(path.join(out, f), { force: true });
    await build({
      ...common,
      entryPoints: {
        'render-worker': path.join(root, 'bin', 'cli', 'render-worker.ts'),
        'tune-worker': path.join(root, 'bin', 'cli', 'tune-worker.ts'),
      },
      outdir: out,
      splitting: true,
      chunkNames: 'chunk-[hash]',
      format: 'esm',
    });
    return true;
  } catch (e) {
    console.error(`build-node: bundling the CLI failed: ${e.message}`);
    return false;
  }
}

/**
 * sharp's modules, bundled, still find their native binary (`@img/sharp-<platform>/sharp.node`)
 * and their other files as sharp itself does: from where npm, pnpm or yarn installed sharp (the
 * `createRequire(import.meta.url)` they call is given sharp's own URL, not the bundle's).
 */
function sharpWhereInstalled() {
  return {
    name: 'sharp-where-installed',
    setup(b) {
      b.onLoad({ filter: /[\\/]node_modules[\\/]sharp[\\/].*\.mjs$/ }, (args) => ({
        contents: fs.readFileSync(args.path, 'utf8').replaceAll('import.meta.url', 'sharpModuleUrl()'),
        loader: 'js',
      }));
    },
  };
}

/**
 * The engine's modules only declare things as they load, but for engine/zod.ts, which configures
 * zod (test/unit/architecture.test.ts holds them to it): the CLI's bundle leaves out those it
 * does not use (the GPU executor, the studio's handoff schemas) instead of loading them each run.
 */
function engineModulesOnlyDeclare() {
  const engine = path.join(root, 'engine') + path.sep;
  const own = 'engine-modules-only-declare';
  return {
    name: own,
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.pluginData === own) return undefined;
        const { path: file, errors } = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: own,
        });
        if (errors.length > 0 || !file.startsWith(engine) || file === path.join(engine, 'zod.ts')) return undefined;
        return { path: file, sideEffects: false };
      });
    },
  };
}

/**
 * The modules `names` (node builtins, or packages whose default export is a function) loaded
 * by their first call instead of when their importer loads. sharp and detect-libc import them
 * at the top for work a render does not do (sharp's install checks, libc detection by command,
 * parsing a background colour), which cost a one-image run about 6 ms of its start.
 */
function loadedOnFirstUse(names) {
  const namespace = 'loaded-on-first-use';
  return {
    name: namespace,
    setup(b) {
      const filter = new RegExp(`^(${names.map((n) => n.replace(/[/.]/g, '\\$&')).join('|')})$`);
      // the stand-in's own import of the module resolves as usual
      b.onResolve({ filter }, (args) =>
        args.namespace === namespace ? undefined : { path: args.path, namespace, pluginData: args.resolveDir },
      );
      b.onLoad({ filter: /.*/, namespace }, async (args) => {
        const load = `require(${JSON.stringify(args.path)})`;
        let contents = `export default function loaded(...a) { return ${load}(...a); }`;
        if (isBuiltin(args.path)) {
          const builtin = (await import(args.path)).default;
          // functions, not classes (a stand-in cannot be constructed): an import of one fails the build
          const functions = Object.keys(builtin).filter((k) => typeof builtin[k] === 'function' && !/^[A-Z]/.test(k));
          contents = functions.map((f) => `export function ${f}(...a) { return ${load}.${f}(...a); }`).join('\n');
        }
        return { contents, loader: 'js', resolveDir: args.pluginData };
      });
    },
  };
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

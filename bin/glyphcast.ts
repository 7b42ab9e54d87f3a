#!/usr/bin/env node
/** The `glyphcast` command (package.json `bin`): see bin/README.md and `glyphcast --help`. */
import module, { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { codeCacheDir, requireWithCodeCache } from './code-cache.js';

type Cli = Pick<typeof import('./cli/main.js'), 'main' | 'renderedHere'>;

/** The hash of dist/bin/cli.cjs's source, written in by the build (scripts/build-node.mjs); not there from the sources. */
declare const GLYPHCAST_CLI_HASH: string | undefined;

/**
 * The CLI. Built, it is one CommonJS bundle beside this file (dist/bin/cli.cjs), loaded with the
 * code the last run compiled: Node's compile cache where Node has one (22.1 and later), else
 * V8's code cache through bin/code-cache.ts. From the sources (tsx), the modules as they are.
 */
async function loadCli(): Promise<{ cli: Cli; saveCache(): void; exitWhenDone: boolean }> {
  if (import.meta.url.endsWith('.ts')) {
    // a specifier in a variable: the bundler leaves the sources' import to run time
    const sources = './cli/main.js';
    return { cli: (await import(sources)) as Cli, saveCache() {}, exitWhenDone: true };
  }
  const bundle = fileURLToPath(new URL('./cli.cjs', import.meta.url));
  const { enableCompileCache, flushCompileCache } = module as {
    enableCompileCache?: () => unknown;
    flushCompileCache?: () => void;
  };
  if (enableCompileCache) {
    enableCompileCache();
    const cli = createRequire(import.meta.url)(bundle) as Cli;
    // flushCompileCache came in 22.10: before, Node writes its compile cache as the process ends,
    // which exiting early might skip, so that run ends by itself
    return { cli, saveCache: () => flushCompileCache?.(), exitWhenDone: flushCompileCache !== undefined };
  }
  const builtHash = typeof GLYPHCAST_CLI_HASH === 'string' ? GLYPHCAST_CLI_HASH : undefined;
  const loaded = requireWithCodeCache(bundle, codeCacheDir(), builtHash);
  return { cli: loaded.exports as Cli, saveCache: loaded.saveCache, exitWhenDone: true };
}

/** Resolves once everything written to `stream` so far went out (or failed). */
const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()));

async function run(): Promise<void> {
  const { cli, saveCache, exitWhenDone } = await loadCli();
  process.exitCode = await cli.main(process.argv.slice(2));
  // after a render only: the cache then holds the renderer's code, not just what --help ran
  if (cli.renderedHere()) saveCache();
  if (!exitWhenDone) return;
  // The run is over once its output is out. Left to end by itself, Node would first wait for V8's
  // compiler threads to finish optimising code nothing will run again (about 4 ms of a one-image
  // run). `main` has settled everything it started: its inputs, workers and terminal.
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit();
}

void run();

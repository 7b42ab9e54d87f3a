#!/usr/bin/env node
/** The `glyphcast` command (package.json `bin`): see bin/README.md and `glyphcast --help`. */
import module, { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { codeCacheDir, requireWithCodeCache } from './code-cache.js';

type Main = typeof import('./cli/main.js').main;

/** The hash of dist/bin/cli.cjs's source, written in by the build (scripts/build-node.mjs); not there from the sources. */
declare const GLYPHCAST_CLI_HASH: string | undefined;

/**
 * The CLI's `main`. Built, it is one CommonJS bundle beside this file (dist/bin/cli.cjs), loaded
 * with the code the last run compiled: Node's compile cache where Node has one (22.1 and later),
 * else V8's code cache through bin/code-cache.ts. From the sources (tsx), the modules as they are.
 */
async function loadMain(): Promise<{ main: Main; saveCache(): void }> {
  if (import.meta.url.endsWith('.ts')) {
    // a specifier in a variable: the bundler leaves the sources' import to run time
    const sources = './cli/main.js';
    return { main: ((await import(sources)) as { main: Main }).main, saveCache() {} };
  }
  const bundle = fileURLToPath(new URL('./cli.cjs', import.meta.url));
  const enableCompileCache = (module as { enableCompileCache?: () => unknown }).enableCompileCache;
  if (enableCompileCache) {
    enableCompileCache();
    return { main: (createRequire(import.meta.url)(bundle) as { main: Main }).main, saveCache() {} };
  }
  const builtHash = typeof GLYPHCAST_CLI_HASH === 'string' ? GLYPHCAST_CLI_HASH : undefined;
  const loaded = requireWithCodeCache(bundle, codeCacheDir(), builtHash);
  return { main: (loaded.exports as { main: Main }).main, saveCache: loaded.saveCache };
}

const { main, saveCache } = await loadMain();
process.exitCode = await main(process.argv.slice(2));
saveCache();

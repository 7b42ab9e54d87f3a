/**
 * A CommonJS file loaded with V8's code cache: the CLI's start-up on Node releases without a
 * compile cache of their own (`module.enableCompileCache` came in Node 22.1).
 *
 * A one-image run is mostly start-up, and compiling the CLI's bundle is a large part of it: with
 * the bytecode V8 made in the last run (the functions that run compiled, not only the top level)
 * a run of `glyphcast photo.jpg` saves about 15 ms. The cache is one file a bundle, named by its
 * source's hash and the Node version, in the user's cache folder (mode 0700). V8 refuses a cache
 * made by another V8 or other flags, and the hash in the name keeps one bundle's cache from
 * another's (V8 itself checks only the source's length). A refused, missing or unwritable cache
 * costs nothing but the time saved: the bundle compiles as usual.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire, Module } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';

/** A loaded file's exports, and the step that writes its cache once the run has compiled what it uses. */
export interface CachedModule {
  readonly exports: unknown;
  /** How the file compiled: caching `off`, its cache `missing` or `refused` by V8, or `used`. */
  readonly cache: 'off' | 'missing' | 'refused' | 'used';
  /** Writes the code cache when there was none or V8 refused it; never throws. Call it at the end of the run. */
  saveCache(): void;
}

/**
 * The folder of the code caches: `$XDG_CACHE_HOME/glyphcast`, or `~/.cache/glyphcast` (a relative
 * XDG_CACHE_HOME is ignored, as the XDG specification says); null when caching is off
 * (NODE_DISABLE_COMPILE_CACHE, Node's own switch) or there is no home folder.
 */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env, home = os.homedir()): string | null {
  if (env.NODE_DISABLE_COMPILE_CACHE) return null;
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && path.isAbsolute(xdg) ? xdg : home && path.isAbsolute(home) ? path.join(home, '.cache') : null;
  return base && path.join(base, 'glyphcast');
}

/** Loads the CommonJS file `file` as `require` would, with a code cache in `cacheDir` (none when null). */
export function requireWithCodeCache(file: string, cacheDir: string | null): CachedModule {
  const source = fs.readFileSync(file, 'utf8');
  const cacheFile = cacheDir && path.join(cacheDir, cacheName(source));
  const cachedData = cacheFile ? readIfAny(cacheFile) : undefined;
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  const cache = !cacheFile ? 'off' : !cachedData ? 'missing' : script.cachedDataRejected ? 'refused' : 'used';
  return {
    exports: module.exports,
    cache,
    saveCache() {
      if (cacheFile && cache !== 'used') writeAtomically(cacheFile, script.createCachedData());
    },
  };
}

/** `cli-<hash of the source>-<node version>-<arch>.v8`: one bundle on one Node. */
function cacheName(source: string): string {
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 20);
  return `cli-${hash}-${process.version}-${process.arch}.v8`;
}

function readIfAny(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Writes `data` through a temporary file and a rename, so a run reading the cache at the same
 * time never sees half of it; the caches of other bundles (older versions) in the folder go.
 */
function writeAtomically(file: string, data: Buffer): void {
  const dir = path.dirname(file);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(temporary, data, { mode: 0o600 });
    fs.renameSync(temporary, file);
    const own = path.basename(file);
    for (const name of fs.readdirSync(dir))
      if (name.startsWith('cli-') && name.endsWith('.v8') && name !== own)
        fs.rmSync(path.join(dir, name), { force: true });
  } catch {
    // a cache is an optimisation: a read-only or full disk only costs the next run its time
    try {
      fs.rmSync(temporary, { force: true });
    } catch {
      // nothing was written
    }
  }
}

/**
 * A CommonJS file loaded with V8's code cache: the CLI's start-up on Node releases without a
 * compile cache of their own (`module.enableCompileCache` came in Node 22.1).
 *
 * A one-image run is mostly start-up, and compiling the CLI's bundle is a large part of it: with
 * the bytecode V8 made in the last run (the functions that run compiled, not only the top level)
 * a run of `glyphcast photo.jpg` saves about 15 ms. The cache is one file a bundle, named by its
 * source's hash (the build's, see `requireWithCodeCache`) and the Node version, in the user's
 * cache folder (mode 0700). V8 refuses a cache made by another V8 or other flags, and the hash in
 * the name keeps one bundle's cache from another's (V8 itself checks only the source's length).
 * A refused, missing or unwritable cache costs nothing but the time saved: the bundle compiles
 * as usual.
 */
import { isAscii } from 'node:buffer';
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

/**
 * Loads the CommonJS file `file` as `require` would, with a code cache in `cacheDir` (none when
 * null). `builtHash`, the hash of the file's source that the build computed, names the cache
 * without hashing the source again (which would load node:crypto: about 4 ms of a one-image run).
 */
export function requireWithCodeCache(file: string, cacheDir: string | null, builtHash?: string): CachedModule {
  const source = readSource(file);
  const cacheFile = cacheDir && path.join(cacheDir, cacheName(file, source, builtHash));
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

/** The file's text; an ASCII file (the bundle) as Latin-1, which V8 takes without decoding UTF-8. */
function readSource(file: string): string {
  const bytes = fs.readFileSync(file);
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

/**
 * `cli-<key>-<node version>-<arch>.v8`: one source on one Node. The key is the build's hash of
 * the source with the file's size and modification time (a file edited since the build gets a
 * cache of its own), else a hash of the source read now.
 */
function cacheName(file: string, source: string, builtHash?: string): string {
  let key: string;
  if (builtHash) {
    const { size, mtimeMs } = fs.statSync(file);
    key = `${builtHash.slice(0, 20)}-${size}-${Math.trunc(mtimeMs)}`;
  } else {
    const { createHash } = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
    key = createHash('sha256').update(source).digest('hex').slice(0, 20);
  }
  return `cli-${key}-${process.version}-${process.arch}.v8`;
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

/**
 * The CLI's code cache (bin/code-cache.ts): a CommonJS file loads as `require` would load it,
 * its cache is written once and used after, a damaged or stale cache is refused and replaced,
 * and a cache folder that cannot be written costs nothing but the cache. Each load runs in a
 * process of its own, as each CLI run does: within one process V8 would answer a second compile
 * of the same source from memory, without reading the cache at all.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeCacheDir, requireWithCodeCache } from '../../../bin/code-cache.js';

let dir: string;
let cacheDir: string;
let file: string;

/** A module with enough code to cache: it requires a builtin and exports what it computed. */
const source = (answer: number) =>
  `const path = require('node:path');\nfunction square(n) { return n * n; }\nmodule.exports = { answer: square(${answer}), here: path.basename(__filename), dir: __dirname };\n`;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-code-cache-'));
  cacheDir = path.join(dir, 'cache', 'glyphcast');
  file = path.join(dir, 'bundle.cjs');
  fs.writeFileSync(file, source(7));
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const LOADER = path.resolve(import.meta.dirname, '../../../bin/code-cache.ts');

/** Loads `file` with its cache in a new process, then saves the cache: how it compiled, and its exports. */
function load(cache: string | null = cacheDir, builtHash?: string): { cache: string; exports: unknown } {
  const script = `import { requireWithCodeCache } from ${JSON.stringify(LOADER)};
const loaded = requireWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(cache)}, ${JSON.stringify(builtHash)});
loaded.saveCache();
console.log(JSON.stringify({ cache: loaded.cache, exports: loaded.exports }));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return JSON.parse(out);
}

const cacheFiles = () => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []);

describe('requireWithCodeCache', () => {
  it('loads the file as require would (its exports, __filename and __dirname), in this process too', () => {
    const loaded = requireWithCodeCache(file, null);
    expect(loaded.cache).toBe('off');
    expect(loaded.exports).toEqual({ answer: 49, here: 'bundle.cjs', dir });
  });

  it('writes the cache once, then uses it; the folder is private to the user', () => {
    const first = load();
    expect(first).toEqual({ cache: 'missing', exports: { answer: 49, here: 'bundle.cjs', dir } });
    expect(cacheFiles()).toHaveLength(1);
    expect(cacheFiles()[0]).toMatch(new RegExp(`^cli-[0-9a-f]{20}-${process.version}-${process.arch}\\.v8$`));
    expect(fs.statSync(cacheDir).mode & 0o777).toBe(0o700);
    const written = fs.statSync(path.join(cacheDir, cacheFiles()[0])).mtimeMs;
    expect(load()).toEqual({ ...first, cache: 'used' });
    // a cache that was used is not written again
    expect(fs.statSync(path.join(cacheDir, cacheFiles()[0])).mtimeMs).toBe(written);
  });

  it('refuses a damaged cache, still loads the file, and replaces the cache', () => {
    load();
    const [name] = cacheFiles();
    fs.writeFileSync(path.join(cacheDir, name), Buffer.alloc(512, 0x5a));
    expect(load()).toEqual({ cache: 'refused', exports: { answer: 49, here: 'bundle.cjs', dir } });
    expect(load().cache).toBe('used');
  });

  it('keeps one cache per source: a changed file of the same length gets its own, and the old one goes', () => {
    load();
    const [old] = cacheFiles();
    // V8 checks a cache against the source's length only: the name must tell these apart
    fs.writeFileSync(file, source(8));
    expect(load()).toMatchObject({ cache: 'missing', exports: { answer: 64 } });
    expect(cacheFiles()).toHaveLength(1);
    expect(cacheFiles()[0]).not.toBe(old);
    expect(load().cache).toBe('used');
  });

  it("names the cache by the build's hash without hashing the source; a file edited since gets its own", () => {
    const built = 'ab'.repeat(32);
    expect(load(cacheDir, built).cache).toBe('missing');
    const [name] = cacheFiles();
    const { size, mtimeMs } = fs.statSync(file);
    expect(name).toBe(`cli-${built.slice(0, 20)}-${size}-${Math.trunc(mtimeMs)}-${process.version}-${process.arch}.v8`);
    expect(load(cacheDir, built).cache).toBe('used');
    // the same length, a later modification time: not the source the build hashed
    fs.writeFileSync(file, source(8));
    fs.utimesSync(file, new Date(), new Date(mtimeMs + 5000));
    expect(load(cacheDir, built)).toMatchObject({ cache: 'missing', exports: { answer: 64 } });
    expect(cacheFiles()).toHaveLength(1);
    expect(cacheFiles()[0]).not.toBe(name);
  });

  it('reads an ASCII file as Latin-1 and any other as UTF-8: the same text either way', () => {
    // the bundle's case: esbuild writes other characters as escapes
    fs.writeFileSync(file, "module.exports = { word: 'caf\\u00e9' };\n");
    expect(load().exports).toEqual({ word: 'café' });
    fs.writeFileSync(file, "module.exports = { word: 'café' };\n");
    expect(load().exports).toEqual({ word: 'café' });
  });

  it('an unwritable cache folder only loses the cache', () => {
    fs.mkdirSync(path.dirname(cacheDir), { recursive: true });
    fs.writeFileSync(cacheDir, 'a file where the folder would be');
    expect(load()).toMatchObject({ cache: 'missing', exports: { answer: 49 } });
    expect(fs.readdirSync(path.dirname(cacheDir))).toEqual(['glyphcast']);
    expect(load(null).cache).toBe('off');
  });
});

describe('codeCacheDir', () => {
  it('is XDG_CACHE_HOME/glyphcast, else ~/.cache/glyphcast; off with NODE_DISABLE_COMPILE_CACHE', () => {
    expect(codeCacheDir({ XDG_CACHE_HOME: '/var/cache/me' }, '/home/me')).toBe('/var/cache/me/glyphcast');
    expect(codeCacheDir({}, '/home/me')).toBe('/home/me/.cache/glyphcast');
    // a relative XDG_CACHE_HOME is ignored (the XDG specification)
    expect(codeCacheDir({ XDG_CACHE_HOME: 'cache' }, '/home/me')).toBe('/home/me/.cache/glyphcast');
    expect(codeCacheDir({ NODE_DISABLE_COMPILE_CACHE: '1' }, '/home/me')).toBeNull();
    expect(codeCacheDir({}, '')).toBeNull();
  });
});

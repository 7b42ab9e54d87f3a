/**
 * Where many inputs render (bin/cli/workers.ts): on the main thread on two cores or fewer, on
 * worker threads on more; both give the same bytes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConvertTask } from '../../../bin/cli/convert.js';
import { converterFor } from '../../../bin/cli/workers.js';
import { resolveParams } from '../../../engine/index.js';
import { DEV_DIR } from '../../support/corpus.js';

const task = (file: string): ConvertTask => ({
  bytes: new Uint8Array(fs.readFileSync(path.join(DEV_DIR, file))),
  params: resolveParams({ columns: 40 }, 'json'),
  options: {},
  ansiColorDepth: 'truecolor',
});

afterEach(() => vi.restoreAllMocks());

describe('converterFor', () => {
  it('renders on the main thread on two cores, two inputs at a time (one decoding, one rendering)', async () => {
    vi.spyOn(os, 'availableParallelism').mockReturnValue(2);
    const converter = converterFor(5);
    expect(converter.parallelism).toBe(2);
    await converter.close();
  });

  it('gives many inputs on the main thread the bytes of each alone (the warm-up before the first changes nothing)', async () => {
    vi.spyOn(os, 'availableParallelism').mockReturnValue(2);
    const files = ['dark_rocket.jpg', 'portrait_baboon.jpg'];
    // the first converter of this file's process: its first input warms the renderer up
    const many = await Promise.all(files.map((f) => converterFor(files.length).convert(task(f))));
    const alone = await Promise.all(files.map((f) => converterFor(1).convert(task(f))));
    expect(many).toEqual(alone);
    expect(many.every((r) => 'body' in r && r.body.length > 100)).toBe(true);
  });

  it('renders on worker threads on more cores, with the bytes of the main thread', { timeout: 60_000 }, async () => {
    vi.spyOn(os, 'availableParallelism').mockReturnValue(4);
    const files = ['portrait_baboon.jpg', 'lineart_sudoku.png', 'dark_rocket.jpg'];
    const pool = converterFor(files.length);
    const main = converterFor(1);
    try {
      expect(pool.parallelism).toBe(3);
      const fromPool = await Promise.all(files.map((f) => pool.convert(task(f))));
      const fromMain = await Promise.all(files.map((f) => main.convert(task(f))));
      expect(fromPool).toEqual(fromMain);
      expect(fromPool.every((r) => 'body' in r && r.body.length > 100)).toBe(true);
    } finally {
      await pool.close();
    }
  });
});

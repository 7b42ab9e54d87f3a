/**
 * The readers meet damaged files the way a fuzzer would bring them: every fixture, mutated many
 * times over (bytes changed, runs of 0xff, cut short), decodes to a whole image or fails with a
 * DecodeError, never anything else, and never allocates past the pixel limit.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DecodeError, rasterFormat, readRaster } from '../../../engine/raster/index.js';

const DIRS = ['../../fixtures/raster', '../../fixtures/bad'].map((d) => path.join(import.meta.dirname, d));
const FILES = DIRS.flatMap((dir) =>
  fs
    .readdirSync(dir)
    .filter((f) => /\.(bmp|pbm|pgm|ppm|pam)$/.test(f))
    .map((f) => path.join(dir, f)),
);
const MUTATIONS = 400;
const MAX_PIXELS = 100_000;

/** xorshift32: the same mutations on every run. */
function random(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

function mutate(source: Uint8Array, next: (n: number) => number): Uint8Array {
  const bytes = source.slice();
  const kind = next(4);
  // the header is where most of the decisions are: aim there half the time
  const at = () => (next(2) ? next(Math.min(bytes.length, 80)) : next(bytes.length));
  if (kind === 0) for (let i = next(4) + 1; i > 0; i--) bytes[at()] = next(256);
  if (kind === 1) bytes.fill(0xff, at(), at() + next(8) + 1);
  if (kind === 2) return bytes.subarray(0, next(bytes.length));
  if (kind === 3) bytes[at()] = 0x30 + next(10); // a digit: Netpbm numbers grow or shrink
  return bytes;
}

describe('BMP and Netpbm readers against mutated files', () => {
  it(`reads ${FILES.length} fixtures`, () => expect(FILES.length).toBeGreaterThanOrEqual(15));

  for (const file of FILES) {
    it(`${path.basename(file)}: ${MUTATIONS} mutations decode whole or fail with a DecodeError`, () => {
      const source = new Uint8Array(fs.readFileSync(file));
      const next = random(source.length * 31 + source[source.length - 1]!);
      const outcomes = new Set<string>();
      for (let i = 0; i < MUTATIONS; i++) {
        const bytes = mutate(source, next);
        if (!rasterFormat(bytes)) continue; // no longer one of these formats: another decoder's data
        try {
          const image = readRaster(bytes, MAX_PIXELS);
          expect(image.width * image.height).toBeLessThanOrEqual(MAX_PIXELS);
          expect(image.data.length).toBe(image.width * image.height * 4);
          outcomes.add('decoded');
        } catch (err) {
          if (!(err instanceof DecodeError)) throw err;
          expect(err.message).not.toContain('\n');
          outcomes.add(err.code);
        }
      }
      expect(outcomes.size).toBeGreaterThan(0);
    });
  }
});

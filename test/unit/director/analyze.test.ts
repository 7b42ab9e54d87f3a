/**
 * The Director's source analysis (director/analyze.ts), written for speed (a sliding 3 x 3
 * window, a table per sRGB value): it must equal the analysis written plainly, figure for
 * figure, so the look it proposes does not move.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeSource } from '../../../engine/director/analyze.js';
import { TONE_MAX } from '../../../engine/fixed.js';
import { interpolate } from '../../../engine/kernels/luma.js';
import { srgbTables } from '../../../engine/plan.js';

const LINEAR_TO_SRGB = srgbTables().linearToSrgb;

/** The noise, edge and colourfulness sums written plainly: every neighbour read with clamped indices. */
function plainSums(tone: Uint16Array, lin: Uint16Array, width: number, height: number) {
  const devHist = new Uint32Array(TONE_MAX + 1);
  let edges = 0;
  const at = (x: number, y: number) =>
    tone[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += at(x + dx, y + dy);
      devHist[Math.floor(Math.abs(at(x, y) * 9 - sum) / 9)]++;
      const gx =
        at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1);
      const gy =
        at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1);
      if (Math.abs(gx) + Math.abs(gy) > 4 * 0.1 * TONE_MAX) edges++;
    }
  const n = width * height;
  let median = 0;
  for (let below = devHist[0]; below <= n >> 1; below += devHist[++median]);
  let [sRg, sYb, sRg2, sYb2] = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const [r, g, b] = [0, 1, 2].map((c) => interpolate(LINEAR_TO_SRGB, lin[i * 3 + c]));
    sRg += r - g;
    sYb += (r + g) / 2 - b;
    sRg2 += (r - g) ** 2;
    sYb2 += ((r + g) / 2 - b) ** 2;
  }
  const [mRg, mYb] = [sRg / n, sYb / n];
  const sd = (s2: number, m: number) => Math.sqrt(Math.max(0, s2 / n - m * m));
  return {
    noise: 1.4826 * median,
    edgeDensity: edges / n,
    colorfulness: Math.hypot(sd(sRg2, mRg), sd(sYb2, mYb)) + 0.3 * Math.hypot(mRg, mYb),
  };
}

/** Tones and linear colours of `n` samples: smooth, with steps and noise, from `seed`. */
function planes(width: number, height: number, seed: number) {
  let s = seed;
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
  const tone = Uint16Array.from({ length: width * height }, (_, i) =>
    Math.min(TONE_MAX, Math.round(((i % width) * 97 + next() * 900) % (TONE_MAX + 1))),
  );
  const lin = Uint16Array.from({ length: width * height * 3 }, () => Math.floor(next() * 65536));
  return { tone, lin };
}

describe('analyzeSource', () => {
  it('divides a deviation by 9 with a multiply and shift: (d * 7282) >>> 16 is floor(d / 9) for every d to 8 x 4095', () => {
    for (let d = 0; d <= 8 * TONE_MAX; d++) if ((d * 7282) >>> 16 !== Math.floor(d / 9)) expect(d).toBe('exact');
  });

  it('gives the noise, edges and colourfulness of the plain analysis, on any size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (width, height, seed) => {
          const { tone, lin } = planes(width, height, seed);
          const fast = analyzeSource(tone, lin, width, height, LINEAR_TO_SRGB);
          const plain = plainSums(tone, lin, width, height);
          expect({ noise: fast.noise, edgeDensity: fast.edgeDensity, colorfulness: fast.colorfulness }).toEqual(plain);
        },
      ),
      { numRuns: 300 },
    );
  });
});

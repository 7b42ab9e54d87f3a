import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Q8_ONE, TONE_MAX } from '../../../engine/fixed.js';
import { resolveParams } from '../../../engine/index.js';
import { denoise } from '../../../engine/kernels/denoise.js';
import { planFrame } from '../../../engine/plan.js';
import { plane, planeOf, random } from '../../support/images.js';

const rangeOf = (denoiseStrength: number) =>
  planFrame(resolveParams({ denoise: denoiseStrength }, 'json'), { width: 8, height: 8 }).denoiseRange;

function run(src: Uint16Array, w: number, h: number, range: Uint16Array): number[] {
  const out = new Uint16Array(w * h);
  denoise(src, w, h, range, out);
  return Array.from(out);
}

/** Range weights that ignore the tone difference: a plain 1 2 1 binomial blur. */
const FLAT_RANGE = new Uint16Array(256).fill(Q8_ONE);

/** denoise written plainly: every tap's neighbour read with clamped indices, its weight from the range table. */
function plainDenoise(src: Uint16Array, w: number, h: number, range: Uint16Array): number[] {
  const at = (x: number, y: number) => src[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))];
  const spatial = [1, 2, 1, 2, 4, 2, 1, 2, 1];
  const out: number[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let sw = 0;
      let sv = 0;
      for (let t = 0; t < 9; t++) {
        const v = at(x + (t % 3) - 1, y + Math.floor(t / 3) - 1);
        const wt = spatial[t] * range[Math.min(255, Math.abs(v - at(x, y)) >> 4)];
        sw += wt;
        sv += wt * v;
      }
      out.push(Math.floor((sv + (sw >> 1)) / sw));
    }
  return out;
}

describe('denoise', () => {
  it('equals the plain bilateral filter on any plane and strength', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 20 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (w, h, strength, seed) => {
          const next = random(seed);
          // steps and noise: differences across the whole range table
          const src = Uint16Array.from({ length: w * h }, (_, i) =>
            Math.min(TONE_MAX, Math.floor((i % 5 === 0 ? next() * 4096 : 1800 + next() * 400) | 0)),
          );
          expect(run(src, w, h, rangeOf(strength))).toEqual(plainDenoise(src, w, h, rangeOf(strength)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('with a flat range table is the 3 x 3 binomial: (sum w v + W / 2) / W', () => {
    const src = plane([
      [1000, 1000, 1000],
      [1000, 1016, 1000],
      [1000, 1000, 1000],
    ]);
    // centre: (12 * 1000 + 4 * 1016 + 8) / 16 = 1004; an edge sample sees the centre with weight 2
    // (borders clamped): (14 * 1000 + 2 * 1016 + 8) / 16 = 1002; a corner with weight 1: 16024 / 16 = 1001
    expect(run(src, 3, 3, FLAT_RANGE)).toEqual([1001, 1002, 1001, 1002, 1004, 1002, 1001, 1002, 1001]);
  });

  it('with a range table that only trusts equal tones keeps every sample', () => {
    const only = new Uint16Array(256);
    only[0] = Q8_ONE;
    const src = plane([
      [0, 4095, 17],
      [300, 16, 2000],
    ]);
    // |dv| >> 4: 16 - 0 = 16 -> bin 1, weight 0; only 16 and 17 (bin 0) see each other, and they
    // round back to themselves: 17: (9 * 17 + 16) / 10 = 16.9 + 0.5 -> 17; 16: (17 + 6 * 16) / 7 -> 16
    expect(run(src, 3, 2, only)).toEqual(Array.from(src));
  });

  it('keeps a flat plane flat at every strength', () => {
    for (const d of [0.05, 0.35, 1])
      for (const v of [0, 1, 2048, TONE_MAX]) {
        expect(run(new Uint16Array(5 * 4).fill(v), 5, 4, rangeOf(d))).toEqual(new Array(20).fill(v));
      }
  });

  it('copies the plane when the range table is empty (denoise 0)', () => {
    expect(rangeOf(0)).toHaveLength(0);
    const next = random(4);
    const src = Uint16Array.from({ length: 7 * 5 }, () => Math.floor(next() * 4096));
    expect(run(src, 7, 5, rangeOf(0))).toEqual(Array.from(src));
  });

  it('lets a black-white edge survive at full strength, and smooths small noise', () => {
    const edge = planeOf(6, 4, (x) => (x < 3 ? 0 : TONE_MAX));
    expect(run(edge, 6, 4, rangeOf(1))).toEqual(Array.from(edge));
    const next = random(5);
    const noisy = planeOf(16, 16, () => 2000 + Math.round((next() - 0.5) * 200));
    const out = run(noisy, 16, 16, rangeOf(1));
    // the binomial alone divides a white noise's deviation by 16 / sqrt(36) = 2.7
    const deviation = (v: ArrayLike<number>) => Math.sqrt(Array.from(v).reduce((a, t) => a + (t - 2000) ** 2, 0) / 256);
    expect(deviation(out)).toBeLessThan(deviation(noisy) / 2);
  });

  it('weights stay within the header: range in Q8 <= 256 with range[0] > 0, so 0 < W <= 4096', () => {
    for (const d of [Number.MIN_VALUE, 0.005, 0.35, 1]) {
      const range = rangeOf(d);
      expect(range).toHaveLength(256);
      expect(Math.max(...range)).toBeLessThanOrEqual(Q8_ONE);
      expect(range[0]).toBeGreaterThan(0);
    }
    expect(rangeOf(1)[0]).toBe(Q8_ONE);
    // the largest weighted sum: W = 16 * 256 = 4096 of white 4095
    expect(16 * Q8_ONE * TONE_MAX + (16 * Q8_ONE) / 2).toBeLessThan(2 ** 24);
    expect(run(new Uint16Array(9).fill(TONE_MAX), 3, 3, rangeOf(1))).toEqual(new Array(9).fill(TONE_MAX));
  });
});

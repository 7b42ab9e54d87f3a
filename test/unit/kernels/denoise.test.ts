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

describe('denoise', () => {
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

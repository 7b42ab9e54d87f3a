import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TONE_MAX } from '../../../engine/fixed.js';
import { resolveParams } from '../../../engine/index.js';
import { sharpen } from '../../../engine/kernels/sharpen.js';
import { planFrame } from '../../../engine/plan.js';
import { plane, planeOf, random } from '../../support/images.js';

const amountOf = (s: number) => planFrame(resolveParams({ sharpen: s }, 'json'), { width: 8, height: 8 }).sharpenAmount;
const MAX_AMOUNT = amountOf(1);

function run(src: Uint16Array, w: number, h: number, amount: number): number[] {
  const out = new Uint16Array(w * h);
  sharpen(src, w, h, amount, out);
  return Array.from(out);
}

/** sharpen written plainly: the binomial's nine taps read with clamped indices. */
function plainSharpen(src: Uint16Array, w: number, h: number, amount: number): number[] {
  const at = (x: number, y: number) => src[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))];
  return Array.from({ length: w * h }, (_, i) => {
    const [x, y] = [i % w, Math.floor(i / w)];
    let s = 0;
    for (let t = 0; t < 9; t++) s += [1, 2, 1, 2, 4, 2, 1, 2, 1][t] * at(x + (t % 3) - 1, y + Math.floor(t / 3) - 1);
    const v = at(x, y);
    return Math.min(TONE_MAX, Math.max(0, v + (((v - ((s + 8) >> 4)) * amount) >> 8)));
  });
}

describe('sharpen', () => {
  it('equals the plain unsharp mask on any plane and amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: MAX_AMOUNT }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (w, h, amount, seed) => {
          const next = random(seed);
          const src = Uint16Array.from({ length: w * h }, () => Math.floor(next() * (TONE_MAX + 1)));
          expect(run(src, w, h, amount)).toEqual(plainSharpen(src, w, h, amount));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('maps sharpen 0..1 to a Q8 amount 0..384 (1.5x)', () => {
    expect([amountOf(0), amountOf(0.35), MAX_AMOUNT]).toEqual([0, 134, 384]);
  });

  it('adds (v - blur) * amount >> 8 with the 1 2 1 binomial blur, borders clamped', () => {
    const src = plane([
      [1000, 1000, 1000],
      [1000, 1160, 1000],
      [1000, 1000, 1000],
    ]);
    // centre: blur = (12 * 1000 + 4 * 1160 + 8) >> 4 = 1040; 1160 + ((120 * 256) >> 8) = 1280
    // an edge sample sees the centre with weight 2: blur = (14000 + 2320 + 8) >> 4 = 1020; 1000 - 20 = 980
    // a corner with weight 1: blur = (15000 + 1160 + 8) >> 4 = 1010; 1000 - 10 = 990
    expect(run(src, 3, 3, 256)).toEqual([990, 980, 990, 980, 1280, 980, 990, 980, 990]);
  });

  it('floors negative corrections (arithmetic shift), like the WGSL i32 shift', () => {
    // corner of the plane above at amount 1: (-10 * 1) >> 8 = -1, not 0
    const src = plane([
      [1000, 1000, 1000],
      [1000, 1160, 1000],
      [1000, 1000, 1000],
    ]);
    expect(run(src, 3, 3, 1)[0]).toBe(999);
  });

  it('leaves a flat plane unchanged', () => {
    for (const v of [0, 777, TONE_MAX])
      expect(run(new Uint16Array(12).fill(v), 4, 3, MAX_AMOUNT)).toEqual(new Array(12).fill(v));
  });

  it('makes a step overshoot on both sides', () => {
    const step = planeOf(8, 3, (x) => (x < 4 ? 1000 : 3000));
    const out = run(step, 8, 3, MAX_AMOUNT);
    expect(out[3]).toBeLessThan(1000);
    expect(out[4]).toBeGreaterThan(3000);
    expect(out[0]).toBe(1000);
    expect(out[7]).toBe(3000);
  });

  it('copies the plane at amount 0', () => {
    const next = random(7);
    const src = Uint16Array.from({ length: 30 }, () => Math.floor(next() * 4096));
    expect(run(src, 6, 5, 0)).toEqual(Array.from(src));
  });

  it('clamps to 0..4095 and stays inside |(v - blur) * amount| <= 4095 * 384 < 2^21 at max amount', () => {
    expect(TONE_MAX * MAX_AMOUNT).toBeLessThan(2 ** 21);
    const checker = planeOf(6, 6, (x, y) => ((x + y) % 2 ? TONE_MAX : 0));
    const out = run(checker, 6, 6, MAX_AMOUNT);
    expect(out).toEqual(Array.from(checker));
  });
});

import { describe, expect, it } from 'vitest';
import { SAMPLES_PER_CELL } from '../../../engine/fixed.js';
import { CHARSETS, resolveParams } from '../../../engine/index.js';
import { CELL_MEAN, CELL_STRIDE, CELL_SWITCH } from '../../../engine/kernels/cells.js';
import { motionStart, type TemporalConstants, temporal } from '../../../engine/kernels/temporal.js';
import { planFrame } from '../../../engine/plan.js';
import { I32_MAX } from '../../support/bounds.js';
import { random } from '../../support/images.js';

/** The standard charset: its densest glyph is '@', coverage 1097, which the hand-worked numbers use. */
const constantsOf = (motionSensitivity: number, charset = 'standard') =>
  planFrame(resolveParams({ motionSensitivity, charset }, 'json'), { width: 8, height: 8 }).temporal;
const DEFAULT = constantsOf(0.7);

/** One cell's filter: feed frames of 8 targets, read the filtered targets, mean and switching cost. */
function filter(c: TemporalConstants = DEFAULT) {
  const m = new Int32Array(SAMPLES_PER_CELL);
  const p = new Int32Array(SAMPLES_PER_CELL);
  let fresh = true;
  return {
    m,
    p,
    frame(targets: readonly number[]) {
      const data = new Int32Array(CELL_STRIDE);
      data.set(targets);
      temporal(data, 1, c, fresh, m, p);
      fresh = false;
      return { z: Array.from(data.subarray(0, 8)), mean: data[CELL_MEAN], switchCost: data[CELL_SWITCH] };
    },
  };
}

const flat = (v: number) => new Array<number>(8).fill(v);

/** Frames until the filtered mean covers 90 % of a step from 0 to `to`, after 4 static frames. */
function stepFrames(c: TemporalConstants, to: number): number {
  const f = filter(c);
  for (let i = 0; i < 4; i++) f.frame(flat(0));
  for (let n = 1; n <= 30; n++) if (f.frame(flat(to)).mean >= 0.9 * to) return n;
  return 31;
}

describe('temporal', () => {
  it('has the plan constants of DESIGN 3: r = (densest / 40)^2, q = r / 16, motion 8 r, cap 16 r', () => {
    // standard: densest '@' 1097, (1097 / 40)^2 = 752.1
    expect(DEFAULT).toEqual({ r: 752, q: 47, qMotion: 6016, cap: 12032, sensitivity: 2867, switchScale: 8 });
    expect(constantsOf(0).sensitivity).toBe(0);
    expect(constantsOf(1).sensitivity).toBe(4096);
  });

  it('motion starts at 2 sigma (4 v) at the default 0.7, later below it, at once at 1', () => {
    expect(motionStart(DEFAULT.sensitivity)).toBe(64);
    expect(motionStart(constantsOf(0).sensitivity)).toBe(213);
    expect(motionStart(constantsOf(1).sensitivity)).toBe(0);
    const starts = [0, 0.2, 0.4, 0.6, 0.8, 1].map((s) => motionStart(constantsOf(s).sensitivity));
    for (let i = 1; i < starts.length; i++) expect(starts[i]).toBeLessThan(starts[i - 1]);
  });

  it('at motionSensitivity 1 every change is motion: frames pass through unsmoothed, with no switching cost', () => {
    const f = filter(constantsOf(1));
    const gauss = random(7);
    f.frame(flat(500));
    for (let n = 0; n < 20; n++) {
      const z = Array.from({ length: 8 }, () => 500 + Math.round((gauss() - 0.5) * 40));
      const out = f.frame(z);
      expect(out.z).toEqual(z);
      expect(out.switchCost).toBe(0);
    }
  });

  it('passes a fresh frame through: m = z * 16, p = cap / 4, no switching cost', () => {
    const f = filter();
    const z = [0, 100, 200, 300, 400, 500, 600, 1097];
    const out = f.frame(z);
    expect(out.z).toEqual(z);
    expect(out.mean).toBe((3197 + 4) >> 3);
    expect(out.switchCost).toBe(0);
    expect(Array.from(f.m)).toEqual(z.map((v) => v * 16));
    expect(Array.from(f.p)).toEqual(new Array(8).fill(3008));
  });

  it('updates by hand-checkable steps on a static cell', () => {
    const f = filter();
    f.frame(flat(500));
    // same value: d = 0, w = 0; p' = 3008 + 47 = 3055; k = 3055 * 4096 / 3807 = 3286
    // p = (4096 - 3286) * 3055 >> 12 = 604; switching cost 8 r = 6016
    const same = f.frame(flat(500));
    expect(same.z).toEqual(flat(500));
    expect(Array.from(f.p)).toEqual(new Array(8).fill(604));
    expect(same.switchCost).toBe(6016);
    // +10: d = 160, s = 100 <= 4 (604 + 752): w = 0; p' = 651, k = 651 * 4096 / 1403 = 1900
    // m = 8000 + (1900 * 160 >> 12) = 8074; z' = (8074 + 8) >> 4 = 505
    expect(f.frame(flat(510)).z).toEqual(flat(505));
  });

  it('converges on a static noisy cell: the output wanders far less than the input', () => {
    const next = random(8);
    const f = filter();
    let inDev = 0;
    let outDev = 0;
    for (let n = 0; n < 60; n++) {
      const z = Array.from({ length: 8 }, () => 500 + Math.round((next() - 0.5) * 60));
      const out = f.frame(z);
      if (n >= 20) {
        inDev += z.reduce((a, v) => a + Math.abs(v - 500), 0);
        outDev += out.z.reduce((a, v) => a + Math.abs(v - 500), 0);
      }
    }
    expect(outDev).toBeLessThan(inDev / 3);
  });

  it('follows a step within 3 frames at motionSensitivity 0.7, and drops the switching cost on it', () => {
    expect(stepFrames(DEFAULT, 878)).toBeLessThanOrEqual(3);
    const f = filter();
    for (let i = 0; i < 4; i++) f.frame(flat(0));
    expect(f.frame(flat(878)).switchCost).toBe(0);
  });

  it('follows faster with a higher motionSensitivity', () => {
    const first = (s: number) => {
      const f = filter(constantsOf(s));
      for (let i = 0; i < 4; i++) f.frame(flat(0));
      return f.frame(flat(878)).mean;
    };
    const after = [0, 0.35, 0.7, 1].map(first);
    for (let i = 1; i < after.length; i++) expect(after[i]).toBeGreaterThan(after[i - 1]);
    expect(after[3]).toBe(878); // motion evidence and sensitivity 1: the gain is pulled to 1
    const frames = [0, 0.35, 0.7, 1].map((s) => stepFrames(constantsOf(s), 878));
    for (let i = 1; i < frames.length; i++) expect(frames[i]).toBeLessThanOrEqual(frames[i - 1]);
    expect(frames[3]).toBeLessThan(frames[0]);
  });

  it('stays inside its bounds at the largest densest ink (blocks) and full steps', () => {
    const densest = planFrame(resolveParams({ charset: 'blocks' }, 'json'), { width: 8, height: 8 }).glyphs.densest;
    for (const charset of CHARSETS) {
      const c = constantsOf(1, charset);
      expect(c.r).toBeLessThan(2 ** 14);
      const v = c.cap + c.r; // the largest p + r
      const pp = c.cap + c.q + c.qMotion; // the largest p'
      expect(pp).toBeLessThan(2 ** 19);
      expect(12 * v * 256).toBeLessThan(I32_MAX); // (s - 4 v) * 256 < 12 v * 256
      expect(pp * 4096).toBeLessThan(I32_MAX);
      expect(4096 * c.qMotion).toBeLessThan(I32_MAX);
      expect(c.switchScale * c.r * 4096).toBeLessThan(I32_MAX);
    }
    // |d| <= densest * 16 < 2^17, s = (d >> 4)^2 < 2^26, |kf * d| < 2^29
    expect(densest * 16).toBeLessThan(2 ** 17);
    expect(densest ** 2).toBeLessThan(2 ** 26);
    expect(4096 * densest * 16).toBeLessThan(2 ** 29);
    const f = filter(constantsOf(1, 'blocks'));
    f.frame(flat(0));
    for (let i = 0; i < 3; i++) expect(f.frame(flat(densest)).z.every((z) => z >= 0 && z <= densest)).toBe(true);
    for (let i = 0; i < 3; i++) expect(f.frame(flat(0)).z.every((z) => z >= 0 && z <= densest)).toBe(true);
    expect(f.frame(flat(0)).z).toEqual(flat(0));
  });
});

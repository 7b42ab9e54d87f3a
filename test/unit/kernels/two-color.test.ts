/** The two-colour fit (kernels/two-color.ts): the fit itself, and the stream's steadier colors. */
import { describe, expect, it } from 'vitest';
import { CpuExecutor, StreamState } from '../../../engine/cpu/executor.js';
import { fitChannel } from '../../../engine/kernels/two-color.js';
import { planFrame } from '../../../engine/plan.js';
import { imageOf } from '../../support/images.js';
import { paramsOf } from '../../support/render.js';
import { withNoise } from '../../support/synthetic.js';

/** fitChannel for 8 samples x under a mask a (Q8): [bg, fg, E]. */
function fit(a: number[], x: number[]): number[] {
  const sum = (f: (i: number) => number) => a.reduce((s, _, i) => s + f(i), 0);
  const out = new Int32Array(3);
  fitChannel(
    sum((i) => a[i]),
    sum((i) => a[i] * a[i]),
    sum((i) => a[i] * x[i]),
    sum((i) => x[i]),
    sum((i) => x[i] * x[i]),
    out,
  );
  return Array.from(out);
}

describe('twoColor', () => {
  it('fits a blank glyph with the cell mean, and a glyph on its samples with its colors', () => {
    const x = [10, 10, 200, 200, 10, 10, 200, 200];
    const [bg, fg, e] = fit([0, 0, 0, 0, 0, 0, 0, 0], x);
    expect([bg, fg]).toEqual([105, 105]);
    expect(e).toBeGreaterThan(0);
    // a mask on exactly the bright samples: the ink takes the bright color, the rest the dark
    const [bg2, fg2, e2] = fit([0, 0, 256, 256, 0, 0, 256, 256], x);
    expect([bg2, fg2, e2]).toEqual([10, 200, 0]);
    // a light mask over part of them: each color is the mean of what it covers, the cell's mean kept
    const [bg3, fg3] = fit([0, 0, 64, 0, 0, 0, 0, 0], x);
    expect(fg3).toBe(200);
    expect(Math.abs((bg3 * (2048 - 64) + fg3 * 64) / 2048 - 105)).toBeLessThan(1);
  });

  it('never shows a color outside the range of the cell', () => {
    for (const mask of [
      [30, 0, 0, 0, 0, 0, 0, 0],
      [0, 90, 10, 0, 40, 0, 0, 60],
      [256, 256, 256, 256, 256, 256, 256, 0],
    ]) {
      const x = [120, 130, 125, 140, 110, 135, 128, 122];
      const [bg, fg] = fit(mask, x);
      for (const c of [bg, fg]) {
        expect(c).toBeGreaterThanOrEqual(110);
        expect(c).toBeLessThanOrEqual(140);
      }
    }
  });

  it('steadies the colors of a still, noisy stream (each frame alone flickers more)', () => {
    const still = imageOf(96, 96, (x, y) => [60 + x, 90, 120 + (y >> 1)]);
    const params = paramsOf({ columns: 24, color: true, background: true, autoOptimize: 0 });
    const plan = planFrame(params, still);
    const cpu = new CpuExecutor();
    const stream = new StreamState();
    const frames = Array.from({ length: 12 }, (_, f) => withNoise(still, 5, f + 1));
    const change = (grids: { backgrounds?: Uint8Array }[]) => {
      let total = 0;
      for (let f = 4; f < grids.length; f++) {
        const [a, b] = [grids[f - 1].backgrounds as Uint8Array, grids[f].backgrounds as Uint8Array];
        for (let k = 0; k < a.length; k++) total += Math.abs(a[k] - b[k]);
      }
      return total;
    };
    const streamed = frames.map((frame) => cpu.render(plan, frame, stream));
    const alone = frames.map((frame) => cpu.render(plan, frame));
    expect(change(streamed)).toBeLessThan(change(alone) * 0.3);
  });
});

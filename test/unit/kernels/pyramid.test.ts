import { describe, expect, it } from 'vitest';
import { pyramid } from '../../../engine/kernels/pyramid.js';
import { random } from '../../support/images.js';

/** RGB u16 planes from [r, g, b] samples, row-major. */
const rgb = (...samples: (readonly number[])[]) => Uint16Array.from(samples.flat());

function run(src: Uint16Array, w: number, h: number, fx: 1 | 2, fy: 1 | 2): number[] {
  const ow = Math.floor(w / fx);
  const oh = Math.floor(h / fy);
  const out = new Uint16Array(ow * oh * 3);
  pyramid(src, w, fx, fy, ow, oh, out);
  return Array.from(out);
}

describe('pyramid', () => {
  it('2 x 2: (a + b + c + d + 2) >> 2 per channel', () => {
    const src = rgb([0, 1, 65535], [1, 1, 65535], [2, 1, 65535], [4, 0, 65535]);
    // r: 7 + 2 >> 2 = 2; g: 3 + 2 >> 2 = 1; b: 4 * 65535 + 2 >> 2 = 65535
    expect(run(src, 2, 2, 2, 2)).toEqual([2, 1, 65535]);
  });

  it('2 x 1 and 1 x 2: (a + b + 1) >> 1, rounding half up', () => {
    const pair = rgb([1, 2, 100], [2, 2, 101]);
    expect(run(pair, 2, 1, 2, 1)).toEqual([2, 2, 101]);
    expect(run(pair, 1, 2, 1, 2)).toEqual([2, 2, 101]);
  });

  it('halves only the axis asked for', () => {
    // 4 x 2 samples, r = x + 10 y
    const src = rgb(...Array.from({ length: 8 }, (_, i) => [(i % 4) + 10 * Math.floor(i / 4), 0, 0]));
    expect(run(src, 4, 2, 2, 1).filter((_, i) => i % 3 === 0)).toEqual([1, 3, 11, 13]); // (0+1+1)>>1, (2+3+1)>>1, ...
    expect(run(src, 4, 2, 1, 2).filter((_, i) => i % 3 === 0)).toEqual([5, 6, 7, 8]); // (0+10+1)>>1 = 5, ...
  });

  it('drops a last odd column and row', () => {
    const w = 3;
    const h = 3;
    const src = new Uint16Array(w * h * 3).fill(1000);
    const changed = src.slice();
    for (let y = 0; y < h; y++) changed.fill(0, (y * w + 2) * 3, (y * w + 3) * 3);
    changed.fill(0, 2 * w * 3);
    expect(run(src, w, h, 2, 2)).toEqual([1000, 1000, 1000]);
    expect(run(changed, w, h, 2, 2)).toEqual([1000, 1000, 1000]);
  });

  it('keeps a constant plane constant and the mean within rounding', () => {
    const next = random(2);
    const w = 10;
    const h = 6;
    const src = Uint16Array.from({ length: w * h * 3 }, () => Math.floor(next() * 65536));
    const out = run(src, w, h, 2, 2);
    for (let y = 0; y < 3; y++)
      for (let x = 0; x < 5; x++)
        for (let k = 0; k < 3; k++) {
          const at = (dx: number, dy: number) => src[((2 * y + dy) * w + 2 * x + dx) * 3 + k];
          expect(out[(y * 5 + x) * 3 + k]).toBe((at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1) + 2) >> 2);
        }
    expect(run(new Uint16Array(w * h * 3).fill(777), w, h, 2, 2)).toEqual(new Array(5 * 3 * 3).fill(777));
  });

  it('stays inside its bound at white: 4 * 65535 + 2 < 2^18, and white stays 65535', () => {
    expect(4 * 65535 + 2).toBeLessThan(2 ** 18);
    expect(run(new Uint16Array(4 * 4 * 3).fill(65535), 4, 4, 2, 2)).toEqual(new Array(12).fill(65535));
    expect(run(new Uint16Array(4 * 4 * 3).fill(65535), 4, 4, 2, 1)).toEqual(new Array(24).fill(65535));
  });
});

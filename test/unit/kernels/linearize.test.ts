import { describe, expect, it } from 'vitest';
import { LINEAR_MAX } from '../../../engine/fixed.js';
import { defaultParams } from '../../../engine/index.js';
import { linearize, linearizeTwoSteps } from '../../../engine/kernels/linearize.js';
import { pyramid } from '../../../engine/kernels/pyramid.js';
import { planFrame } from '../../../engine/plan.js';
import { random } from '../../support/images.js';

const LUT = planFrame(defaultParams(), { width: 8, height: 8 }).srgbToLinear;

/** RGBA bytes from [r, g, b, a] pixels, row-major. */
const rgba = (...pixels: (readonly number[])[]) => Uint8Array.from(pixels.flat());

function run(src: Uint8Array, w: number, h: number, fx: 1 | 2, fy: 1 | 2, under = 0): number[] {
  const ow = Math.floor(w / fx);
  const oh = Math.floor(h / fy);
  const out = new Uint16Array(ow * oh * 3);
  linearize(src, w, fx, fy, ow, oh, LUT, out, under);
  return Array.from(out);
}

/** The same bytes at byte offset 1, so the kernel cannot take the u32 view (the generic path). */
function unaligned(src: Uint8Array): Uint8Array {
  const buffer = new Uint8Array(src.length + 1);
  buffer.set(src, 1);
  return buffer.subarray(1);
}

describe('linearize', () => {
  it('uses the sRGB decode LUT: 0 -> 0, 255 -> 65535, 128 -> 14146, strictly increasing', () => {
    expect(LUT).toHaveLength(256);
    expect([LUT[0], LUT[128], LUT[255]]).toEqual([0, 14146, LINEAR_MAX]);
    // ((128/255 + 0.055) / 1.055)^2.4 * 65535 = 14145.9; the linear toe: 1/255/12.92 * 65535 = 19.9
    expect(LUT[1]).toBe(20);
    for (let i = 1; i < 256; i++) expect(LUT[i]).toBeGreaterThan(LUT[i - 1]);
  });

  it('1 x 1: each channel through the LUT, alpha ignored when opaque', () => {
    expect(run(rgba([0, 128, 255, 255]), 1, 1, 1, 1)).toEqual([0, 14146, 65535]);
  });

  it('treats alpha as ink coverage over black: v = (lut * a + 127) / 255, truncated', () => {
    expect(run(rgba([255, 255, 255, 0]), 1, 1, 1, 1)).toEqual([0, 0, 0]);
    // 65535 * 128 = 8388480; (8388480 + 127) / 255 = 32896.5 -> 32896
    expect(run(rgba([255, 255, 255, 128]), 1, 1, 1, 1)).toEqual([32896, 32896, 32896]);
    // 14146 * 1 + 127 = 14273; / 255 = 55.97 -> 55
    expect(run(rgba([128, 0, 255, 1]), 1, 1, 1, 1)).toEqual([55, 0, 257]);
  });

  it('lays a translucent pixel over a white page when asked (inverted art): v = (lut * a + 65535 * (255 - a) + 127) / 255', () => {
    expect(run(rgba([0, 0, 0, 0]), 1, 1, 1, 1, LINEAR_MAX)).toEqual([65535, 65535, 65535]);
    // 14146 * 1 + 65535 * 254 + 127 = 16660163; / 255 = 65333.97 -> 65333
    expect(run(rgba([128, 0, 255, 1]), 1, 1, 1, 1, LINEAR_MAX)).toEqual([65333, 65278, 65535]);
    // opaque pixels are the page's no matter what is under them
    expect(run(rgba([0, 128, 255, 255]), 1, 1, 1, 1, LINEAR_MAX)).toEqual([0, 14146, 65535]);
    // the 2 x 2 path (whole words) and the generic one agree
    const src = rgba([0, 0, 0, 0], [255, 255, 255, 255], [0, 0, 0, 255], [128, 64, 32, 100]);
    expect(run(src, 2, 2, 2, 2, LINEAR_MAX)).toEqual(run(unaligned(src), 2, 2, 2, 2, LINEAR_MAX));
  });

  it('2 x 2 box: (sum of 4 + 2) >> 2 per channel', () => {
    const src = rgba([255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [128, 128, 128, 255]);
    // r: 65535 + 0 + 0 + 14146 = 79681, +2 >> 2 = 19920
    expect(run(src, 2, 2, 2, 2)).toEqual([19920, 19920, 19920]);
  });

  it('2 x 1 and 1 x 2 boxes: (a + b + 1) >> 1', () => {
    const pair = rgba([255, 0, 1, 255], [0, 0, 0, 255]);
    // 65535 + 1 >> 1 = 32768; 20 + 1 >> 1 = 10
    expect(run(pair, 2, 1, 2, 1)).toEqual([32768, 0, 10]);
    expect(run(pair, 1, 2, 1, 2)).toEqual([32768, 0, 10]);
  });

  it('2 x 2 with partial alpha: each pixel weighted first, then averaged', () => {
    const src = rgba([255, 255, 255, 128], [255, 255, 255, 255], [0, 0, 0, 255], [255, 255, 255, 0]);
    // 32896 + 65535 + 0 + 0 = 98431, +2 >> 2 = 24608
    expect(run(src, 2, 2, 2, 2)).toEqual([24608, 24608, 24608]);
    expect(run(unaligned(src), 2, 2, 2, 2)).toEqual([24608, 24608, 24608]);
  });

  it('drops a last odd column and row: ow = floor(w / fx), oh = floor(h / fy)', () => {
    const w = 5;
    const h = 3;
    const base = new Uint8Array(w * h * 4).fill(255);
    const out = run(base, w, h, 2, 2);
    expect(out).toHaveLength(2 * 1 * 3);
    // blacken the last column and the last row: the output does not change
    const changed = base.slice();
    for (let y = 0; y < h; y++) changed.fill(0, (y * w + 4) * 4, (y * w + 4) * 4 + 3);
    changed.fill(0, 2 * w * 4, 3 * w * 4);
    expect(run(changed, w, h, 2, 2)).toEqual(out);
    expect(run(unaligned(changed), w, h, 2, 2)).toEqual(out);
  });

  it('the u32 fast path (aligned 2 x 2) equals the generic byte path, for any pixels and alphas', () => {
    const next = random(1);
    for (const [w, h] of [
      [2, 2],
      [7, 5],
      [16, 9],
      [33, 32],
    ]) {
      const src = new Uint8Array(w * h * 4);
      for (let i = 0; i < src.length; i++) src[i] = Math.floor(next() * 256);
      // half the pixels opaque, so both branches of the fast path run
      for (let i = 3; i < src.length; i += 8) src[i] = 255;
      expect(src.byteOffset % 4).toBe(0);
      expect(run(src, w, h, 2, 2)).toEqual(run(unaligned(src), w, h, 2, 2));
      // and the fast path's opaque shortcut equals the alpha formula at a = 255
      const opaque = src.slice();
      for (let i = 3; i < opaque.length; i += 4) opaque[i] = 255;
      expect(run(opaque, w, h, 2, 2)).toEqual(run(unaligned(opaque), w, h, 2, 2));
    }
  });

  it('takes Uint8ClampedArray input (canvas ImageData) like Uint8Array', () => {
    const src = rgba([10, 20, 30, 255], [40, 50, 60, 200], [70, 80, 90, 255], [100, 110, 120, 3]);
    expect(run(new Uint8ClampedArray(src) as unknown as Uint8Array, 2, 2, 2, 2)).toEqual(run(src, 2, 2, 2, 2));
  });

  it('stays inside its bounds at white: alpha product <= 65535 * 255 < 2^24, box sum <= 4 * 65535 < 2^18', () => {
    expect(LUT[255] * 255 + 127).toBeLessThan(2 ** 24);
    expect(4 * LUT[255] + 2).toBeLessThan(2 ** 18);
    const white = new Uint8Array(4 * 4 * 4).fill(255);
    expect(run(white, 4, 4, 2, 2)).toEqual(new Array(12).fill(65535));
    expect(run(unaligned(white), 4, 4, 2, 2)).toEqual(new Array(12).fill(65535));
    const almost = white.map((v, i) => (i % 4 === 3 ? 254 : v));
    // 65535 * 254 = 16645890; (16645890 + 127) / 255 = 65278.5 -> 65278
    expect(run(almost, 4, 4, 2, 2)).toEqual(new Array(12).fill(65278));
  });
});

/** w x h random RGBA bytes (opaque), from a seed. */
function noise(w: number, h: number, seed: number): Uint8Array {
  const next = random(seed);
  const src = Uint8Array.from({ length: w * h * 4 }, () => Math.floor(next() * 256));
  for (let i = 3; i < src.length; i += 4) src[i] = 255;
  return src;
}

describe('linearizeTwoSteps', () => {
  it('equals linearize 2 x 2 then one pyramid step 2 x 2, odd sizes and partial alpha included', () => {
    for (const [w, h] of [
      [16, 12],
      [19, 13],
      [37, 22],
    ]) {
      const src = noise(w, h, w * 31 + h);
      // some pixels partly or wholly transparent, over black and over the white page
      for (let i = 3; i < src.length; i += 28) src[i] = (i * 7) % 256;
      for (const under of [0, LINEAR_MAX]) {
        const [ow, oh] = [Math.floor(w / 2), Math.floor(h / 2)];
        const level = new Uint16Array(ow * oh * 3);
        linearize(src, w, 2, 2, ow, oh, LUT, level, under);
        const [nw, nh] = [ow >> 1, oh >> 1];
        const twoPasses = new Uint16Array(nw * nh * 3);
        pyramid(level, ow, 2, 2, nw, nh, twoPasses);
        const onePass = new Uint16Array(nw * nh * 3);
        expect(linearizeTwoSteps(src, w, nw, nh, LUT, onePass, under)).toBe(true);
        expect(Array.from(onePass)).toEqual(Array.from(twoPasses));
      }
    }
  });

  it('declines a buffer it cannot read as words (the caller then makes the levels one by one)', () => {
    const src = unaligned(noise(8, 8, 3));
    expect(linearizeTwoSteps(src, 8, 2, 2, LUT, new Uint16Array(12), 0)).toBe(false);
  });
});

/**
 * The Director's view blur (director/metrics.ts `viewBlur`), unrolled for speed: it must equal
 * the plain separable Gaussian blur, sum for sum, so the evidence it measures does not move.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VIEW_BLUR, viewBlur } from '../../../engine/director/metrics.js';

/** The blur written plainly: taps paired from the centre out, edges replicated, rows then columns. */
function plainBlur(src: ArrayLike<number>, w: number, h: number, sigma: number): Float32Array {
  const r = Math.ceil(sigma * 3);
  let ks = 0;
  for (let i = -r; i <= r; i++) ks += Math.exp(-(i * i) / (2 * sigma * sigma));
  const k = Array.from({ length: r + 1 }, (_, i) => Math.exp(-(i * i) / (2 * sigma * sigma)) / ks);
  const at = (v: number, n: number) => Math.min(n - 1, Math.max(0, v));
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = k[0] * src[y * w + x];
      for (let i = 1; i <= r; i++) s += k[i] * (src[y * w + at(x - i, w)] + src[y * w + at(x + i, w)]);
      tmp[y * w + x] = s;
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = k[0] * tmp[y * w + x];
      for (let i = 1; i <= r; i++) s += k[i] * (tmp[at(y - i, h) * w + x] + tmp[at(y + i, h) * w + x]);
      out[y * w + x] = s;
    }
  return out;
}

describe('viewBlur', () => {
  it('equals the plain blur at sigma VIEW_BLUR exactly, on any size', () => {
    expect(Math.ceil(VIEW_BLUR * 3)).toBe(5);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (w, h, seed) => {
          let s = seed;
          const src = Float32Array.from({ length: w * h }, () => {
            s = (Math.imul(s, 1103515245) + 12345) >>> 0;
            return (s % 4096000) / 1000.3;
          });
          expect(viewBlur(src, w, h)).toEqual(plainBlur(src, w, h, VIEW_BLUR));
        },
      ),
      { numRuns: 200 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TONE_MAX } from '../../../engine/fixed.js';
import { sobel } from '../../../engine/kernels/sobel.js';
import { planeOf, random } from '../../support/images.js';

/** [gx, gy] per sample. */
function run(src: Uint16Array, w: number, h: number): [number, number][] {
  const out = new Int32Array(w * h * 2);
  sobel(src, w, h, out);
  return Array.from({ length: w * h }, (_, i) => [out[2 * i], out[2 * i + 1]]);
}

/** Sobel written plainly: every neighbour read with clamped indices. */
function plainSobel(src: Uint16Array, w: number, h: number): [number, number][] {
  const at = (x: number, y: number) => src[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))];
  return Array.from({ length: w * h }, (_, i) => {
    const [x, y] = [i % w, Math.floor(i / w)];
    const gx =
      at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1);
    const gy =
      at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1);
    return [gx, gy];
  });
}

describe('sobel', () => {
  it('equals the plain Sobel on any plane', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (w, h, seed) => {
          const next = random(seed);
          const src = Uint16Array.from({ length: w * h }, () => Math.floor(next() * (TONE_MAX + 1)));
          expect(run(src, w, h)).toEqual(plainSobel(src, w, h));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a horizontal ramp of 100 per sample: gx = 4 * 200 = 800 inside, 400 at the clamped borders, gy = 0', () => {
    const g = run(
      planeOf(5, 3, (x) => 100 * x),
      5,
      3,
    );
    expect(g.map(([gx]) => gx)).toEqual([400, 800, 800, 800, 400, 400, 800, 800, 800, 400, 400, 800, 800, 800, 400]);
    expect(g.every(([, gy]) => gy === 0)).toBe(true);
  });

  it('a vertical ramp: gy = 800 inside, gx = 0 (y grows downwards)', () => {
    const g = run(
      planeOf(3, 5, (_, y) => 100 * y),
      3,
      5,
    );
    expect(g.map(([, gy]) => gy)).toEqual([400, 400, 400, 800, 800, 800, 800, 800, 800, 800, 800, 800, 400, 400, 400]);
    expect(g.every(([gx]) => gx === 0)).toBe(true);
  });

  it("a rising '/' contour gives gx and gy of one sign, a falling '\\' contour opposite signs", () => {
    // tone = f(x + y): its level lines run from bottom-left to top-right, '/'
    const rising = run(
      planeOf(5, 5, (x, y) => 100 * (x + y)),
      5,
      5,
    )[12];
    expect(rising).toEqual([800, 800]);
    const falling = run(
      planeOf(5, 5, (x, y) => 100 * (x - y) + 1000),
      5,
      5,
    )[12];
    expect(falling).toEqual([800, -800]);
  });

  it('gives 0 on a flat plane', () => {
    expect(
      run(new Uint16Array(12).fill(1234), 4, 3)
        .flat()
        .every((v) => v === 0),
    ).toBe(true);
  });

  it('stays within |g| <= 4 * 4095 < 2^14 at a black-white step', () => {
    const g = run(
      planeOf(4, 3, (x) => (x < 2 ? 0 : TONE_MAX)),
      4,
      3,
    );
    expect(Math.max(...g.map(([gx]) => gx))).toBe(4 * TONE_MAX);
    expect(4 * TONE_MAX).toBeLessThan(2 ** 14);
    const down = run(
      planeOf(3, 4, (_, y) => (y < 2 ? TONE_MAX : 0)),
      3,
      4,
    );
    expect(Math.min(...down.map(([, gy]) => gy))).toBe(-4 * TONE_MAX);
  });
});

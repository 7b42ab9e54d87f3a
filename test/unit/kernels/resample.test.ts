import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINEAR_MAX } from '../../../engine/fixed.js';
import { resolveParams } from '../../../engine/index.js';
import { resampleX, resampleY } from '../../../engine/kernels/resample.js';
import { planFrame } from '../../../engine/plan.js';
import { MAX_ROWS } from '../../../engine/size.js';
import { I32_MAX } from '../../support/bounds.js';
import { random } from '../../support/images.js';

/** A one-row RGB plane whose three channels all carry `values`. */
const row = (values: readonly number[]) => Uint16Array.from(values.flatMap((v) => [v, v, v]));
const red = (plane: Uint16Array) => Array.from(plane.filter((_, i) => i % 3 === 0));

function x(values: readonly number[], n: number): number[] {
  const out = new Uint16Array(n * 3);
  resampleX(row(values), values.length, 1, n, out);
  return red(out);
}

function y(values: readonly number[], n: number): number[] {
  const out = new Uint16Array(n * 3);
  resampleY(row(values), 1, values.length, n, out);
  return red(out);
}

/** resampleX and resampleY written plainly: each output's overlapping source pixels, one at a time. */
function plainResample(src: Uint16Array, m: number, n: number, lines: number, axis: 'x' | 'y'): number[] {
  const out: number[] = new Array(n * lines * 3);
  for (let line = 0; line < lines; line++)
    for (let o = 0; o < n; o++)
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let p = 0; p < m; p++) {
          const overlap = Math.min(o * m + m, (p + 1) * n) - Math.max(o * m, p * n);
          const at = axis === 'x' ? (line * m + p) * 3 + c : (p * lines + line) * 3 + c;
          if (overlap > 0) sum += src[at] * overlap;
        }
        out[(axis === 'x' ? line * n + o : o * lines + line) * 3 + c] = Math.floor((sum + (m >> 1)) / m);
      }
  return out;
}

describe('resample', () => {
  it('equals the plain area-weighted resize on any pair of lengths, both axes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (m, n, lines, seed) => {
          const next = random(seed);
          const src = Uint16Array.from({ length: m * lines * 3 }, () => Math.floor(next() * (LINEAR_MAX + 1)));
          const outX = new Uint16Array(n * lines * 3);
          resampleX(src, m, lines, n, outX);
          expect(Array.from(outX)).toEqual(plainResample(src, m, n, lines, 'x'));
          const outY = new Uint16Array(lines * n * 3);
          resampleY(src, lines, m, n, outY);
          expect(Array.from(outY)).toEqual(plainResample(src, m, n, lines, 'y'));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is the identity when the sizes match', () => {
    const next = random(3);
    const values = Array.from({ length: 9 }, () => Math.floor(next() * 65536));
    expect(x(values, 9)).toEqual(values);
    expect(y(values, 9)).toEqual(values);
  });

  it('3 -> 2 weighs by exact overlap: out0 = (2 a + b) / 3, out1 = (b + 2 c) / 3, rounded', () => {
    // (2 * 300 + 30 + 1) / 3 = 210.3 -> 210; (30 + 2 * 3000 + 1) / 3 = 2010.3 -> 2010
    expect(x([300, 30, 3000], 2)).toEqual([210, 2010]);
    expect(y([300, 30, 3000], 2)).toEqual([210, 2010]);
    // rounding half up: (2 * 0 + 2 + 1) / 3 = 1
    expect(x([0, 2, 0], 2)).toEqual([1, 1]);
  });

  it('2 -> 3 weighs by exact overlap: a, (a + b) / 2, b', () => {
    expect(x([100, 201], 3)).toEqual([100, 151, 201]); // (100 + 201 + 1) / 2 = 151
    expect(y([100, 201], 3)).toEqual([100, 151, 201]);
  });

  it('averages whole pixels on an integer ratio (4 -> 2) and repeats them on 1 -> 4', () => {
    expect(x([10, 20, 30, 41], 2)).toEqual([15, 36]); // (10 + 20 + 1) >> 1 = 15, (30 + 41 + 1) >> 1 = 36
    expect(x([123], 4)).toEqual([123, 123, 123, 123]);
  });

  it('keeps every channel apart', () => {
    const src = Uint16Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const out = new Uint16Array(6);
    resampleX(src, 3, 1, 2, out);
    // out0 r: (2 * 1 + 4 + 1) / 3 = 2, g: (2 * 2 + 5 + 1) / 3 = 3, b: (2 * 3 + 6 + 1) / 3 = 4
    // out1 r: (4 + 2 * 7 + 1) / 3 = 6, g: (5 + 2 * 8 + 1) / 3 = 7, b: (6 + 2 * 9 + 1) / 3 = 8
    expect(Array.from(out)).toEqual([2, 3, 4, 6, 7, 8]);
  });

  it('keeps constant planes constant, for any pair of sizes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: LINEAR_MAX }),
        (m, n, v) => {
          const values = new Array<number>(m).fill(v);
          expect(x(values, n)).toEqual(new Array(n).fill(v));
          expect(y(values, n)).toEqual(new Array(n).fill(v));
        },
      ),
    );
  });

  it('averages whole pixels on 2 -> 1: a row of duplicated samples comes back unchanged', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: LINEAR_MAX }), { minLength: 1, maxLength: 12 }), (values) => {
        const doubled = values.flatMap((v) => [v, v]);
        expect(x(doubled, values.length)).toEqual(values);
      }),
    );
  });

  it('meets the header bound on the largest grid: after the pyramid m < 2n + 2, so 65535 m < 2^31', () => {
    // every pyramid leaves at most 2n - 1 source samples per n outputs (it halves while floor(m / 2) >= n)
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40_000 }),
        fc.integer({ min: 1, max: 40_000 }),
        fc.integer({ min: 8, max: 400 }),
        fc.integer({ min: 1, max: MAX_ROWS }),
        (width, height, columns, rows) => {
          const plan = planFrame(resolveParams({ columns }, 'json'), { width, height }, { rows });
          expect(plan.reducedWidth).toBeLessThan(2 * plan.sampleWidth + 2);
          expect(plan.reducedHeight).toBeLessThan(2 * plan.sampleHeight + 2);
        },
      ),
      { numRuns: 100 },
    );
    // the worst case: 2000 rows (8000 samples) from the tallest source that is not halved again
    const plan = planFrame(
      resolveParams({ columns: 8 }, 'json'),
      { width: 16, height: 2 * 15_999 },
      { rows: MAX_ROWS },
    );
    expect(plan.sampleHeight).toBe(8000);
    expect(plan.reducedHeight).toBe(15_999);
    expect(LINEAR_MAX * plan.reducedHeight + (plan.reducedHeight >> 1)).toBeLessThan(I32_MAX);
    expect(LINEAR_MAX * 16_002).toBeLessThan(I32_MAX);
    // and white through that resample stays white (every output's weights sum to m)
    const m = plan.reducedHeight;
    const n = plan.sampleWidth;
    const src = new Uint16Array(n * m * 3).fill(LINEAR_MAX);
    const out = new Uint16Array(n * plan.sampleHeight * 3);
    resampleY(src, n, m, plan.sampleHeight, out);
    expect(out.every((v) => v === LINEAR_MAX)).toBe(true);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SAMPLES_PER_CELL } from '../../../engine/fixed.js';
import { CELL_BLUR } from '../../../engine/glyphs/cell-blur.js';
import { glyphTable } from '../../../engine/glyphs/table.js';
import { CHARSETS } from '../../../engine/index.js';
import { CELL_DIR, CELL_MEAN, CELL_STRIDE } from '../../../engine/kernels/cells.js';
import { dither } from '../../../engine/kernels/dither.js';
import { glyphs } from '../../../engine/kernels/glyphs.js';
import { matchCell } from '../../../engine/kernels/match-cell.js';

const T = glyphTable('standard');
const at = (g: string) => T.table.indexOf(g);
const coverageOf = (out: Uint8Array) => Array.from(out, (g) => T.coverage[g]);

/** A columns x rows grid of flat cells, cell (c, r) at ink f(c, r), no directional glyph. */
function grid(columns: number, rows: number, f: (c: number, r: number) => number): Int32Array {
  const data = new Int32Array(columns * rows * CELL_STRIDE);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const b = (r * columns + c) * CELL_STRIDE;
      data.fill(f(c, r), b, b + SAMPLES_PER_CELL);
      data[b + CELL_MEAN] = f(c, r);
      data[b + CELL_DIR] = -1;
    }
  return data;
}

function run(data: Int32Array, columns: number, rows: number, book: Int32Array): Uint8Array {
  const out = new Uint8Array(columns * rows);
  dither(data, columns, rows, book, T.coverage, T.blurredMasks, CELL_BLUR, null, T.densest, out);
  return out;
}

describe('dither', () => {
  it('mixes the two glyphs around a flat mid tone so that the mean ink matches', () => {
    const C = 32;
    const R = 32;
    const target = 549; // half of '@' (1097), with only ' ' and '@' to choose from
    const book = Int32Array.from([at(' '), at('@')]);
    const out = run(
      grid(C, R, () => target),
      C,
      R,
      book,
    );
    expect(new Set(out)).toEqual(new Set([at(' '), at('@')]));
    const mean = coverageOf(out).reduce((a, b) => a + b, 0) / (C * R);
    // error leaves the grid only past its left, right and bottom edges (at most one clamped error,
    // densest, per edge cell) and by flooring (< 4 per cell): the bound on the mean's distance
    const bound = (T.densest * (2 * R + C) + 4 * C * R) / (C * R);
    expect(Math.abs(mean - target)).toBeLessThanOrEqual(bound);
    // without error diffusion every cell gets the same glyph, half the ink range away
    const plain = new Uint8Array(C * R);
    glyphs(
      grid(C, R, () => target),
      C * R,
      book,
      T.coverage,
      T.blurredMasks,
      CELL_BLUR,
      null,
      plain,
    );
    expect(new Set(plain).size).toBe(1);
    const plainMean = T.coverage[plain[0]];
    expect(Math.abs(mean - target)).toBeLessThan(Math.abs(plainMean - target) / 10);
  });

  it('leaves cells whose glyph is exact alone: no error, no diffusion', () => {
    const book = Int32Array.from(T.rampOrder);
    const C = 6;
    const R = 3;
    const inks = [0, 103, 206, 378, 735, 1097];
    const data = grid(C, R, (c) => inks[c]);
    const out = run(data, C, R, book);
    const plain = new Uint8Array(C * R);
    glyphs(data, C * R, book, T.coverage, T.blurredMasks, CELL_BLUR, null, plain);
    expect(Array.from(out)).toEqual(Array.from(plain));
  });

  it('clamps the error to +-densest, so a band the codebook cannot reach does not bleed far', () => {
    // 40 rows of white (ink 1097) with only ' ' and '.' (103): every cell owes 994 more than it
    // gets. Unclamped, that debt would grow row after row and fill the black rows below with '.'.
    const C = 16;
    const R = 80;
    const book = Int32Array.from([at(' '), at('.')]);
    const out = run(
      grid(C, R, (_, r) => (r < 40 ? T.densest : 0)),
      C,
      R,
      book,
    );
    const dark = Array.from(out.subarray(40 * C));
    const dots = dark.filter((g) => g === at('.')).length;
    // clamped, the error carried out of the band is at most densest per cell: C * densest / 103 dots
    expect(dots).toBeGreaterThan(0);
    expect(dots).toBeLessThanOrEqual((C * T.densest) / T.coverage[at('.')]);
    expect(dark.slice(-20 * C).every((g) => g === at(' '))).toBe(true);
  });

  it('diffuses (err * w) >> 4 with w = 7 right, 3 down-left, 5 down, 1 down-right, as the header says', () => {
    // the header's Floyd-Steinberg written plainly, one error array over the whole grid, with
    // matchCell (tested on its own) choosing each glyph
    const oracle = (data: Int32Array, C: number, R: number, book: Int32Array) => {
      const incoming = new Array<number>(C * R).fill(0);
      const out: number[] = [];
      for (let r = 0; r < R; r++)
        for (let c = 0; c < C; c++) {
          const i = r * C + c;
          const g = matchCell(
            data,
            i * CELL_STRIDE,
            incoming[i],
            book,
            book.length,
            T.coverage,
            T.blurredMasks,
            CELL_BLUR,
            -1,
            new Int32Array(8),
          );
          out.push(g);
          const raw = data[i * CELL_STRIDE + CELL_MEAN] + incoming[i] - T.coverage[g];
          const err = Math.max(-T.densest, Math.min(T.densest, raw));
          const give = (cc: number, rr: number, w: number) => {
            if (cc >= 0 && cc < C && rr < R) incoming[rr * C + cc] += (err * w) >> 4;
          };
          give(c + 1, r, 7);
          give(c - 1, r + 1, 3);
          give(c, r + 1, 5);
          give(c + 1, r + 1, 1);
        }
      return out;
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: T.densest }), { minLength: 35, maxLength: 35 }),
        fc.subarray(Array.from(T.rampOrder), { minLength: 1 }),
        (C, R, inks, glyphsInBook) => {
          const data = grid(C, R, (c, r) => inks[r * 7 + c]);
          const book = Int32Array.from(glyphsInBook);
          expect(Array.from(run(data, C, R, book))).toEqual(oracle(data, C, R, book));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps its products inside the header: |err| <= densest, err * 7 < 2^17', () => {
    for (const charset of CHARSETS) {
      const d = glyphTable(charset).densest;
      expect(d * 7).toBeLessThan(2 ** 17);
      expect(2 * d).toBeLessThan(2 ** 14);
    }
  });
});

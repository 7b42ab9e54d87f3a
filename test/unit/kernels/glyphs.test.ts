import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SAMPLES_PER_CELL } from '../../../engine/fixed.js';
import { CELL_BLUR } from '../../../engine/glyphs/cell-blur.js';
import { glyphTable } from '../../../engine/glyphs/table.js';
import { CELL_DIR, CELL_MEAN, CELL_STRIDE } from '../../../engine/kernels/cells.js';
import { glyphs } from '../../../engine/kernels/glyphs.js';
import { matchCell } from '../../../engine/kernels/match-cell.js';

const T = glyphTable('standard');
const BOOK = Int32Array.from(T.rampOrder);

/** Cell records with flat targets (each cell one ink value), no directional glyph. */
function flatCells(inks: readonly number[]): Int32Array {
  const data = new Int32Array(inks.length * CELL_STRIDE);
  inks.forEach((v, i) => {
    data.fill(v, i * CELL_STRIDE, i * CELL_STRIDE + SAMPLES_PER_CELL);
    data[i * CELL_STRIDE + CELL_MEAN] = v;
    data[i * CELL_STRIDE + CELL_DIR] = -1;
  });
  return data;
}

function run(data: Int32Array, count: number, book = BOOK, prev: Int32Array | null = null): string {
  const out = new Uint8Array(count);
  glyphs(data, count, book, T.coverage, T.blurredMasks, CELL_BLUR, prev, out);
  return Array.from(out, (g) => T.table[g]).join('');
}

describe('glyphs', () => {
  it('matches each cell on its own: blank for no ink, denser glyphs for more', () => {
    const line = run(flatCells([0, 103, 549, 1097]), 4);
    expect(line[0]).toBe(' ');
    expect(line[1]).toBe('.');
    const cov = [...line].map((g) => T.coverage[T.table.indexOf(g)]);
    for (let i = 1; i < cov.length; i++) expect(cov[i]).toBeGreaterThan(cov[i - 1]);
  });

  it('only picks codebook glyphs (or a cell directional glyph)', () => {
    const book = Int32Array.from([T.table.indexOf(' '), T.table.indexOf('@')]);
    expect(run(flatCells([0, 300, 700, 1097]), 4, book)).toBe('  @@');
  });

  it('gives each cell what matchCell gives it, with or without previous glyphs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: T.densest }), { minLength: 8, maxLength: 8 * 6 }),
        fc.array(fc.integer({ min: -1, max: T.table.length - 1 }), { minLength: 6, maxLength: 6 }),
        (targets, prevs) => {
          const count = Math.floor(targets.length / 8);
          const data = new Int32Array(count * CELL_STRIDE);
          for (let i = 0; i < count; i++) {
            const t = targets.slice(i * 8, i * 8 + 8);
            data.set(t, i * CELL_STRIDE);
            data[i * CELL_STRIDE + CELL_MEAN] = (t.reduce((a, b) => a + b, 0) + 4) >> 3;
            data[i * CELL_STRIDE + CELL_DIR] = -1;
          }
          const prev = Int32Array.from(prevs);
          for (const p of [null, prev]) {
            const out = new Uint8Array(count);
            glyphs(data, count, BOOK, T.coverage, T.blurredMasks, CELL_BLUR, p, out);
            const bt = new Int32Array(8);
            for (let i = 0; i < count; i++) {
              const want = matchCell(
                data,
                i * CELL_STRIDE,
                0,
                BOOK,
                BOOK.length,
                T.coverage,
                T.blurredMasks,
                CELL_BLUR,
                p ? p[i] : -1,
                bt,
              );
              expect(out[i]).toBe(want);
            }
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('puts the same glyph in every cell of a flat grid', () => {
    for (const ink of [0, 50, 400, 800, 1097]) {
      const line = run(flatCells(new Array(20).fill(ink)), 20);
      expect(new Set(line).size).toBe(1);
    }
  });
});

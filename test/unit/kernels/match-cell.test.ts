import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEAN_TONE_WEIGHT, SAMPLES_PER_CELL } from '../../../engine/fixed.js';
import { CELL_BLUR } from '../../../engine/glyphs/cell-blur.js';
import { type GlyphTable, glyphTable } from '../../../engine/glyphs/table.js';
import { CHARSETS } from '../../../engine/index.js';
import { CELL_BONUS, CELL_DIR, CELL_MEAN, CELL_STRIDE, CELL_SWITCH } from '../../../engine/kernels/cells.js';
import { matchCell } from '../../../engine/kernels/match-cell.js';
import { I32_MAX } from '../../support/bounds.js';

interface Cell {
  readonly targets: readonly number[];
  readonly mean: number;
  readonly dir: number;
  readonly bonus: number;
  readonly switchCost: number;
}

function record(c: Cell): Int32Array {
  const r = new Int32Array(CELL_STRIDE);
  r.set(c.targets);
  r[CELL_MEAN] = c.mean;
  r[CELL_DIR] = c.dir;
  r[CELL_BONUS] = c.bonus;
  r[CELL_SWITCH] = c.switchCost;
  return r;
}

function pruned(t: GlyphTable, cell: Cell, book: Int32Array, shift: number, prev: number): number {
  return matchCell(
    record(cell),
    0,
    shift,
    book,
    book.length,
    t.coverage,
    t.blurredMasks,
    CELL_BLUR,
    prev,
    new Int32Array(SAMPLES_PER_CELL),
  );
}

/** E(g) as the header defines it, in full. */
function error(t: GlyphTable, cell: Cell, shift: number, g: number): number {
  let e = MEAN_TONE_WEIGHT * (t.coverage[g] - (cell.mean + shift)) ** 2;
  for (let i = 0; i < SAMPLES_PER_CELL; i++) {
    let s = 0;
    for (let j = 0; j < SAMPLES_PER_CELL; j++) s += CELL_BLUR[i * SAMPLES_PER_CELL + j] * cell.targets[j];
    e += (t.blurredMasks[g * SAMPLES_PER_CELL + i] - (((s + 128) >> 8) + shift)) ** 2;
  }
  return e;
}

/** The exhaustive search with the documented rule: the smallest (E, rank) over every candidate. */
function exhaustive(t: GlyphTable, cell: Cell, book: Int32Array, shift: number, prev: number): number {
  const candidates = Array.from(book, (g, rank) => ({
    g,
    rank,
    e: error(t, cell, shift, g) - (g === prev ? cell.switchCost : 0),
  }));
  if (cell.dir >= 0) {
    const e = error(t, cell, shift, cell.dir) - cell.bonus - (cell.dir === prev ? cell.switchCost : 0);
    candidates.push({ g: cell.dir, rank: book.length, e });
  }
  candidates.sort((a, b) => a.e - b.e || a.rank - b.rank);
  return candidates[0].g;
}

/** A case: a charset, a codebook (a non-empty subsequence of its ramp order), a cell, a shift, a previous glyph. */
const caseArbitrary = fc.constantFrom(...CHARSETS).chain((charset) => {
  const t = glyphTable(charset);
  const d = t.densest;
  const ink = fc.integer({ min: 0, max: d });
  const targets = fc.oneof(
    fc.array(ink, { minLength: 8, maxLength: 8 }),
    // left = right: mirrored glyphs (b/d, p/q, quadrants) tie exactly
    fc.array(ink, { minLength: 4, maxLength: 4 }).map((rows) => rows.flatMap((v) => [v, v])),
    // a glyph's own mask: its E is near 0, often tied with look-alikes
    fc.integer({ min: 0, max: t.table.length - 1 }).map((g) => Array.from(t.masks.subarray(g * 8, g * 8 + 8))),
  );
  const directional = Array.from(t.directional).filter((g) => g >= 0);
  return fc.record({
    t: fc.constant(t),
    book: fc.subarray(Array.from(t.rampOrder), { minLength: 1 }).map((glyphs) => Int32Array.from(glyphs)),
    cell: targets.chain((tg) =>
      fc.record({
        targets: fc.constant(tg),
        mean: fc.oneof(fc.constant((tg.reduce((a, b) => a + b, 0) + 4) >> 3), ink),
        dir: directional.length ? fc.constantFrom(-1, ...directional) : fc.constant(-1),
        bonus: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1 << 22 })),
        switchCost: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 200_000 })),
      }),
    ),
    // dither's incoming error: at most the densest ink (+3 from the floored negative parts)
    shift: fc.oneof(fc.constant(0), fc.integer({ min: -d - 3, max: d })),
    prev: fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: t.table.length - 1 })),
  });
});

describe('match-cell', () => {
  it('the pruned search returns what the exhaustive (E, rank) search returns', () => {
    fc.assert(
      fc.property(caseArbitrary, ({ t, book, cell, shift, prev }) => {
        expect(pruned(t, cell, book, shift, prev)).toBe(exhaustive(t, cell, book, shift, prev));
      }),
      { numRuns: 3000 },
    );
  });

  it('the previous glyph wins by its switching discount, wherever it stands in the codebook', () => {
    const t = glyphTable('standard');
    const book = Int32Array.from(t.rampOrder);
    const cell: Cell = { targets: new Array(8).fill(500), mean: 500, dir: -1, bonus: 0, switchCost: 0 };
    const free = pruned(t, cell, book, 0, -1);
    const far = t.table.indexOf('@'); // coverage 1097, far from 500
    expect(free).not.toBe(far);
    const needed = error(t, cell, 0, far) - error(t, cell, 0, free);
    expect(pruned(t, { ...cell, switchCost: needed + 1 }, book, 0, far)).toBe(far);
    // at exactly the difference the two tie and the lower rank wins
    const tie = pruned(t, { ...cell, switchCost: needed }, book, 0, far);
    expect(tie).toBe(free);
    // a previous glyph outside the codebook gets no discount
    const small = Int32Array.from([t.table.indexOf(' '), t.table.indexOf('=')]);
    expect(pruned(t, { ...cell, switchCost: 1 << 30 }, small, 0, far)).toBe(t.table.indexOf('='));
  });

  it('the directional glyph wins only when its bonus makes it strictly better, ranking after the codebook', () => {
    const t = glyphTable('standard');
    const book = Int32Array.from(t.rampOrder);
    const slash = t.table.indexOf('/');
    const cell: Cell = { targets: new Array(8).fill(100), mean: 100, dir: slash, bonus: 0, switchCost: 0 };
    const plain = pruned(t, cell, book, 0, -1);
    expect(plain).not.toBe(slash);
    const gap = error(t, cell, 0, slash) - error(t, cell, 0, plain);
    expect(pruned(t, { ...cell, bonus: gap }, book, 0, -1)).toBe(plain); // a tie: the codebook ranks first
    expect(pruned(t, { ...cell, bonus: gap + 1 }, book, 0, -1)).toBe(slash);
  });

  it('adds the dither shift to every blurred target and to the mean (CELL_BLUR rows sum to 256)', () => {
    for (let i = 0; i < SAMPLES_PER_CELL; i++)
      expect(CELL_BLUR.subarray(i * 8, i * 8 + 8).reduce((a, b) => a + b, 0)).toBe(256);
    const t = glyphTable('standard');
    const book = Int32Array.from(t.rampOrder);
    const cell: Cell = { targets: new Array(8).fill(0), mean: 0, dir: -1, bonus: 0, switchCost: 0 };
    expect(t.table[pruned(t, cell, book, 0, -1)]).toBe(' ');
    expect(t.table[pruned(t, cell, book, t.densest, -1)]).not.toBe(' ');
  });

  it('keeps E < 2^31 at the extremes: |Bg - Bt| < 2^13, 8 squares < 2^29, mean term < 2^30', () => {
    for (const charset of CHARSETS) {
      const t = glyphTable(charset);
      const d = t.densest;
      const maxMask = Math.max(...t.blurredMasks);
      // Bt spans [-(d + 3), 2 d] with the dither shift; Bg spans [0, maxMask]; coverage spans [0, d]
      const diff = Math.max(maxMask + d + 3, 2 * d);
      expect(diff).toBeLessThan(2 ** 13);
      const e = 8 * diff ** 2 + MEAN_TONE_WEIGHT * Math.max(d + (d + 3), 2 * d) ** 2;
      expect(8 * diff ** 2).toBeLessThan(2 ** 29);
      expect(MEAN_TONE_WEIGHT * (d + d + 3) ** 2).toBeLessThan(2 ** 30);
      expect(e).toBeLessThan(I32_MAX);
    }
  });
});

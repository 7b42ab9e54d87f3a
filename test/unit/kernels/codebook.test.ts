import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GlyphTable, glyphTable } from '../../../engine/glyphs/table.js';
import { resolveParams } from '../../../engine/index.js';
import { CELL_MEAN, CELL_STRIDE, CELL_SWITCH } from '../../../engine/kernels/cells.js';
import { CODEBOOK_MASS, type CodebookResult, codebook, STREAM_SLACK } from '../../../engine/kernels/codebook.js';
import { planFrame } from '../../../engine/plan.js';
import { MAX_ROWS } from '../../../engine/size.js';
import { U32_MAX } from '../../support/bounds.js';

const STANDARD = glyphTable('standard');

/**
 * The codebook of cell means `means`, laid out as the cells stage writes them (CELL_STRIDE words a
 * cell, the mean at CELL_MEAN). With `previous`, the cells are a stream's: each with switching
 * cost `switchCost` against a moving threshold of 100 (still cells by default).
 */
function run(
  means: ArrayLike<number>,
  adaptive: boolean,
  bound: number,
  table: GlyphTable = STANDARD,
  previous: Int32Array | null = null,
  switchCost = 1000,
): CodebookResult {
  const cells = new Int32Array(means.length * CELL_STRIDE);
  for (let i = 0; i < means.length; i++) {
    cells[i * CELL_STRIDE + CELL_MEAN] = means[i];
    cells[i * CELL_STRIDE + CELL_SWITCH] = switchCost;
  }
  return codebook(
    cells,
    CELL_STRIDE,
    CELL_MEAN,
    means.length,
    table.rampOrder,
    table.coverage,
    table.densest,
    adaptive,
    bound,
    previous ? { previous, movingBelow: 100 } : null,
  );
}

/**
 * The oracle, written from the header alone: the normalized 256-bin histogram, the distinct ramp
 * levels (Q10), and the cost of a set of levels with every bin quantized to its nearest level.
 */
function oracle(means: readonly number[], table: GlyphTable) {
  const densestQ10 = table.densest >> 2;
  const counts = new Array<number>(256).fill(0);
  for (const m of means) counts[Math.min(255, Math.floor((m * 255 + (table.densest >> 1)) / table.densest))]++;
  const bins: { v: number; h: number }[] = [];
  for (let b = 0; b < 256; b++) {
    const h = Math.floor((counts[b] * CODEBOOK_MASS + (means.length >> 1)) / means.length);
    if (h > 0) bins.push({ v: Math.floor((b * densestQ10 + 127) / 255), h });
  }
  const levels = [...new Set(Array.from(table.rampOrder, (g) => table.coverage[g] >> 2))];
  const cost = (set: readonly number[]) =>
    bins.reduce((sum, { v, h }) => sum + h * Math.min(...set.map((l) => (v - l) ** 2)), 0);
  /** The least cost over all subsets of each size k (index k), by brute force. */
  const bestBySize = () => {
    const best = new Array<number>(levels.length + 1).fill(Number.POSITIVE_INFINITY);
    for (let mask = 1; mask < 1 << levels.length; mask++) {
      const set = levels.filter((_, i) => mask & (1 << i));
      best[set.length] = Math.min(best[set.length], cost(set));
    }
    return best;
  };
  return { levels, cost, bestBySize, mass: bins.reduce((a, b) => a + b.h, 0) };
}

const levelsOf = (glyphs: Int32Array, table: GlyphTable) => Array.from(glyphs, (g) => table.coverage[g] >> 2);

const boundOf = (maxGlyphRmse: number, charset = 'standard') =>
  planFrame(resolveParams({ maxGlyphRmse, charset }, 'json'), { width: 8, height: 8 }).codebookBound;

describe('codebook', () => {
  it('fixed: every ramp glyph, ascending coverage, whatever the bound', () => {
    const r = run([0, 500, 1097], false, 0);
    expect(Array.from(r.glyphs)).toEqual(Array.from(STANDARD.rampOrder));
    expect(Array.from(r.glyphs, (g) => STANDARD.table[g]).join('')).toBe(' .-:*+=%#@');
    const blocks = glyphTable('blocks');
    expect(Array.from(run([0, 4039], false, 0, blocks).glyphs)).toEqual(Array.from(blocks.rampOrder));
    // levels shared by several glyphs keep all of them (blocks: quadrants of equal coverage)
    expect(run([0, 4039], false, 0, blocks).glyphs).toHaveLength(blocks.rampSize);
  });

  it('fixed: reports the nearest-level cost of the whole ramp', () => {
    const means = [0, 10, 300, 700, 1097, 1097];
    expect(run(means, false, 0).cost).toBe(oracle(means, STANDARD).cost(oracle(means, STANDARD).levels));
  });

  it('adaptive: a black and white frame needs only the blank and the densest glyph', () => {
    const r = run([0, 0, 1097, 1097], true, 0);
    expect(Array.from(r.glyphs, (g) => STANDARD.table[g]).join('')).toBe(' @');
    expect(r.cost).toBe(0);
    expect(r.mass).toBe(CODEBOOK_MASS);
  });

  it('adaptive: the DP equals a brute-force search over all subsets, and is the smallest k meeting the bound', () => {
    const means = fc.array(fc.integer({ min: 0, max: STANDARD.densest }), { minLength: 1, maxLength: 200 });
    const clustered = fc
      .array(fc.tuple(fc.integer({ min: 0, max: STANDARD.densest }), fc.integer({ min: 1, max: 40 })), {
        minLength: 1,
        maxLength: 6,
      })
      .map((clusters) => clusters.flatMap(([m, n]) => new Array<number>(n).fill(m)));
    const bounds = fc.oneof(
      fc.constantFrom(0.005, 0.01, 0.03, 0.05, 0.1).map((rmse) => boundOf(rmse)),
      fc.integer({ min: 0, max: 200_000 }),
    );
    fc.assert(
      fc.property(fc.oneof(means, clustered), bounds, (m, bound) => {
        const o = oracle(m, STANDARD);
        const best = o.bestBySize();
        const n = o.levels.length;
        const k = best.findIndex((c) => c <= bound);
        const want = k === -1 ? n : k;
        const r = run(m, true, bound);
        const chosen = levelsOf(r.glyphs, STANDARD);
        expect(r.glyphs).toHaveLength(want);
        expect(new Set(chosen).size).toBe(want); // one glyph per level
        expect([...chosen].sort((a, b) => a - b)).toEqual(chosen); // ascending coverage
        expect(r.cost).toBe(best[want]);
        expect(o.cost(chosen)).toBe(r.cost);
        if (k !== -1) expect(r.cost).toBeLessThanOrEqual(bound); // the bound is honored
        if (want > 1) expect(best[want - 1]).toBeGreaterThan(bound); // no smaller codebook meets it
        expect(r.mass).toBe(o.mass);
      }),
      { numRuns: 60 },
    );
  });

  it('adaptive: represents each level by its first ramp glyph', () => {
    const blocks = glyphTable('blocks');
    // '▘' and '▝' share coverage 1009 (level 252); the ramp order lists '▘' first. Bin 64 stands for
    // ink 253, so two levels cost 341 * 1^2: a bound of 1000 is met by two glyphs, not by one
    const r = run([1009, 1009, 0], true, 1000, blocks);
    expect(Array.from(r.glyphs, (g) => blocks.table[g]).join('')).toBe(' ▘');
  });

  it('adaptive: a smaller maxGlyphRmse never gives a smaller codebook', () => {
    const ramp = Array.from({ length: 200 }, (_, i) => Math.round((i * STANDARD.densest) / 199));
    const sizes = [0.1, 0.05, 0.03, 0.01, 0.005].map((rmse) => run(ramp, true, boundOf(rmse)).glyphs.length);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeGreaterThanOrEqual(sizes[i - 1]);
    expect(sizes[0]).toBeLessThan(sizes[sizes.length - 1]);
  });

  it('streams: keeps a previous codebook that still meets the bound and is at most STREAM_SLACK larger', () => {
    const means = Array.from({ length: 100 }, (_, i) => (i < 50 ? 0 : 1097));
    const fresh = run(means, true, 0);
    expect(fresh.glyphs).toHaveLength(2); // ' @'
    const at = (g: string) => STANDARD.table.indexOf(g);
    const previous = Int32Array.from([at(' '), at('.'), at('*'), at('@')]);
    expect(previous.length).toBe(fresh.glyphs.length + STREAM_SLACK);
    const kept = run(means, true, 0, STANDARD, previous);
    expect(kept.glyphs).toBe(previous);
    expect(kept.cost).toBe(0);
    // one glyph more than the slack: the smallest codebook again
    const larger = Int32Array.from([at(' '), at('.'), at('*'), at('#'), at('@')]);
    expect(Array.from(run(means, true, 0, STANDARD, larger).glyphs)).toEqual(Array.from(fresh.glyphs));
    // a previous codebook that no longer meets the bound is replaced
    const stale = Int32Array.from([at(' '), at('.'), at('*')]);
    expect(Array.from(run(means, true, 0, STANDARD, stale).glyphs)).toEqual(Array.from(fresh.glyphs));
    // a cut (more than half the cells moving) does not keep it
    expect(Array.from(run(means, true, 0, STANDARD, previous, 50).glyphs)).toEqual(Array.from(fresh.glyphs));
    // an empty previous codebook is ignored
    expect(Array.from(run(means, true, 0, STANDARD, new Int32Array(0)).glyphs)).toEqual(Array.from(fresh.glyphs));
  });

  it('streams: keeps a previous codebook under a loose bound even when the frame changed a little', () => {
    const bound = boundOf(0.05);
    const before = Array.from({ length: 300 }, (_, i) => Math.round((i * 1097) / 299));
    const first = run(before, true, bound);
    const after = before.map((m, i) => Math.min(1097, m + (i % 3)));
    const second = run(after, true, bound, STANDARD, first.glyphs);
    expect(second.glyphs).toBe(first.glyphs);
    expect(second.cost).toBeLessThanOrEqual(bound);
  });

  it('stays inside its bounds on the largest grid: count * 512 < 2^29, S2 < 2^30, sums < 2^32', () => {
    const cells = 400 * MAX_ROWS;
    expect(cells * CODEBOOK_MASS).toBeLessThan(2 ** 29);
    const blocks = glyphTable('blocks'); // the largest densest: Q10 ink 1009
    const densestQ10 = blocks.densest >> 2;
    expect(densestQ10).toBeLessThanOrEqual(1024);
    const all = new Int32Array(cells).fill(blocks.densest);
    const r = codebook(all, 1, 0, cells, blocks.rampOrder, blocks.coverage, blocks.densest, true, 0);
    expect(r.mass).toBe(CODEBOOK_MASS);
    expect(Array.from(r.glyphs, (g) => blocks.table[g]).join('')).toBe('█');
    // normalized counts round up by < 1/2 per bin: mass < 512 + 128; S2 <= mass * 1024^2
    const s2 = (CODEBOOK_MASS + 256) * 1024 ** 2;
    expect(s2).toBeLessThan(2 ** 30);
    expect(s2 + 1024 ** 2 * (CODEBOOK_MASS + 256)).toBeLessThan(U32_MAX);
    // and the plan's bound itself at the loosest setting
    expect(boundOf(0.1, 'blocks')).toBeLessThan(2 ** 31);
  });
});

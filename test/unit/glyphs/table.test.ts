import { describe, expect, it } from 'vitest';
import { INK_ONE, SAMPLES_PER_CELL } from '../../../engine/fixed.js';
import { applyCellBlur, CELL_BLUR } from '../../../engine/glyphs/cell-blur.js';
import { CHARSET_GLYPHS, isAsciiCharset } from '../../../engine/glyphs/charsets.js';
import { glyphTable } from '../../../engine/glyphs/table.js';
import { CHARSETS } from '../../../engine/index.js';

describe('glyph tables', () => {
  for (const charset of CHARSETS) {
    it(`${charset}: blank first, ramp then directional extras, at most 256 entries`, () => {
      const t = glyphTable(charset);
      expect(t.table[0]).toBe(' ');
      expect(t.coverage[0]).toBe(0);
      expect(t.table.slice(0, t.rampSize)).toEqual(CHARSET_GLYPHS[charset]);
      expect(t.table.length).toBeLessThanOrEqual(256);
      expect(new Set(t.table).size).toBe(t.table.length);
      if (isAsciiCharset(charset)) {
        expect(['|', '/', '-', '\\'].map((g) => t.table[t.directional[['|', '/', '-', '\\'].indexOf(g)]])).toEqual([
          '|',
          '/',
          '-',
          '\\',
        ]);
      } else {
        expect(Array.from(t.directional)).toEqual([-1, -1, -1, -1]);
      }
    });

    it(`${charset}: ramp order ascending by coverage, densest last; coverage is the mask mean`, () => {
      const t = glyphTable(charset);
      expect(t.rampOrder).toHaveLength(t.rampSize);
      for (let i = 1; i < t.rampOrder.length; i++)
        expect(t.coverage[t.rampOrder[i]]).toBeGreaterThanOrEqual(t.coverage[t.rampOrder[i - 1]]);
      expect(t.densest).toBe(t.coverage[t.rampOrder[t.rampSize - 1]]);
      expect(t.densest).toBe(Math.max(...t.coverage.subarray(0, t.rampSize)));
      for (let g = 0; g < t.table.length; g++) {
        const mask = t.masks.subarray(g * SAMPLES_PER_CELL, (g + 1) * SAMPLES_PER_CELL);
        expect(mask.every((v) => v >= 0 && v <= INK_ONE)).toBe(true);
        expect(t.coverage[g]).toBe(Math.round(mask.reduce((a, b) => a + b, 0) / SAMPLES_PER_CELL));
        expect(Array.from(t.blurredMasks.subarray(g * 8, g * 8 + 8))).toEqual(
          Array.from(applyCellBlur(mask, CELL_BLUR)),
        );
      }
    });
  }

  it('masks have the shapes their glyphs have: "-" inks one band, "|" every band, "/" rises, "█" is nearly full', () => {
    const t = glyphTable('standard');
    const mask = (g: string) => Array.from(t.masks.subarray(t.table.indexOf(g) * 8, t.table.indexOf(g) * 8 + 8));
    const dash = mask('-'); // rows of [left, right], top to bottom
    expect(dash.filter((v) => v > 0)).toHaveLength(2);
    expect(dash[4]).toBeGreaterThan(0);
    const slash = mask('/');
    expect(slash[1]).toBeGreaterThan(slash[0]); // top: the right half
    expect(slash[6]).toBeGreaterThan(slash[7]); // bottom: the left half
    const bar = mask('|');
    expect(bar.every((v) => v > 0)).toBe(true); // every band, both halves (the stroke is centred)
    const blocks = glyphTable('blocks');
    const full = Array.from(blocks.masks.subarray(blocks.table.indexOf('█') * 8, blocks.table.indexOf('█') * 8 + 8));
    expect(full.every((v) => v > 0.95 * INK_ONE)).toBe(true); // measured from the font: nearly full ink
  });

  it('the in-cell blur has rows summing to 256 (Q8)', () => {
    for (let i = 0; i < SAMPLES_PER_CELL; i++)
      expect(CELL_BLUR.subarray(i * 8, i * 8 + 8).reduce((a, b) => a + b, 0)).toBe(256);
  });
});

/**
 * The studio draws block elements as geometry (studio/render/block-elements.ts): every glyph of
 * the blocks table but the space, the two-colour eighths and quarters among them, has a shape, and
 * each bar covers exactly the points of the cell the engine's fine mask inks.
 */
import { describe, expect, it } from 'vitest';
import { FINE_BLOCK_GLYPHS, FINE_POINTS, FINE_X, FINE_Y, fineMask } from '../../engine/glyphs/block-elements.js';
import { charsetTable } from '../../engine/index.js';
import { type Bar, type BlockShape, blockShape } from '../../studio/render/block-elements.js';

describe('studio block shapes', () => {
  it('draws every glyph of the blocks table but the space as a shape', () => {
    const missing = charsetTable('blocks').filter((g) => g !== ' ' && blockShape(g) === null);
    expect(missing).toEqual([]);
  });

  it('draws each bar over exactly the points its fine mask inks', () => {
    const bars = FINE_BLOCK_GLYPHS.filter((g) => blockShape(g)?.bar);
    expect(bars.length).toBe(9);
    for (const glyph of bars) {
      const [left, top, right, bottom] = (blockShape(glyph) as BlockShape).bar as Bar;
      for (let p = 0; p < FINE_POINTS; p++) {
        const x = ((p % FINE_X) + 0.5) / FINE_X;
        const y = (Math.floor(p / FINE_X) + 0.5) / FINE_Y;
        const inside = x > left && x < right && y > top && y < bottom;
        expect(inside, `${glyph} point ${p}`).toBe(((fineMask(glyph) >>> p) & 1) === 1);
      }
    }
  });
});

/** Layout of the generated glyph bitmaps in font-metrics.ts (scripts/measure-glyphs.ts writes it). */

/** Cell size the glyphs are measured at: one advance wide, two tall, like a terminal cell. */
export const CELL_W = 8;
export const CELL_H = 16;

/** One character per pixel: index in this alphabet = ink coverage in 1/35 steps ('.' = none). */
export const LEVEL_ALPHABET = '.123456789abcdefghijklmnopqrstuvwxyz';

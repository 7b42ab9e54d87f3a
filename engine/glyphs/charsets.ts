/**
 * The six character sets of SPEC 2.2 (`charset`), in one readable place.
 *
 * Each set lists its glyphs; the engine orders them by ink coverage measured from the real
 * font (engine/glyphs/table.ts), so the order written here is only for reading. The first
 * glyph of every set is the blank: a space.
 */
import { CHARSETS } from '../params.js';
import { FINE_BLOCK_GLYPHS } from './block-elements.js';

export type Charset = (typeof CHARSETS)[number];

const PRINTABLE_ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i)).join('');

/** Braille patterns U+2801..U+28FF: a 2 x 4 dot grid per cell, 255 non-blank patterns. */
const BRAILLE = Array.from({ length: 255 }, (_, i) => String.fromCodePoint(0x2801 + i)).join('');

export const CHARSET_GLYPHS: Readonly<Record<Charset, readonly string[]>> = {
  /** The classic ten-step ramp of terminal ASCII art. */
  standard: [...' .:-=+*#%@'],
  /**
   * Sixteen tones in one family of glyphs (dots, then lowercase letters, then the densest): the
   * most steps of the ASCII sets with an even, calm texture. Viewers in the blind panel preferred
   * it to all 95 printable glyphs, whose near-equal tones in unlike shapes (`| { } I ( !`) read
   * as noise (bench/RESULTS.md).
   */
  detailed: [...' .,:;*rcxuoadg8B'],
  /** Quadrant blocks and shades: 2 x 2 shapes per cell at four densities. */
  blocks: [...' ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█░▒▓'],
  /** Space and the digits 1 and 0: the data-stream look. */
  binary: [...' 10'],
  /** Braille dots: eight dots per cell, the finest shapes (non-ASCII). */
  dots: [' ', ...BRAILLE],
  /** Five steps, for a sparse, clean look. */
  minimal: [...' .:+#'],
};

/** Directional glyphs that `structure` lays along contours (ASCII charsets only). */
export const DIRECTIONAL_GLYPHS = ['-', '/', '|', '\\'] as const;

/**
 * Glyphs two-colour cells may lay along a cell's edge (ASCII charsets only): a line at the foot,
 * at the left, at the right, marks at the top. Two colours make a glyph an edge between them; the
 * ramps have few shapes that are one (the blind panel named runs of g drawn along edges).
 */
export const EDGE_GLYPHS = ['_', '[', ']', '"'] as const;

/** Whether a charset is printed with one-byte ASCII glyphs. */
export function isAsciiCharset(charset: Charset): boolean {
  return CHARSET_GLYPHS[charset].every((g) => g.charCodeAt(0) < 0x7f);
}

/**
 * The glyph table of a charset, as CellGrid.table holds it: the ramp, then (ASCII charsets)
 * the directional glyphs the ramp lacks, which `structure` may lay along contours, then the edge
 * glyphs it lacks, which only two-colour cells draw. Blocks: the ramp, then the block elements
 * of the two-colour fine fit it lacks (eighths, quarters; glyphs/block-elements.ts).
 */
export function charsetTable(charset: Charset): readonly string[] {
  const ramp = CHARSET_GLYPHS[charset];
  if (charset === 'blocks') return [...ramp, ...FINE_BLOCK_GLYPHS.filter((g) => !ramp.includes(g))];
  if (!isAsciiCharset(charset)) return [...ramp];
  const directional = DIRECTIONAL_GLYPHS.filter((g) => !ramp.includes(g));
  const edges = EDGE_GLYPHS.filter((g) => !ramp.includes(g));
  return [...ramp, ...directional, ...edges];
}

/**
 * What the font measurement covers, without repeats: every printable ASCII glyph (so a ramp can
 * be rechosen without measuring again) and every glyph any charset prints.
 */
export const ALL_GLYPHS: readonly string[] = [
  ...new Set([
    ...CHARSET_GLYPHS.standard,
    ...PRINTABLE_ASCII,
    ...CHARSETS.flatMap((c) => CHARSET_GLYPHS[c]),
    ...DIRECTIONAL_GLYPHS,
  ]),
];

/**
 * Per-charset glyph tables derived from the measured font bitmaps (font-metrics.ts):
 * coverage of each glyph, its 2 x 4 sub-cell mask, the blurred mask the matcher compares
 * against, and the ramp order by coverage. Everything integer (Q12 ink, INK_ONE = 4096).
 */
import { INK_ONE, SAMPLES_PER_CELL, SAMPLES_X, SAMPLES_Y } from '../fixed.js';
import { blockSampleMask, FINE_BLOCK_GLYPHS, fineMask } from './block-elements.js';
import { applyCellBlur, CELL_BLUR } from './cell-blur.js';
import { CHARSET_GLYPHS, type Charset, charsetTable, EDGE_GLYPHS, isAsciiCharset } from './charsets.js';
import { CELL_H, CELL_W, LEVEL_ALPHABET } from './font-format.js';
import { GLYPH_BITMAPS } from './font-metrics.js';

export interface GlyphTable {
  readonly charset: Charset;
  /** Printable glyph per index; [0] is the space. Ramp glyphs first, then directional extras. */
  readonly table: readonly string[];
  /** How many leading entries of `table` form the charset's ramp. */
  readonly rampSize: number;
  /** Ramp indexes sorted by coverage, ascending (ties by table order). */
  readonly rampOrder: Uint8Array;
  /** Mean ink per table entry, Q12. */
  readonly coverage: Int32Array;
  /** 2 x 4 masks per table entry (row-major samples), Q12: the ink a viewer sees per sample. */
  readonly masks: Int32Array;
  /** The same masks through the in-cell blur: what the matcher compares. */
  readonly blurredMasks: Int32Array;
  /** Table index of '|', '/', '-', '\' (contour vertical, rising, horizontal, falling), or -1. */
  readonly directional: Int32Array;
  /** Table indexes of the edge glyphs two-colour cells may draw (EDGE_GLYPHS the ramp lacks; none outside ASCII). */
  readonly edges: Int32Array;
  /** The densest ramp glyph's coverage, Q12: what a white source maps to. */
  readonly densest: number;
  /**
   * Blocks only (else empty): the shapes two-colour cells fit at 4 x 8 points, in the fit's
   * order, as pairs (table index, 4 x 8 mask bits as i32); glyphs/block-elements.ts.
   */
  readonly fineShapes: Int32Array;
}

const LEVELS = LEVEL_ALPHABET.length - 1;

/** Largest glyph table: indexes fit one byte per cell (CellGrid.glyphs is a Uint8Array). */
export const MAX_GLYPHS = 256;

/** Ink per sub-cell sample (Q12) of one glyph, from its 8 x 16 bitmap. */
function sampleMask(glyph: string): Int32Array {
  const rows = GLYPH_BITMAPS[glyph];
  // the eighths and quarters only two-colour blocks draw are geometry, not measured
  if (!rows && FINE_BLOCK_GLYPHS.includes(glyph)) return blockSampleMask(glyph, SAMPLES_X, SAMPLES_Y, INK_ONE);
  if (!rows)
    throw new Error(`glyph ${JSON.stringify(glyph)} is missing from font-metrics.ts; run scripts/measure-glyphs.ts`);
  const bw = CELL_W / SAMPLES_X;
  const bh = CELL_H / SAMPLES_Y;
  const mask = new Int32Array(SAMPLES_PER_CELL);
  for (let sy = 0; sy < SAMPLES_Y; sy++)
    for (let sx = 0; sx < SAMPLES_X; sx++) {
      let levels = 0;
      for (let y = 0; y < bh; y++)
        for (let x = 0; x < bw; x++) levels += LEVEL_ALPHABET.indexOf(rows[sy * bh + y][sx * bw + x]);
      mask[sy * SAMPLES_X + sx] = Math.round((levels * INK_ONE) / (LEVELS * bw * bh));
    }
  return mask;
}

function buildTable(charset: Charset): GlyphTable {
  const ramp = CHARSET_GLYPHS[charset];
  const table = charsetTable(charset);
  if (table.length > MAX_GLYPHS)
    throw new Error(`charset ${charset} has ${table.length} glyphs; at most ${MAX_GLYPHS}`);
  const masks = table.map(sampleMask);
  const coverage = Int32Array.from(masks, (m) => Math.round(m.reduce((a, b) => a + b, 0) / SAMPLES_PER_CELL));
  const flatMasks = new Int32Array(table.length * SAMPLES_PER_CELL);
  for (let i = 0; i < masks.length; i++) flatMasks.set(masks[i], i * SAMPLES_PER_CELL);
  const blurredMasks = new Int32Array(table.length * SAMPLES_PER_CELL);
  for (let i = 0; i < masks.length; i++) blurredMasks.set(applyCellBlur(masks[i], CELL_BLUR), i * SAMPLES_PER_CELL);
  const rampOrder = Uint8Array.from(ramp.map((_, i) => i).sort((a, b) => coverage[a] - coverage[b] || a - b));
  const directional = Int32Array.from(['|', '/', '-', '\\'], (g) => table.indexOf(g));
  return {
    charset,
    table,
    rampSize: ramp.length,
    rampOrder,
    coverage,
    masks: flatMasks,
    blurredMasks,
    directional: isAsciiCharset(charset) ? directional : Int32Array.from([-1, -1, -1, -1]),
    edges: Int32Array.from(EDGE_GLYPHS.map((g) => table.indexOf(g)).filter((i) => i >= ramp.length)),
    densest: coverage[rampOrder[rampOrder.length - 1]],
    // a table that holds every fine shape (charsetTable gives blocks them) is fitted with them
    fineShapes: FINE_BLOCK_GLYPHS.every((g) => table.includes(g))
      ? Int32Array.from(FINE_BLOCK_GLYPHS.flatMap((g) => [table.indexOf(g), fineMask(g) | 0]))
      : new Int32Array(0),
  };
}

const cache = new Map<Charset, GlyphTable>();

/** The glyph table of a charset, built once per process. */
export function glyphTable(charset: Charset): GlyphTable {
  let t = cache.get(charset);
  if (!t) cache.set(charset, (t = buildTable(charset)));
  return t;
}

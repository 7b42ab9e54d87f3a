/**
 * CellGrids built by hand (small literals you can check by eye) or at random (fast-check),
 * so encoder tests never depend on what renderImage happens to draw.
 */
import fc from 'fast-check';
import { CHARSET_GLYPHS, type Charset } from '../../engine/glyphs/charsets.js';
import type { CellGrid, RenderEvidence } from '../../engine/grid.js';
import { type RenderParams, resolveParams } from '../../engine/index.js';

export type Rgb = readonly [number, number, number];

export const EVIDENCE: RenderEvidence = {
  source: { width: 4, height: 4 },
  samplesPerCell: { x: 2, y: 4 },
  codebook: { strategy: 'fixed', glyphs: ' .#', size: 3, rmse: 0.01, bound: 0.03, status: 'target_met' },
  director: null,
  timings: { cells: 0.5 },
};

/**
 * A grid from text rows (one character per cell). The table is ' ' then the other characters
 * in order of first appearance. `colors` gives one color per cell, row by row, or one color
 * for the whole grid.
 */
export function textGrid(lines: readonly string[], colors: readonly (readonly Rgb[])[] | Rgb = [0, 0, 0]): CellGrid {
  const table = [' ', ...new Set([...lines.join('')].filter((c) => c !== ' '))];
  const indexes = lines.map((line) => [...line].map((c) => table.indexOf(c)));
  const cellColors =
    typeof colors[0] === 'number'
      ? lines.map((line) => [...line].map(() => colors as Rgb))
      : (colors as readonly (readonly Rgb[])[]);
  return tableGrid(table, indexes, cellColors);
}

/** A grid from an explicit glyph table, rows of indexes into it, and rows of cell colors. */
export function tableGrid(
  table: readonly string[],
  indexes: readonly (readonly number[])[],
  colors: readonly (readonly Rgb[])[],
  charset: Charset = 'standard',
): CellGrid {
  const rows = indexes.length;
  const columns = indexes[0].length;
  if (indexes.some((r) => r.length !== columns) || colors.length !== rows || colors.some((r) => r.length !== columns)) {
    throw new Error('tableGrid: every row needs the same number of glyphs and colors');
  }
  return {
    columns,
    rows,
    charset,
    table,
    glyphs: Uint8Array.from(indexes.flat()),
    colors: Uint8Array.from(colors.flat(2)),
    evidence: EVIDENCE,
  };
}

/** Params as a host would resolve them, from string values like a query string. */
export const params = (values: Record<string, string> = {}): RenderParams => resolveParams(values, 'strings');

/** Strings that break naive escaping in HTML, XML, JSON or shells. */
const NASTY = [
  '<',
  '>',
  '&',
  '"',
  "'",
  ']]>',
  '<![CDATA[',
  '<!--',
  '-->',
  '&amp;',
  '&#0;',
  '\\',
  '`',
  '$' + '{x}',
  '</pre>',
];

/** One glyph: nasty markup, any grapheme, a braille or block glyph, or any code points at all. */
const glyphArbitrary = (anyCodePoints: boolean) =>
  fc.oneof(
    fc.constantFrom(...NASTY),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }),
    fc.constantFrom(...CHARSET_GLYPHS.dots.slice(1), ...CHARSET_GLYPHS.blocks.slice(1)),
    ...(anyCodePoints
      ? [
          fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }),
          // lone surrogates: not valid Unicode text, yet a JS string can hold them
          fc.integer({ min: 0xd800, max: 0xdfff }).map((u) => String.fromCharCode(u)),
        ]
      : []),
  );

export interface GridArbitraryOptions {
  /** Allow control characters and lone surrogates in glyphs (markup escaping must cope). */
  readonly anyCodePoints?: boolean;
  /** Leave out glyphs containing these characters (e.g. ESC for ANSI). */
  readonly without?: RegExp;
}

/**
 * A random grid: 1-12 columns, 1-6 rows, a table of 1-12 random glyphs after the blank, and
 * colors either from a 3-color palette (so runs of equal color form) or fully random.
 */
export function gridArbitrary(options: GridArbitraryOptions = {}): fc.Arbitrary<CellGrid> {
  const glyph = glyphArbitrary(options.anyCodePoints ?? false).filter((g) => !options.without?.test(g));
  const rgb = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255));
  return fc
    .record({
      columns: fc.integer({ min: 1, max: 12 }),
      rows: fc.integer({ min: 1, max: 6 }),
      table: fc.array(glyph, { minLength: 1, maxLength: 12 }).map((t) => [' ', ...t]),
      palette: fc.array(rgb, { minLength: 1, maxLength: 3 }),
      charset: fc.constantFrom<Charset>('standard', 'detailed', 'blocks', 'binary', 'dots', 'minimal'),
    })
    .chain(({ columns, rows, table, palette, charset }) =>
      fc
        .record({
          glyphs: fc.array(fc.nat(table.length - 1), { minLength: columns * rows, maxLength: columns * rows }),
          colors: fc.oneof(
            fc.array(fc.constantFrom(...palette), { minLength: columns * rows, maxLength: columns * rows }),
            fc.array(rgb, { minLength: columns * rows, maxLength: columns * rows }),
          ),
        })
        .map(({ glyphs, colors }) => ({
          columns,
          rows,
          charset,
          table,
          glyphs: Uint8Array.from(glyphs),
          colors: Uint8Array.from(colors.flat()),
          evidence: EVIDENCE,
        })),
    );
}

/** The color of cell i. */
export const cellRgb = (grid: CellGrid, i: number): Rgb => [
  grid.colors[i * 3],
  grid.colors[i * 3 + 1],
  grid.colors[i * 3 + 2],
];

/** Parses `#rrggbb`. */
export const rgbOf = (hex: string): Rgb =>
  [1, 3, 5].map((o) => Number.parseInt(hex.slice(o, o + 2), 16)) as unknown as Rgb;

/** Number of color changes along each row plus one: the fewest runs a row can have. */
export function runCounts(grid: CellGrid): number[] {
  const counts: number[] = [];
  for (let r = 0; r < grid.rows; r++) {
    let n = 1;
    for (let c = 1; c < grid.columns; c++) {
      const a = cellRgb(grid, r * grid.columns + c - 1);
      const b = cellRgb(grid, r * grid.columns + c);
      if (a[0] !== b[0] || a[1] !== b[1] || a[2] !== b[2]) n++;
    }
    counts.push(n);
  }
  return counts;
}

/**
 * Walks one row's decoded segments (text shown in one color) glyph by glyph and returns the
 * color each glyph was shown in. Throws if the text is not exactly the glyphs in order, or if
 * a glyph is split across segments.
 */
export function cellColorsFromSegments(
  glyphs: readonly string[],
  segments: readonly { readonly text: string; readonly color: string }[],
): string[] {
  const out: string[] = [];
  let s = 0;
  let p = 0;
  const skipEmpty = () => {
    while (s < segments.length && p >= segments[s].text.length) {
      s++;
      p = 0;
    }
  };
  for (const g of glyphs) {
    skipEmpty();
    if (s >= segments.length || !segments[s].text.startsWith(g, p)) {
      throw new Error(`glyph ${JSON.stringify(g)} not found whole at segment ${s}, offset ${p}`);
    }
    out.push(segments[s].color);
    p += g.length;
  }
  skipEmpty();
  if (s < segments.length) throw new Error(`text left over after the last glyph: ${JSON.stringify(segments[s])}`);
  return out;
}

import type { CellGrid } from '../grid.js';
import { srgbDecode } from '../srgb.js';

/** A run of adjacent cells in one row that share one color. */
export interface ColorRun {
  readonly text: string;
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

/**
 * Splits each row into maximal runs of equal color, so markup formats emit one span per run
 * and ANSI one SGR per run. With `color` false every cell has `mono` and each row is a single
 * run. Adjacent runs of a row always differ in color. `table` replaces the grid's glyph table
 * (markup encoders pass it escaped, so each glyph is escaped once and on its own).
 */
export function colorRuns(
  grid: CellGrid,
  color: boolean,
  mono: readonly [number, number, number],
  table: readonly string[] = grid.table,
): ColorRun[][] {
  const { columns, colors, glyphs } = grid;
  const rows: ColorRun[][] = [];
  for (let row = 0; row < grid.rows; row++) {
    const start = row * columns;
    if (!color) {
      let text = '';
      for (let i = start; i < start + columns; i++) text += table[glyphs[i]];
      rows.push([{ text, r: mono[0], g: mono[1], b: mono[2] }]);
      continue;
    }
    const runs: ColorRun[] = [];
    let text = '';
    let first = start;
    for (let i = start; i < start + columns; i++) {
      if (i > first && !sameColor(colors, i, first)) {
        runs.push({ text, r: colors[first * 3], g: colors[first * 3 + 1], b: colors[first * 3 + 2] });
        text = '';
        first = i;
      }
      text += table[glyphs[i]];
    }
    runs.push({ text, r: colors[first * 3], g: colors[first * 3 + 1], b: colors[first * 3 + 2] });
    rows.push(runs);
  }
  return rows;
}

/** A run of adjacent cells in one row of two-colour art that share a background and a glyph color. */
export interface TwoColorRun {
  readonly text: string;
  /** How many cells the run spans (its text may hold escaped or multi-unit glyphs). */
  readonly cells: number;
  /** The glyph color, or null for a run of blanks only (whose glyph color shows nowhere). */
  readonly fg: readonly [number, number, number] | null;
  readonly bg: readonly [number, number, number];
}

/**
 * Two-colour art's rows as maximal runs: a new run where the background changes, or where an
 * inked glyph's color differs from the run's. Blank cells (table index 0, a space) show only
 * their background, so they join any run with that background: fewer SGRs and spans.
 */
export function twoColorRuns(
  grid: CellGrid,
  backgrounds: Uint8Array,
  table: readonly string[] = grid.table,
): TwoColorRun[][] {
  const { columns, colors, glyphs } = grid;
  const rows: TwoColorRun[][] = [];
  const rgb = (c: Uint8Array, i: number) => [c[i * 3], c[i * 3 + 1], c[i * 3 + 2]] as const;
  for (let row = 0; row < grid.rows; row++) {
    const runs: TwoColorRun[] = [];
    const start = row * columns;
    let text = '';
    let bgAt = start;
    let fgAt = -1;
    for (let i = start; i < start + columns; i++) {
      const inked = glyphs[i] !== 0;
      const split = !sameColor(backgrounds, i, bgAt) || (inked && fgAt >= 0 && !sameColor(colors, i, fgAt));
      if (i > start && split) {
        runs.push({ text, cells: i - bgAt, fg: fgAt >= 0 ? rgb(colors, fgAt) : null, bg: rgb(backgrounds, bgAt) });
        [text, bgAt, fgAt] = ['', i, -1];
      }
      if (inked && fgAt < 0) fgAt = i;
      text += table[glyphs[i]];
    }
    const end = start + columns;
    runs.push({ text, cells: end - bgAt, fg: fgAt >= 0 ? rgb(colors, fgAt) : null, bg: rgb(backgrounds, bgAt) });
    rows.push(runs);
  }
  return rows;
}

const sameColor = (c: Uint8Array, i: number, j: number) =>
  c[i * 3] === c[j * 3] && c[i * 3 + 1] === c[j * 3 + 1] && c[i * 3 + 2] === c[j * 3 + 2];

/** `#rrggbb` to [r, g, b]. The params schema has already normalized the string. */
export function parseHex(hex: string): [number, number, number] {
  return [1, 3, 5].map((o) => Number.parseInt(hex.slice(o, o + 2), 16)) as [number, number, number];
}

/**
 * The relative luminance under which ink contrasts more with white than with black (WCAG 2
 * contrast: (1 + 0.05) / (L + 0.05) against (L + 0.05) / (0 + 0.05); they are equal here, 0.179).
 */
const WHITE_PAGE_BELOW = Math.sqrt(1.05 * 0.05) - 0.05;

/** The parameters that decide how a grid is shown on a page. */
export type PageParams = { readonly color: boolean; readonly invert: boolean; readonly monoColor: string };

/** Ink for inverted art whose `monoColor` is too light to read on its white page. */
export const INVERTED_INK = '#111111';

/**
 * Whether the art is shown on a light page. Inverted art is dark ink on a light page, as print
 * is (its ink falls where the source is dark), in color too. Otherwise mono glyphs take the
 * page their color contrasts with more (WCAG relative luminance of `monoColor`): dark ink on
 * white, light or saturated ink (#ff3030) on black; per-cell colors are on black.
 */
export function lightBackground(params: PageParams): boolean {
  if (params.invert) return true;
  return !params.color && darkInk(params.monoColor);
}

const darkInk = (monoColor: string) => {
  const [r, g, b] = parseHex(monoColor).map((c) => srgbDecode(c / 255));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < WHITE_PAGE_BELOW;
};

/** The page color behind the glyphs (see lightBackground). */
export const backgroundHex = (params: PageParams) => (lightBackground(params) ? '#fff' : '#000');

/**
 * The mono glyph color: `monoColor`, except on the white page of inverted art, where a color
 * too light to read there gives way to INVERTED_INK.
 */
export const monoInk = (params: PageParams): string =>
  params.invert && !darkInk(params.monoColor) ? INVERTED_INK : params.monoColor;

/** [r, g, b] to `#rrggbb`. */
export const hex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

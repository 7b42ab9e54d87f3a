/**
 * The block elements two-colour blocks draw at FINE_X x FINE_Y points a cell (the fineBlocks
 * kernel, engine/kernels/two-color.ts): halves, quadrants, eighths from the bottom and the top
 * eighth, quarters from the left. Block elements are geometry, not letters: each is an exact
 * 4 x 8 mask, one bit a point (bit y * FINE_X + x, row-major from the top left), not measured
 * from the font. In the blind panel a fit over these shapes at 4 x 8 points drew level with
 * chafa's symbols, where the blocks charset at the engine's 2 x 4 samples had 2/24 and 6/24
 * (bench/results/panel/notes.md, blocks-prototype-3 and 4).
 */

/** Points a cell across and down that the fine fit compares: twice the sample grid each way. */
export const FINE_X = 4;
export const FINE_Y = 8;
export const FINE_POINTS = FINE_X * FINE_Y;

type Inked = (x: number, y: number) => boolean;

/** Quadrant glyphs by which of (top left, top right, bottom left, bottom right) they ink. */
const QUADRANTS: readonly [string, readonly number[]][] = [
  ['▘', [1, 0, 0, 0]],
  ['▝', [0, 1, 0, 0]],
  ['▖', [0, 0, 1, 0]],
  ['▗', [0, 0, 0, 1]],
  ['▚', [1, 0, 0, 1]],
  ['▞', [0, 1, 1, 0]],
  ['▙', [1, 0, 1, 1]],
  ['▛', [1, 1, 1, 0]],
  ['▜', [1, 1, 0, 1]],
  ['▟', [0, 1, 1, 1]],
];

/**
 * The shapes in the order the fit tries them (ties go to the earlier: the space first, so a
 * flat cell is a space on its colour). The full block is left out: a flat cell is the space.
 */
const SHAPES: readonly [string, Inked][] = [
  [' ', () => false],
  ['▀', (_x, y) => y < FINE_Y / 2],
  ['▔', (_x, y) => y < 1],
  ...[...'▁▂▃▄▅▆▇'].map((g, k): [string, Inked] => [g, (_x, y) => y >= FINE_Y - (k + 1)]),
  ['▎', (x) => x < 1],
  ['▌', (x) => x < 2],
  ['▊', (x) => x < 3],
  ['▐', (x) => x >= FINE_X / 2],
  ...QUADRANTS.map(([g, q]): [string, Inked] => [
    g,
    (x, y) => q[(y < FINE_Y / 2 ? 0 : 2) + (x < FINE_X / 2 ? 0 : 1)] === 1,
  ]),
];

/** The glyphs of the fine fit, in its order. */
export const FINE_BLOCK_GLYPHS: readonly string[] = SHAPES.map(([g]) => g);

/** A shape's 4 x 8 mask, one bit a point (as a u32). */
export function fineMask(glyph: string): number {
  const shape = SHAPES.find(([g]) => g === glyph);
  if (!shape) throw new Error(`${JSON.stringify(glyph)} is not a fine block shape`);
  let bits = 0;
  for (let y = 0; y < FINE_Y; y++) for (let x = 0; x < FINE_X; x++) if (shape[1](x, y)) bits |= 1 << (y * FINE_X + x);
  return bits >>> 0;
}

/**
 * The ink of a block element the font measurement does not hold, per sample of a sx x sy grid
 * (Q12, `one` per fully inked sample): the share of its fine points inked.
 */
export function blockSampleMask(glyph: string, sx: number, sy: number, one: number): Int32Array {
  const bits = fineMask(glyph);
  const bw = FINE_X / sx;
  const bh = FINE_Y / sy;
  const mask = new Int32Array(sx * sy);
  for (let y = 0; y < FINE_Y; y++)
    for (let x = 0; x < FINE_X; x++)
      if ((bits >>> (y * FINE_X + x)) & 1) mask[Math.floor(y / bh) * sx + Math.floor(x / bw)] += 1;
  return mask.map((n) => Math.round((n * one) / (bw * bh)));
}

/**
 * A table's fine shapes (pairs of glyph and mask, GlyphTable.fineShapes) as runs of rows that
 * ink the same span of points (columns from .. to, exclusive), for fineBlocks' CPU twin: a run's
 * ink is one difference of its span's running sums over rows. runs[runsAt[k] ..< runsAt[k + 1]]
 * are shape k's runs, as pairs of offsets (its first row, past its last) into running sums laid
 * out `across` apart by span and 3 apart by row. A row inking apart spans has a run for each.
 */
export function fineShapeRuns(shapes: Int32Array, across: number) {
  const count = shapes.length >> 1;
  const glyphOf = new Int32Array(count);
  const inked = new Int32Array(count);
  const spans: string[] = [];
  const runs: number[] = [];
  const runsAt = new Int32Array(count + 1);
  for (let k = 0; k < count; k++) {
    const bits = shapes[2 * k + 1] >>> 0;
    glyphOf[k] = shapes[2 * k];
    for (let v = bits; v !== 0; v = (v & (v - 1)) >>> 0) inked[k]++;
    const rowOf = (y: number) => (bits >>> (y * FINE_X)) & ((1 << FINE_X) - 1);
    for (let y = 0; y < FINE_Y; ) {
      const m = rowOf(y);
      let end = y + 1;
      while (end < FINE_Y && rowOf(end) === m) end++;
      for (let from = 0; from < FINE_X; from++) {
        if (!((m >> from) & 1) || (from > 0 && (m >> (from - 1)) & 1)) continue;
        let to = from + 1;
        while (to < FINE_X && (m >> to) & 1) to++;
        const span = `${from} ${to}`;
        if (!spans.includes(span)) spans.push(span);
        const at = spans.indexOf(span) * across;
        runs.push(at + y * 3, at + end * 3);
      }
      y = end;
    }
    runsAt[k + 1] = runs.length;
  }
  const [spanFrom, spanTo] = [0, 1].map((i) => Int32Array.from(spans, (span) => Number(span.split(' ')[i])));
  return { glyphOf, inked, spanFrom, spanTo, runs: Int32Array.from(runs), runsAt };
}

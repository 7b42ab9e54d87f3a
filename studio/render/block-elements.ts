/**
 * Block elements drawn as shapes, not from the font. A font draws its blocks as tall as its own
 * line box, which is not the 1:2 cell the art is laid out in, so rows of them leave dark seams
 * (and their antialiased edges darken every cell border). Both painters draw these glyphs as
 * rectangles that meet exactly: the canvas painter on whole pixels, the atlas with each shape
 * running into the slot's gap so the sampler reads full ink up to the cell's edge.
 */

import { FINE_BLOCK_GLYPHS, FINE_X, FINE_Y, fineMask } from '../../engine/index.js';

/**
 * Quadrants: bit 0 upper left, 1 upper right, 2 lower left, 3 lower right; `ink` is their opacity.
 * Or (quadrants 0) a `bar`: the eighths and quarters two-colour blocks draw, one rectangle as
 * fractions of the cell.
 */
export interface BlockShape {
  readonly quadrants: number;
  readonly ink: number;
  readonly bar?: Bar;
}

/** A rectangle as fractions of the cell: left, top, right, bottom. */
export type Bar = readonly [number, number, number, number];

/** The rectangle a fine shape's 4 x 8 mask inks (each of these is one rectangle). */
function barOf(glyph: string): Bar {
  const bits = fineMask(glyph);
  let [left, top, right, bottom] = [FINE_X, FINE_Y, 0, 0];
  for (let y = 0; y < FINE_Y; y++)
    for (let x = 0; x < FINE_X; x++)
      if ((bits >>> (y * FINE_X + x)) & 1)
        [left, top, right, bottom] = [
          Math.min(left, x),
          Math.min(top, y),
          Math.max(right, x + 1),
          Math.max(bottom, y + 1),
        ];
  return [left / FINE_X, top / FINE_Y, right / FINE_X, bottom / FINE_Y];
}

const QUADRANTS: Readonly<Record<string, number>> = {
  '▘': 1,
  '▝': 2,
  '▀': 3,
  '▖': 4,
  '▌': 5,
  '▞': 6,
  '▛': 7,
  '▗': 8,
  '▚': 9,
  '▐': 10,
  '▜': 11,
  '▄': 12,
  '▙': 13,
  '▟': 14,
  '█': 15,
};

/**
 * The shapes of two-colour blocks that are not quadrants: eighths from the bottom, the top eighth,
 * quarters from the left, as the engine's fine masks draw them.
 */
const BARS: Readonly<Record<string, Bar>> = Object.fromEntries(
  FINE_BLOCK_GLYPHS.filter((g) => g !== ' ' && QUADRANTS[g] === undefined).map((g) => [g, barOf(g)]),
);

/** The shades, as the fractions of ink their Unicode names give them (light 25 %, medium 50 %, dark 75 %). */
const SHADES: Readonly<Record<string, number>> = { '░': 0.25, '▒': 0.5, '▓': 0.75 };

export function blockShape(glyph: string): BlockShape | null {
  const quadrants = QUADRANTS[glyph];
  if (quadrants !== undefined) return { quadrants, ink: 1 };
  const shade = SHADES[glyph];
  if (shade !== undefined) return { quadrants: 15, ink: shade };
  const bar = BARS[glyph];
  return bar === undefined ? null : { quadrants: 0, ink: 1, bar };
}

/** A table's shapes by glyph index (null: drawn from the font), cached per table. */
const byTable = new WeakMap<readonly string[], readonly (BlockShape | null)[]>();

export function blockShapes(table: readonly string[]): readonly (BlockShape | null)[] {
  let shapes = byTable.get(table);
  if (!shapes) {
    shapes = table.map(blockShape);
    byTable.set(table, shapes);
  }
  return shapes;
}

/**
 * Fills a block's quadrants (whole halves as one rectangle). The cell spans x0..x2 and y0..y2
 * with its middle at x1, y1; `bleed` extends the sides on the cell's outer edges by that much
 * (the atlas's gap). Allocates nothing: the canvas painter calls it for every block cell.
 */
export function fillQuadrants(
  ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  quadrants: number,
  x0: number,
  x1: number,
  x2: number,
  y0: number,
  y1: number,
  y2: number,
  bleed = 0,
): void {
  const l = x0 - bleed;
  const r = x2 + bleed;
  const t = y0 - bleed;
  const b = y2 + bleed;
  if (quadrants === 15) {
    ctx.fillRect(l, t, r - l, b - t);
    return;
  }
  if ((quadrants & 3) === 3) ctx.fillRect(l, t, r - l, y1 - t);
  else {
    if (quadrants & 1) ctx.fillRect(l, t, x1 - l, y1 - t);
    if (quadrants & 2) ctx.fillRect(x1, t, r - x1, y1 - t);
  }
  if ((quadrants & 12) === 12) ctx.fillRect(l, y1, r - l, b - y1);
  else {
    if (quadrants & 4) ctx.fillRect(l, y1, x1 - l, b - y1);
    if (quadrants & 8) ctx.fillRect(x1, y1, r - x1, b - y1);
  }
}

/**
 * Fills a bar of the cell spanning x0..x2 and y0..y2 (`snap` maps a coordinate to where it is
 * drawn: whole pixels on the canvas); sides on the cell's outer edges extend by `bleed`.
 */
export function fillBar(
  ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  bar: Bar,
  x0: number,
  x2: number,
  y0: number,
  y2: number,
  bleed = 0,
  snap: (v: number) => number = (v) => v,
): void {
  const [left, top, right, bottom] = bar;
  const l = left === 0 ? x0 - bleed : snap(x0 + left * (x2 - x0));
  const r = right === 1 ? x2 + bleed : snap(x0 + right * (x2 - x0));
  const t = top === 0 ? y0 - bleed : snap(y0 + top * (y2 - y0));
  const b = bottom === 1 ? y2 + bleed : snap(y0 + bottom * (y2 - y0));
  ctx.fillRect(l, t, r - l, b - t);
}

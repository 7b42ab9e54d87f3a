/**
 * Two-colour blocks (kernels/two-color.ts `fineBlocks`): each cell fitted at 4 x 8 points over the
 * block elements. The kernel against a direct reference (every shape's points summed), the
 * shapes it finds in pictures drawn to be them, and the flat cell it keeps for noise.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CpuExecutor } from '../../../engine/cpu/executor.js';
import { FINE_EDGE_PUSH, FINE_FLAT_COST, FINE_LEAST_GAIN } from '../../../engine/fixed.js';
import { FINE_BLOCK_GLYPHS, FINE_POINTS, FINE_X, FINE_Y, fineMask } from '../../../engine/glyphs/block-elements.js';
import { glyphTable } from '../../../engine/glyphs/table.js';
import type { RgbaImage } from '../../../engine/image.js';
import { CELL_STRIDE, CELL_SWITCH } from '../../../engine/kernels/cells.js';
import { interpolate, luminance, saturatedSrgb } from '../../../engine/kernels/luma.js';
import { fineBlocks, type TwoColorPrevious } from '../../../engine/kernels/two-color.js';
import { planFrame } from '../../../engine/plan.js';
import { paramsOf } from '../../support/render.js';

const BLOCKS = glyphTable('blocks');

/** A plan's tables for the kernel: defaults, two-colour blocks. */
const PLAN = planFrame(paramsOf({ columns: 8, charset: 'blocks', color: true, background: true }), {
  width: 32,
  height: 32,
});

/** The kernel's answer for one cell in the straightforward way: every shape's points summed. */
function reference(fine: Uint16Array, switchCost: number, prev: number): { glyph: number; fg: number[]; bg: number[] } {
  const colors: number[][] = [];
  for (let p = 0; p < FINE_POINTS; p++) {
    const s = p * 3;
    const y = luminance(fine[s], fine[s + 1], fine[s + 2]);
    const t = interpolate(PLAN.linearToTone, y);
    const shift = Math.trunc(((PLAN.toneCurve[t] - t) * 255) / 4095);
    colors.push(
      [0, 1, 2].map((ch) =>
        Math.min(255, Math.max(0, saturatedSrgb(fine[s + ch], y, PLAN.saturation, PLAN.linearToSrgb) + shift)),
      ),
    );
  }
  const sums = (bits: number) =>
    [0, 1, 2].map((ch) => colors.reduce((a, c, p) => a + ((bits >>> p) & 1 ? c[ch] : 0), 0));
  const total = sums(0xffffffff);
  const squares = colors.reduce((a, c) => a + c[0] ** 2 + c[1] ** 2 + c[2] ** 2, 0);
  const flat = total.reduce((a, v) => a + Math.trunc(v ** 2 / FINE_POINTS), 0);
  let best = { gain: -1, glyph: 0, bits: 0, saving: 0 };
  for (const g of FINE_BLOCK_GLYPHS) {
    const bits = fineMask(g);
    const n = colors.filter((_, p) => (bits >>> p) & 1).length;
    const ink = sums(bits);
    let gain = 0;
    for (let ch = 0; ch < 3; ch++) {
      if (n > 0) gain += Math.trunc(ink[ch] ** 2 / n);
      if (n < FINE_POINTS) gain += Math.trunc((total[ch] - ink[ch]) ** 2 / (FINE_POINTS - n));
    }
    const saving = gain - flat;
    // a shape wins over a flat cell by the flat cost, or by what it leaves, if that is less
    if (n > 0 && n < FINE_POINTS) gain -= Math.min(FINE_FLAT_COST, squares - gain + FINE_LEAST_GAIN);
    const glyph = BLOCKS.table.indexOf(g);
    if (glyph === prev) gain += switchCost;
    if (gain > best.gain) best = { gain, glyph, bits, saving };
  }
  const n = colors.filter((_, p) => (best.bits >>> p) & 1).length;
  const ink = sums(best.bits);
  const bg = total.map((v, ch) => Math.trunc((v - ink[ch] + ((FINE_POINTS - n) >> 1)) / (FINE_POINTS - n)));
  const fg = n > 0 ? ink.map((v) => Math.trunc((v + (n >> 1)) / n)) : bg;
  // an edge (a saving of the flat cost or more) moves its colors apart, keeping the cell's mean
  if (best.saving < FINE_FLAT_COST) return { glyph: best.glyph, fg, bg };
  return { glyph: best.glyph, ...pushApart(fg, bg, n) };
}

/** Two colors of an edge cell with n inked points moved apart (two-color.ts `splitColors`). */
function pushApart(fg: number[], bg: number[], n: number): { fg: number[]; bg: number[] } {
  const clamp = (v: number) => Math.min(255, Math.max(0, v));
  const apart = fg.map((v, ch) => (v - bg[ch]) * FINE_EDGE_PUSH);
  return {
    fg: fg.map((v, ch) => clamp(v + Math.trunc((apart[ch] * (FINE_POINTS - n)) / (FINE_POINTS * 16)))),
    bg: bg.map((v, ch) => clamp(v - Math.trunc((apart[ch] * n) / (FINE_POINTS * 16)))),
  };
}

/** One cell through the kernel: its fine points (linear RGB), and a previous glyph with its switching cost. */
function kernel(fine: Uint16Array, previous?: { glyph: number; cost: number }) {
  const cellData = new Int32Array(CELL_STRIDE);
  cellData[CELL_SWITCH] = previous?.cost ?? 0;
  const prev: TwoColorPrevious | null = previous
    ? { glyphs: Int32Array.of(previous.glyph), fg: null, bg: null, switchUnit: 1 }
    : null;
  const glyphs = new Uint8Array(1);
  const fg = new Uint8Array(3);
  const bg = new Uint8Array(3);
  fineBlocks(
    fine,
    cellData,
    1,
    1,
    BLOCKS.fineShapes,
    BLOCKS.densest,
    PLAN.saturation,
    false,
    PLAN.linearToSrgb,
    PLAN.linearToTone,
    PLAN.toneCurve,
    prev,
    glyphs,
    fg,
    bg,
  );
  return { glyph: glyphs[0], fg: Array.from(fg), bg: Array.from(bg) };
}

/** A picture of columns x rows cells at 4 x 8 pixels a cell, `color(x, y)` per pixel. */
function picture(columns: number, rows: number, color: (x: number, y: number) => number[]): RgbaImage {
  const width = columns * FINE_X;
  const height = rows * FINE_Y;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([...color(x, y), 255], (y * width + x) * 4);
  return { width, height, data };
}

/** The glyph of cell i of a rendered grid. */
const grid = (rendered: ReturnType<typeof render>, i: number) => rendered.table[rendered.glyphs[i]];

function render(image: RgbaImage) {
  // contrast 1: the tone curve leaves the colors as they are
  const params = paramsOf({
    columns: image.width / FINE_X,
    charset: 'blocks',
    color: true,
    background: true,
    contrast: 1,
  });
  const plan = planFrame(params, image, { rows: image.height / FINE_Y });
  expect([plan.fineWidth, plan.fineHeight]).toEqual([image.width, image.height]);
  return new CpuExecutor().render(plan, image);
}

describe('fineBlocks', () => {
  it('equals the direct sums over every shape (random cells, with and without a previous glyph)', () => {
    // full-range points, and faint ones around a gray, where a shape may win by what it leaves
    const point = fc.oneof(fc.integer({ min: 0, max: 65535 }), fc.integer({ min: 9000, max: 9600 }));
    fc.assert(
      fc.property(
        fc.array(point, { minLength: FINE_POINTS * 3, maxLength: FINE_POINTS * 3 }),
        fc.option(
          fc.record({
            glyph: fc.integer({ min: 0, max: BLOCKS.table.length - 1 }),
            cost: fc.integer({ min: 0, max: 1 << 23 }),
          }),
        ),
        (values, previous) => {
          const fine = Uint16Array.from(values);
          const s = Math.trunc((Math.min(previous?.cost ?? 0, 1 << 22) * 255) / BLOCKS.densest);
          const switchCost = 12 * Math.min(Math.trunc((s * 255) / BLOCKS.densest), 1 << 22);
          expect(kernel(fine, previous ?? undefined)).toEqual(reference(fine, switchCost, previous?.glyph ?? -1));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('draws a cell split at an eighth, a quarter or a quadrant as that block, its two colors moved apart', () => {
    const red = [200, 30, 30];
    const blue = [20, 40, 180];
    const shapes: [string, (x: number, y: number) => boolean][] = [
      ['▃', (_x, y) => y >= 5],
      ['▎', (x) => x < 1],
      ['▀', (_x, y) => y < 4],
      ['▚', (x, y) => x < 2 === y < 4],
    ];
    // the shapes twice over, in the fewest columns a grid has (8)
    const grid = render(picture(8, 1, (x, y) => (shapes[(x >> 2) % shapes.length][1](x & 3, y) ? red : blue)));
    [...shapes, ...shapes].forEach(([glyph, inked], i) => {
      expect(grid.table[grid.glyphs[i]]).toBe(glyph);
      // a clean edge is an edge: its colors move apart as a blurred one's do
      let n = 0;
      for (let y = 0; y < FINE_Y; y++) for (let x = 0; x < FINE_X; x++) n += inked(x, y) ? 1 : 0;
      const { fg, bg } = pushApart(red, blue, n);
      for (let ch = 0; ch < 3; ch++) {
        expect(Math.abs(grid.colors[i * 3 + ch] - fg[ch])).toBeLessThanOrEqual(1);
        expect(Math.abs((grid.backgrounds as Uint8Array)[i * 3 + ch] - bg[ch])).toBeLessThanOrEqual(1);
      }
    });
  });

  it('leaves a faintly noisy cell flat: a space on its mean color', () => {
    const grid = render(picture(8, 2, (x, y) => [20 + ((x * 7 + y * 13) % 5), 24, 60]));
    for (let i = 0; i < 16; i++) expect(grid.table[grid.glyphs[i]]).toBe(' ');
  });

  it('draws a faint gradient (a sky) half a cell at a time, where noise as strong stays flat', () => {
    // 1.5 levels a point down the cell: 12 levels over its 8 points, far less than the flat cost
    const sky = render(picture(8, 2, (_x, y) => [150 + ((3 * (y % FINE_Y)) >> 1), 170, 200]));
    for (let i = 0; i < 16; i++) expect(grid(sky, i)).not.toBe(' ');
    // the same spread of levels, scattered over the cell
    const noise = render(picture(8, 2, (x, y) => [150 + ((3 * ((x * 5 + y * 3) % FINE_Y)) >> 1), 170, 200]));
    for (let i = 0; i < 16; i++) expect(grid(noise, i)).toBe(' ');
  });
});

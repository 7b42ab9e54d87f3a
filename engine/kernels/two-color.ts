import {
  FINE_EDGE_PUSH,
  FINE_FLAT_COST,
  FINE_LEAST_GAIN,
  SAMPLES_PER_CELL,
  SAMPLES_X,
  SAMPLES_Y,
  TONE_MAX,
} from '../fixed.js';
import { FINE_POINTS, FINE_X, FINE_Y, fineShapeRuns } from '../glyphs/block-elements.js';
import { CELL_DIR, CELL_STRIDE, CELL_SWITCH } from './cells.js';
import { pointColor, pointTables } from './luma.js';

/**
 * two-color: for `background` (two-colour cells), each cell's glyph, glyph color and background
 * color, chosen together. Replaces `glyphs`/`dither` and `color` when the plan asks for it.
 *
 * Samples  per sample, the source's sRGB8 color s (linear RGB saturated around its luminance y
 *          as in `color`, then encoded), and its lightness L = (T * 255 + 2047) / 4095, T the
 *          tone curve (contrast, brightness, gamma) at the sample's tone (interpolated
 *          linearToTone at y), 4095 - T under `invert` (cells carry their own background, so the
 *          picture stays a positive). The ink pipeline's auto-levels, sharpening and local
 *          contrast are for glyph ink; a photo's colors keep the photo's own light. The sample's
 *          color is s moved by what the curve did to its tone t, c = clamp(s + (T - t) * 255 /
 *          4095) (not to L against a luma of s: luma and tone part for saturated colors, and a
 *          red moved by their difference turned pink).
 * Model    as a terminal draws the cell: a sample shows bg + a (fg - bg), a the glyph's measured
 *          mask (Q12 >> 4 = Q8, 256 = fully inked), in sRGB8 as terminals blend.
 * fit      for one channel x over the 8 samples, A1 = sum a, A2 = sum a^2, AX = sum a x, X1 =
 *          sum x, X2 = sum x^2 (A1 <= 2048, AX, 256 X1 < 2^20): each color is the mean of the
 *          samples it draws, weighted by how much it covers them: fg = (AX + A1 / 2) / A1, the
 *          ink's; bg = (256 X1 - AX + P / 2) / P, P = 2048 - A1, the paper's (fg = bg for a blank,
 *          bg = fg for a full block). So the cell keeps its mean, no color leaves the cell's own
 *          range, and a glyph shows as much contrast as the samples under it have: a thin stroke
 *          is a calm texture, not a letter pushed to black or white (the blind panel preferred
 *          this to the least-squares fit, whose strokes read as clutter). D = fg - bg;
 *          E = 256 (X2 - 2 bg X1 + 8 bg^2) - 2 D (AX - bg A1) + ((D^2 >> 4) (A2 >> 4)), the squared
 *          error of the drawn cell / 256 (each term < 2^29). Divisions truncate (as WGSL's).
 * choice   over the codebook, the cell's directional glyph and the charset's edge glyphs (`_ [ ] "`
 *          for ASCII charsets, which only two colours make edges), on the lightness L: the smallest
 *          E, plus inkCost + inkWeight * A1 for an inked glyph (A1 > 0; the plan's, from
 *          TWO_COLOR_INK_COST and TWO_COLOR_INK_WEIGHT, none for blocks;
 *          < 2^30 with E), ties to the lower rank (blank
 *          first: a flat cell is a space on its color). In streams the previous glyph's E is
 *          lowered by the cell's switching cost in these units, ((sw * 255 / densest) * 255 /
 *          densest) << 8, sw = min(CELL_SWITCH, 2^22) (so < 2^30).
 * colors   fit on each channel c with the chosen glyph: fg and bg, sRGB8.
 * streams  a cell that keeps its glyph keeps part of its previous colors, c += ((p - c) *
 *          keep) >> 12, keep = steadiness(CELL_SWITCH) (below): a still cell moves an eighth of
 *          the way each frame (sensor noise averages out), a moving one follows at once.
 * out: glyph (table index) per cell; fg and bg u8 x 3 per cell.
 */
export function twoColor(
  lin: Uint16Array,
  cellData: Int32Array,
  columns: number,
  rows: number,
  codebookGlyphs: Int32Array,
  masks: Int32Array,
  edges: Int32Array,
  densest: number,
  saturation: number,
  invert: boolean,
  linearToSrgb: Uint16Array,
  linearToTone: Uint16Array,
  toneCurve: Uint16Array,
  inkCost: number,
  inkWeight: number,
  previous: TwoColorPrevious | null,
  glyphsOut: Uint8Array,
  fgOut: Uint8Array,
  bgOut: Uint8Array,
): void {
  const sw = columns * SAMPLES_X;
  const light = new Int32Array(SAMPLES_PER_CELL);
  const colors = new Int32Array(SAMPLES_PER_CELL * 3);
  const a = new Int32Array(SAMPLES_PER_CELL);
  const fit = new Int32Array(3);
  const point = new Int32Array(3);
  const tables = pointTables(linearToSrgb, linearToTone, toneCurve, invert);
  const k = codebookGlyphs.length;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const i = r * columns + c;
      const base = i * CELL_STRIDE;
      let x1 = 0;
      let x2 = 0;
      for (let sy = 0; sy < SAMPLES_Y; sy++)
        for (let sx = 0; sx < SAMPLES_X; sx++) {
          const j = sy * SAMPLES_X + sx;
          const s = ((r * SAMPLES_Y + sy) * sw + c * SAMPLES_X + sx) * 3;
          const curved = pointColor(lin, s, saturation, tables, point);
          const l = Math.trunc((curved * 255 + 2047) / TONE_MAX);
          colors[j * 3] = point[0];
          colors[j * 3 + 1] = point[1];
          colors[j * 3 + 2] = point[2];
          light[j] = l;
          x1 += l;
          x2 += l * l;
        }
      const prev = previous ? previous.glyphs[i] : -1;
      const dir = cellData[base + CELL_DIR];
      let bestE = 0x7fffffff;
      let best = 0;
      for (let rank = 0; rank <= k + edges.length; rank++) {
        const g = rank < k ? codebookGlyphs[rank] : rank === k ? dir : edges[rank - k - 1];
        if (rank === k && (dir < 0 || codebookGlyphs.includes(dir))) continue;
        let a1 = 0;
        let a2 = 0;
        let ax = 0;
        for (let j = 0; j < SAMPLES_PER_CELL; j++) {
          const v = masks[g * SAMPLES_PER_CELL + j] >> 4;
          a1 += v;
          a2 += v * v;
          ax += v * light[j];
        }
        fitChannel(a1, a2, ax, x1, x2, fit);
        let e = fit[2] + (a1 > 0 ? inkCost + inkWeight * a1 : 0);
        if (g === prev) e -= switchCost(cellData[base + CELL_SWITCH], densest);
        if (e < bestE) {
          bestE = e;
          best = g;
        }
      }
      glyphsOut[i] = best;
      let a1 = 0;
      let a2 = 0;
      for (let j = 0; j < SAMPLES_PER_CELL; j++) {
        a[j] = masks[best * SAMPLES_PER_CELL + j] >> 4;
        a1 += a[j];
        a2 += a[j] * a[j];
      }
      for (let ch = 0; ch < 3; ch++) {
        let cx1 = 0;
        let cx2 = 0;
        let ax = 0;
        for (let j = 0; j < SAMPLES_PER_CELL; j++) {
          const v = colors[j * 3 + ch];
          cx1 += v;
          cx2 += v * v;
          ax += a[j] * v;
        }
        fitChannel(a1, a2, ax, cx1, cx2, fit);
        bgOut[i * 3 + ch] = fit[0];
        fgOut[i * 3 + ch] = fit[1];
      }
      if (best === prev) steadyCell(i, cellData[base + CELL_SWITCH], previous, fgOut, bgOut);
    }
}

/**
 * fineBlocks: two-colour cells for the blocks charset, fitted at FINE_X x FINE_Y = 4 x 8 points a
 * cell (twice the sample grid each way) over the block elements those points draw
 * (glyphs/block-elements.ts). Replaces twoColor for blocks.
 *
 * Points   `fine` is linear RGB at columns * 4 x rows * 8 points (resample of the reduced level,
 *          as the sample grid is); each point's sRGB8 color c as twoColor's samples (saturated,
 *          then moved by what the tone curve did to its tone).
 * fit      for a shape of n inked points (mask bits), per channel the sums I (inked) and T (all):
 *          gain = sum over r, g, b of I^2 / n (n > 0) + (T - I)^2 / (32 - n) (n < 32), divisions
 *          truncating; the squared error the shape leaves is sum c^2 - gain, so the best shape has
 *          the largest gain. A shape (0 < n < 32) must win min(FINE_FLAT_COST, what it leaves +
 *          FINE_LEAST_GAIN) over a flat cell (the space, n = 0): noise (a night sky) stays flat,
 *          while a shape saving at least what it leaves (a gradient, an edge) is drawn however
 *          faint. T <= 8160, so each square < 2^26, the gain and the sum of squares
 *          (<= 96 * 255^2) < 2^23. Ties go to the earlier shape (the space first).
 * streams  the previous glyph's gain is raised by its switching cost, as twoColor's in these
 *          units: 12 min(((sw * 255 / densest) * 255 / densest), 2^22), sw = min(CELL_SWITCH, 2^22)
 *          (32 points x 3 channels against 8 samples: < 2^26); a cell that keeps its glyph keeps
 *          part of its previous colors as twoColor's do.
 * colors   fg = (I + n / 2) / n, bg = (T - I + (32 - n) / 2) / (32 - n) per channel; a space has
 *          fg = bg = the cell's mean. Where the shape saved at least FINE_FLAT_COST over a flat cell (its
 *          gain less T^2 / 32 per channel: an edge, not a gradient), d = (fg - bg) * FINE_EDGE_PUSH
 *          moves them apart and keeps the cell's mean: fg += d (32 - n) / 512, bg -= d n / 512,
 *          truncating, clamped to 0..255, so thin strokes darken and the paper keeps its tone.
 * out: glyph (table index) per cell; fg and bg u8 x 3 per cell.
 *
 * The CPU twin sums a shape's ink from running sums of its rows' spans of points (fineShapeRuns);
 * the GPU twin sums the mask's points: the same integers.
 */
export function fineBlocks(
  fine: Uint16Array,
  cellData: Int32Array,
  columns: number,
  rows: number,
  shapes: Int32Array,
  densest: number,
  saturation: number,
  invert: boolean,
  linearToSrgb: Uint16Array,
  linearToTone: Uint16Array,
  toneCurve: Uint16Array,
  previous: TwoColorPrevious | null,
  glyphsOut: Uint8Array,
  fgOut: Uint8Array,
  bgOut: Uint8Array,
): void {
  const fw = columns * FINE_X;
  const across = (FINE_Y + 1) * 3;
  const { glyphOf, inked, spanFrom, spanTo, runs, runsAt } = fineShapeRuns(shapes, across);
  // row[x * 3 + ch]: channel ch summed over this row's points left of x
  const row = new Int32Array((FINE_X + 1) * 3);
  // running[p * across + y * 3 + ch]: channel ch summed over rows < y of span p's points
  const running = new Int32Array(spanFrom.length * across);
  const tables = pointTables(linearToSrgb, linearToTone, toneCurve, invert);
  const point = new Int32Array(3);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const i = r * columns + c;
      let tr = 0;
      let tg = 0;
      let tb = 0;
      let squares = 0;
      for (let y = 0; y < FINE_Y; y++) {
        const rowAt = ((r * FINE_Y + y) * fw + c * FINE_X) * 3;
        for (let x = 0; x < FINE_X; x++) {
          pointColor(fine, rowAt + x * 3, saturation, tables, point);
          const pr = point[0];
          const pg = point[1];
          const pb = point[2];
          const at = x * 3;
          row[at + 3] = row[at] + pr;
          row[at + 4] = row[at + 1] + pg;
          row[at + 5] = row[at + 2] + pb;
          tr += pr;
          tg += pg;
          tb += pb;
          squares += pr * pr + pg * pg + pb * pb;
        }
        for (let p = 0, at = y * 3; p < spanFrom.length; p++, at += across) {
          const to = spanTo[p] * 3;
          const from = spanFrom[p] * 3;
          running[at + 3] = running[at] + row[to] - row[from];
          running[at + 4] = running[at + 1] + row[to + 1] - row[from + 1];
          running[at + 5] = running[at + 2] + row[to + 2] - row[from + 2];
        }
      }
      const prev = previous ? previous.glyphs[i] : -1;
      let bestGain = -1;
      let best = 0;
      // the winner's saving over a flat cell, and its ink sums, for its colors
      const flat = (((tr * tr) / FINE_POINTS) | 0) + (((tg * tg) / FINE_POINTS) | 0) + (((tb * tb) / FINE_POINTS) | 0);
      let bestSaving = 0;
      let br = 0;
      let bg = 0;
      let bb = 0;
      for (let k = 0; k < glyphOf.length; k++) {
        let ir = 0;
        let ig = 0;
        let ib = 0;
        for (let q = runsAt[k]; q < runsAt[k + 1]; q += 2) {
          const to = runs[q + 1];
          const from = runs[q];
          ir += running[to] - running[from];
          ig += running[to + 1] - running[from + 1];
          ib += running[to + 2] - running[from + 2];
        }
        // squares < 2^26 and non-negative: | 0 truncates as the header says
        const n = inked[k];
        let gain = 0;
        if (n > 0) gain += (((ir * ir) / n) | 0) + (((ig * ig) / n) | 0) + (((ib * ib) / n) | 0);
        if (n < FINE_POINTS) {
          const m = FINE_POINTS - n;
          const pr = tr - ir;
          const pg = tg - ig;
          const pb = tb - ib;
          gain += (((pr * pr) / m) | 0) + (((pg * pg) / m) | 0) + (((pb * pb) / m) | 0);
        }
        const saving = gain - flat;
        // what a shape leaves is squares - gain (>= 0: truncation only lowers the gain)
        if (n > 0 && n < FINE_POINTS) gain -= Math.min(FINE_FLAT_COST, squares - gain + FINE_LEAST_GAIN);
        if (glyphOf[k] === prev) gain += 12 * switchSquare(cellData[i * CELL_STRIDE + CELL_SWITCH], densest);
        if (gain > bestGain) {
          bestGain = gain;
          bestSaving = saving;
          best = k;
          br = ir;
          bg = ig;
          bb = ib;
        }
      }
      glyphsOut[i] = glyphOf[best];
      const n = inked[best];
      const push = bestSaving >= FINE_FLAT_COST ? FINE_EDGE_PUSH : 0;
      splitColors(i * 3, br, tr, n, push, fgOut, bgOut);
      splitColors(i * 3 + 1, bg, tg, n, push, fgOut, bgOut);
      splitColors(i * 3 + 2, bb, tb, n, push, fgOut, bgOut);
      if (glyphOf[best] === prev) steadyCell(i, cellData[i * CELL_STRIDE + CELL_SWITCH], previous, fgOut, bgOut);
    }
}

/**
 * One channel of a fineBlocks cell: the means of the n inked points (sum `ink`) and of the rest,
 * moved apart by push / 16 of their difference, each by the other part's share of the cell.
 */
function splitColors(
  at: number,
  ink: number,
  total: number,
  n: number,
  push: number,
  fgOut: Uint8Array,
  bgOut: Uint8Array,
): void {
  const paper = FINE_POINTS - n;
  const bg = paper > 0 ? Math.trunc((total - ink + (paper >> 1)) / paper) : 0;
  const fg = n > 0 ? Math.trunc((ink + (n >> 1)) / n) : bg;
  const apart = (fg - bg) * push;
  fgOut[at] = clamp255(fg + Math.trunc((apart * paper) / (FINE_POINTS * 16)));
  bgOut[at] = paper > 0 ? clamp255(bg - Math.trunc((apart * n) / (FINE_POINTS * 16))) : fg;
}

/** A cell that keeps its glyph keeps part of its previous colors (twoColor's `streams`). */
function steadyCell(
  i: number,
  cost: number,
  previous: TwoColorPrevious | null,
  fgOut: Uint8Array,
  bgOut: Uint8Array,
): void {
  if (!previous?.fg || !previous.bg) return;
  const keep = steadiness(cost, previous.switchUnit);
  for (let q = i * 3; q < i * 3 + 3; q++) {
    fgOut[q] += ((previous.fg[q] - fgOut[q]) * keep) >> 12;
    bgOut[q] += ((previous.bg[q] - bgOut[q]) * keep) >> 12;
  }
}

/**
 * A stream's previous frame, for twoColor: its glyphs, and its colors when it had two-colour
 * cells (else null: nothing to steady towards). switchUnit = switchScale * r, the switching cost
 * of a cell with no motion at all.
 */
export interface TwoColorPrevious {
  readonly glyphs: Int32Array;
  readonly fg: Uint8Array | null;
  readonly bg: Uint8Array | null;
  readonly switchUnit: number;
}

/**
 * How much of the previous frame's colors a cell keeps (Q12): seven eighths of its stillness,
 * the switching cost the temporal filter gave it over that of a cell with no motion,
 * min(4096, switch * 4096 / switchUnit) (switch <= switchUnit < 2^17, so < 2^29).
 */
function steadiness(cost: number, switchUnit: number): number {
  const still = Math.min(4096, Math.trunc((cost * 4096) / Math.max(1, switchUnit)));
  return (still * 7) >> 3;
}

/** One channel's two-colour fit under a mask (see above): out = [bg, fg, E]. */
export function fitChannel(a1: number, a2: number, ax: number, x1: number, x2: number, out: Int32Array): void {
  const paper = 2048 - a1;
  let fg = a1 > 0 ? Math.trunc((ax + (a1 >> 1)) / a1) : 0;
  const bg = paper > 0 ? Math.trunc((256 * x1 - ax + (paper >> 1)) / paper) : fg;
  if (a1 === 0) fg = bg;
  const d = fg - bg;
  const e = 256 * (x2 - 2 * bg * x1 + 8 * bg * bg) - 2 * d * (ax - bg * a1) + ((d * d) >> 4) * (a2 >> 4);
  out[0] = bg;
  out[1] = fg;
  out[2] = Math.max(0, e);
}

/** A stream's switching cost (ink^2) in the fit's error units. */
function switchCost(cost: number, densest: number): number {
  return switchSquare(cost, densest) << 8;
}

/** A switching cost (ink^2, Q12) as 8-bit ink squared: min((sw * 255 / densest) * 255 / densest, 2^22). */
function switchSquare(cost: number, densest: number): number {
  const s = Math.trunc((Math.min(cost, 1 << 22) * 255) / densest);
  return Math.min(Math.trunc((s * 255) / densest), 1 << 22);
}

const clamp255 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

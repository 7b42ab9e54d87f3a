/**
 * The matcher's perceptual blur inside one cell: a Gaussian of sigma 0.75 samples over the
 * 2 x 4 sub-cell grid, edges replicated, as an 8 x 8 integer matrix in Q8 (rows sum to 256).
 * Glyph masks and cell targets pass through the same matrix, so their difference is the
 * error a slightly defocused eye sees. The matrix is computed once here; kernels receive it
 * through the plan.
 */
import { SAMPLES_PER_CELL, SAMPLES_X, SAMPLES_Y } from '../fixed.js';

const SIGMA = 0.75;

function gaussian1d(n: number): number[][] {
  // m[i][j]: weight of sample j in output i, with out-of-range taps replicated to the edge
  const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const r = Math.ceil(SIGMA * 3);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let d = -r; d <= r; d++) sum += Math.exp(-(d * d) / (2 * SIGMA * SIGMA));
    for (let d = -r; d <= r; d++) {
      const j = Math.min(n - 1, Math.max(0, i + d));
      m[i][j] += Math.exp(-(d * d) / (2 * SIGMA * SIGMA)) / sum;
    }
  }
  return m;
}

function buildBlur(): Int32Array {
  const gx = gaussian1d(SAMPLES_X);
  const gy = gaussian1d(SAMPLES_Y);
  const out = new Int32Array(SAMPLES_PER_CELL * SAMPLES_PER_CELL);
  for (let oy = 0; oy < SAMPLES_Y; oy++)
    for (let ox = 0; ox < SAMPLES_X; ox++) {
      const row = (oy * SAMPLES_X + ox) * SAMPLES_PER_CELL;
      const w: number[] = [];
      for (let sy = 0; sy < SAMPLES_Y; sy++)
        for (let sx = 0; sx < SAMPLES_X; sx++) w.push(gy[oy][sy] * gx[ox][sx] * 256);
      const q = w.map(Math.round);
      // make the row sum exactly 256: give the rounding remainder to the largest weight
      const largest = q.indexOf(Math.max(...q));
      q[largest] += 256 - q.reduce((a, b) => a + b, 0);
      out.set(q, row);
    }
  return out;
}

/** Q8 blur matrix, row-major [output sample][input sample]. */
export const CELL_BLUR: Int32Array = buildBlur();

/** Blurs one cell's 8 samples: out_i = (sum_j B_ij v_j + 128) >> 8. Values up to 2^22 stay exact. */
export function applyCellBlur(v: ArrayLike<number>, blur: Int32Array): Int32Array {
  const out = new Int32Array(SAMPLES_PER_CELL);
  for (let i = 0; i < SAMPLES_PER_CELL; i++) {
    let s = 0;
    for (let j = 0; j < SAMPLES_PER_CELL; j++) s += blur[i * SAMPLES_PER_CELL + j] * v[j];
    out[i] = (s + 128) >> 8;
  }
  return out;
}

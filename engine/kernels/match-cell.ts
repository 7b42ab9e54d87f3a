import { MEAN_TONE_WEIGHT, SAMPLES_PER_CELL } from '../fixed.js';
import { CELL_BONUS, CELL_DIR, CELL_MEAN, CELL_SWITCH } from './cells.js';

/**
 * match-cell: the glyph whose blurred 2 x 4 mask best fits one cell (shared by the glyphs and
 * dither kernels).
 *
 * E(g) = sum_k (Bg_k - (Bt_k + shift))^2 + MEAN_TONE_WEIGHT * (cov_g - (mean + shift))^2
 * where Bt = cellBlur x targets ((sum B t + 128) >> 8, B Q8 rows summing to 256, so adding the
 * dither `shift` to every target adds it to every Bt exactly). Terms: |Bg - Bt| < 2^13 (shift
 * bounded by the ink range), 8 squares < 2^29, mean term < 16 * 2^26 = 2^30; E < 2^31.
 * The directional candidate (the cell's `dir`, if any) has E lowered by the cell's bonus and
 * ranks after the codebook (rank k). In streams the cell's previous glyph `prev` (-1: none)
 * has E lowered by the cell's switching cost, wherever it stands among the candidates.
 * The winner is the smallest (E, rank).
 *
 * The CPU twin evaluates `prev` first, then visits the codebook outwards from the mean's
 * coverage, stopping in a direction once MEAN_TONE_WEIGHT * (cov - mean)^2 alone exceeds the
 * best E, and stops summing a glyph's squares once they exceed it: none of this can change
 * the (E, rank) winner.
 *
 * codebookGlyphs: table indexes ascending by coverage (k of them). Returns the table index.
 */
export function matchCell(
  cellData: Int32Array,
  base: number,
  shift: number,
  codebookGlyphs: Int32Array,
  k: number,
  coverage: Int32Array,
  blurredMasks: Int32Array,
  cellBlur: Int32Array,
  prev: number,
  bt: Int32Array,
): number {
  for (let i = 0; i < SAMPLES_PER_CELL; i++) {
    let s = 0;
    for (let j = 0; j < SAMPLES_PER_CELL; j++) s += cellBlur[i * SAMPLES_PER_CELL + j] * cellData[base + j];
    bt[i] = ((s + 128) >> 8) + shift;
  }
  const mean = cellData[base + CELL_MEAN] + shift;
  // first codebook position whose coverage reaches the mean
  let lo = 0;
  let hi = k;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (coverage[codebookGlyphs[mid]] < mean) lo = mid + 1;
    else hi = mid;
  }
  let bestE = 0x7fffffff;
  let bestRank = k + 1;
  let prevRank = -1;
  if (prev >= 0) {
    for (let r = 0; r < k; r++) if (codebookGlyphs[r] === prev) prevRank = r;
    if (prevRank >= 0) {
      bestE = glyphError(prev, mean, coverage, blurredMasks, bt) - cellData[base + CELL_SWITCH];
      bestRank = prevRank;
    }
  }
  let up = lo;
  let down = lo - 1;
  while (up < k || down >= 0) {
    for (let side = 0; side < 2; side++) {
      const rank = side === 0 ? up : down;
      if (rank < 0 || rank >= k) continue;
      if (rank === prevRank) {
        if (side === 0) up++;
        else down--;
        continue;
      }
      const g = codebookGlyphs[rank];
      const dm = coverage[g] - mean;
      let e = MEAN_TONE_WEIGHT * dm * dm;
      if (e > bestE) {
        if (side === 0) up = k;
        else down = -1;
        continue;
      }
      const m = g * SAMPLES_PER_CELL;
      for (let i = 0; i < SAMPLES_PER_CELL && e <= bestE; i++) {
        const d = blurredMasks[m + i] - bt[i];
        e += d * d;
      }
      if (e < bestE || (e === bestE && rank < bestRank)) {
        bestE = e;
        bestRank = rank;
      }
      if (side === 0) up++;
      else down--;
    }
  }
  const dir = cellData[base + CELL_DIR];
  if (dir >= 0) {
    const e =
      glyphError(dir, mean, coverage, blurredMasks, bt) -
      cellData[base + CELL_BONUS] -
      (dir === prev ? cellData[base + CELL_SWITCH] : 0);
    if (e < bestE) return dir;
  }
  return codebookGlyphs[bestRank];
}

/** E(g) in full (no early exit). */
function glyphError(g: number, mean: number, coverage: Int32Array, blurredMasks: Int32Array, bt: Int32Array): number {
  const dm = coverage[g] - mean;
  let e = MEAN_TONE_WEIGHT * dm * dm;
  const m = g * SAMPLES_PER_CELL;
  for (let i = 0; i < SAMPLES_PER_CELL; i++) {
    const d = blurredMasks[m + i] - bt[i];
    e += d * d;
  }
  return e;
}

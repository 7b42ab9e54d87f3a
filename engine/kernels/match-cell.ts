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
 * best E, and stops summing a glyph's squares when the first four already exceed it: none of
 * this can change the (E, rank) winner.
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
  // the 2 x 4 targets and the blur unrolled (SAMPLES_PER_CELL = 8): this runs once per cell per frame
  const t0 = cellData[base];
  const t1 = cellData[base + 1];
  const t2 = cellData[base + 2];
  const t3 = cellData[base + 3];
  const t4 = cellData[base + 4];
  const t5 = cellData[base + 5];
  const t6 = cellData[base + 6];
  const t7 = cellData[base + 7];
  for (let i = 0, q = 0; i < SAMPLES_PER_CELL; i++, q += SAMPLES_PER_CELL) {
    const s =
      cellBlur[q] * t0 +
      cellBlur[q + 1] * t1 +
      cellBlur[q + 2] * t2 +
      cellBlur[q + 3] * t3 +
      cellBlur[q + 4] * t4 +
      cellBlur[q + 5] * t5 +
      cellBlur[q + 6] * t6 +
      cellBlur[q + 7] * t7;
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
      bestE = glyphError(prev, mean, coverage, blurredMasks, bt, 0x7fffffff) - cellData[base + CELL_SWITCH];
      bestRank = prevRank;
    }
  }
  // outwards from the mean, one rank up then one down; a side stops once its mean term alone loses
  let up = lo;
  let down = lo - 1;
  while (up < k || down >= 0) {
    if (up < k) {
      const rank = up++;
      if (rank !== prevRank) {
        const e = glyphError(codebookGlyphs[rank], mean, coverage, blurredMasks, bt, bestE);
        if (e < 0) up = k;
        else if (e < bestE || (e === bestE && rank < bestRank)) {
          bestE = e;
          bestRank = rank;
        }
      }
    }
    if (down >= 0) {
      const rank = down--;
      if (rank !== prevRank) {
        const e = glyphError(codebookGlyphs[rank], mean, coverage, blurredMasks, bt, bestE);
        if (e < 0) down = -1;
        else if (e < bestE || (e === bestE && rank < bestRank)) {
          bestE = e;
          bestRank = rank;
        }
      }
    }
  }
  const dir = cellData[base + CELL_DIR];
  if (dir >= 0) {
    const e =
      glyphError(dir, mean, coverage, blurredMasks, bt, 0x7fffffff) -
      cellData[base + CELL_BONUS] -
      (dir === prev ? cellData[base + CELL_SWITCH] : 0);
    if (e < bestE) return dir;
  }
  return codebookGlyphs[bestRank];
}

/**
 * E(g), or -1 when its mean term alone exceeds `bound` (no glyph further out on that side can
 * win). Past `bound` after half the squares it returns what it has summed: more than `bound`,
 * which cannot win either (E < 2^31, so `bound` 0x7fffffff asks for all of it).
 */
function glyphError(
  g: number,
  mean: number,
  coverage: Int32Array,
  blurredMasks: Int32Array,
  bt: Int32Array,
  bound: number,
): number {
  const dm = coverage[g] - mean;
  let e = MEAN_TONE_WEIGHT * dm * dm;
  if (e > bound) return -1;
  const m = g * SAMPLES_PER_CELL;
  let d = blurredMasks[m] - bt[0];
  e += d * d;
  d = blurredMasks[m + 1] - bt[1];
  e += d * d;
  d = blurredMasks[m + 2] - bt[2];
  e += d * d;
  d = blurredMasks[m + 3] - bt[3];
  e += d * d;
  if (e > bound) return e;
  d = blurredMasks[m + 4] - bt[4];
  e += d * d;
  d = blurredMasks[m + 5] - bt[5];
  e += d * d;
  d = blurredMasks[m + 6] - bt[6];
  e += d * d;
  d = blurredMasks[m + 7] - bt[7];
  return e + d * d;
}

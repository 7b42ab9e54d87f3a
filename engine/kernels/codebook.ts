/**
 * codebook: the glyphs the matcher may use. `fixed`: every ramp glyph. `adaptive`: the
 * smallest subset of the ramp whose luminance quantization error on this frame stays under
 * the bound (SPEC glyphStrategy / maxGlyphRmse), found exactly by dynamic programming.
 *
 * Histogram: 256 bins of cell mean ink over [0, densest]; bin b stands for ink
 * v_b = (b * densestQ10 + 127) / 255 (Q10 <= 1024); counts normalized to MASS = 512 cells:
 * h_b = (count * 512 + cells / 2) / cells (count * 512 < 2^29). Levels L_i: the distinct
 * coverages of the ramp in Q10 (the first glyph of each). Prefix sums S0 = sum h,
 * S1 = sum h v, S2 = sum h v^2 <= (512 + 256) * 2^20 < 2^30.
 * Cost of the bins between levels i < j, each to the nearer level, split at the midpoint m:
 * sum h (v - L_i)^2 + sum h (L_j - v)^2, each as (S2 + L^2 S0) - 2 L S1 (< 2^32 before the
 * subtraction, unsigned). Head: bins below L_0; tail: bins from the last level up.
 * best_1(j) = head(j); best_k(j) = min_{i<j} best_{k-1}(i) + between(i, j) (smallest i wins
 * ties); total_k = min_j best_k(j) + tail(j). The smallest k with total_k <= bound wins (or
 * all levels, when none does). On the GPU one workgroup runs the DP, one thread per level.
 * Streams pass the previous frame's codebook: it is kept while its own cost (each bin to its
 * nearest level) still meets the bound and it has at most STREAM_SLACK more glyphs than the
 * new smallest one, so noise in the histogram does not flip the glyph set from frame to frame.
 * A stream chooses a new codebook against 3/4 of the bound (bound - bound >> 2), so what it
 * keeps has room to drift before it stops meeting the bound (a hysteresis band, not a
 * threshold that noise crosses both ways); and it does not keep the previous codebook on a
 * cut: more than half the cells moving, i.e. with a switching cost (set by temporal) below
 * `movingBelow`.
 *
 * out  the codebook's table indexes (ascending coverage), its cost and the histogram's mass.
 */
import { CELL_SWITCH } from './cells.js';

export const CODEBOOK_MASS = 512;
/** Bins of the cell-mean histogram; bin b stands for ink b / TOP_BIN of the densest glyph. */
export const CODEBOOK_BINS = 256;
const TOP_BIN = CODEBOOK_BINS - 1;
/** How many more glyphs than the smallest codebook a stream may keep for stability. */
export const STREAM_SLACK = 2;
/** Streams choose new codebooks against bound - (bound >> STREAM_HEADROOM_SHIFT): a quarter to spare. */
export const STREAM_HEADROOM_SHIFT = 2;

/** What a stream adds to the codebook's input. */
export interface CodebookStream {
  /** The previous frame's codebook (table indexes), null on the stream's first frame. */
  readonly previous: Int32Array | null;
  /** A cell whose switching cost is below this is moving (temporal.ts movingSwitchCost). */
  readonly movingBelow: number;
}

export interface CodebookResult {
  /** Table indexes of the codebook, ascending coverage. */
  readonly glyphs: Int32Array;
  /** The DP cost (sum of normalized squared Q10 ink errors) of that codebook. */
  readonly cost: number;
  /** The normalized histogram's total (about CODEBOOK_MASS): RMSE = sqrt(cost / mass) / densestQ10. */
  readonly mass: number;
}

function binValues(densestQ10: number): Int32Array {
  return Int32Array.from({ length: CODEBOOK_BINS }, (_, b) => Math.floor((b * densestQ10 + (TOP_BIN >> 1)) / TOP_BIN));
}

export function codebook(
  cellData: Int32Array,
  stride: number,
  meanOffset: number,
  cells: number,
  rampOrder: Uint8Array,
  coverage: Int32Array,
  densest: number,
  adaptive: boolean,
  bound: number,
  stream: CodebookStream | null = null,
): CodebookResult {
  const densestQ10 = densest >> 2;
  const counts = new Uint32Array(CODEBOOK_BINS);
  let moving = 0;
  for (let i = 0; i < cells; i++) {
    if (stream && cellData[i * stride + CELL_SWITCH] < stream.movingBelow) moving++;
    const m = cellData[i * stride + meanOffset];
    counts[Math.min(TOP_BIN, Math.floor((m * TOP_BIN + (densest >> 1)) / Math.max(1, densest)))]++;
  }
  const v = binValues(densestQ10);
  const h = Uint32Array.from(counts, (n) => Math.floor((n * CODEBOOK_MASS + (cells >> 1)) / cells));
  const s0 = new Float64Array(CODEBOOK_BINS + 1);
  const s1 = new Float64Array(CODEBOOK_BINS + 1);
  const s2 = new Float64Array(CODEBOOK_BINS + 1);
  for (let b = 0; b < CODEBOOK_BINS; b++) {
    s0[b + 1] = s0[b] + h[b];
    s1[b + 1] = s1[b] + h[b] * v[b];
    s2[b + 1] = s2[b] + h[b] * v[b] * v[b];
  }
  // distinct levels, each represented by the first ramp glyph that has it
  const levels: number[] = [];
  const glyphOf: number[] = [];
  for (const g of rampOrder) {
    const l = coverage[g] >> 2;
    if (levels.length === 0 || levels[levels.length - 1] !== l) {
      levels.push(l);
      glyphOf.push(g);
    }
  }
  const n = levels.length;
  // v ascends, so the first bin whose value reaches `value` is a binary search (the DP asks n^2 / 2 times)
  const firstBinAtLeast = (value: number) => {
    let lo = 0;
    let hi = CODEBOOK_BINS;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (v[mid] < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const sq = (from: number, to: number, l: number) =>
    s2[to] - s2[from] + l * l * (s0[to] - s0[from]) - 2 * l * (s1[to] - s1[from]);
  const at = levels.map(firstBinAtLeast);
  const head = (j: number) => sq(0, at[j], levels[j]);
  const tail = (i: number) => sq(at[i], CODEBOOK_BINS, levels[i]);
  const between = (i: number, j: number) => {
    const mid = firstBinAtLeast((levels[i] + levels[j] + 1) >> 1);
    return sq(at[i], mid, levels[i]) + sq(mid, at[j], levels[j]);
  };
  const pick = (chosen: number[], cost: number): CodebookResult => ({
    glyphs: Int32Array.from(
      chosen.flatMap((li) =>
        // Array.from: flatMap would not flatten the typed array Uint8Array.filter returns
        Array.from(rampOrder)
          .filter((g) => coverage[g] >> 2 === levels[li])
          .slice(0, adaptive ? 1 : undefined),
      ),
    ),
    cost,
    mass: s0[CODEBOOK_BINS],
  });
  const nearestCost = (ls: ArrayLike<number>) => {
    let cost = 0;
    for (let b = 0; b < CODEBOOK_BINS; b++) {
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < ls.length; i++) best = Math.min(best, (v[b] - ls[i]) * (v[b] - ls[i]));
      cost += h[b] * best;
    }
    return cost;
  };
  if (!adaptive)
    return pick(
      levels.map((_, i) => i),
      nearestCost(levels),
    );
  const cross: number[][] = [];
  for (let i = 0; i < n; i++) {
    cross.push([]);
    for (let j = i + 1; j < n; j++) cross[i][j] = between(i, j);
  }
  const chooseBound = stream ? bound - (bound >> STREAM_HEADROOM_SHIFT) : bound;
  let best = Array.from({ length: n }, (_, j) => head(j));
  const back: Int32Array[] = [];
  for (let k = 1; ; k++) {
    if (k > 1) {
      const next = new Array<number>(n).fill(Number.POSITIVE_INFINITY);
      const from = new Int32Array(n).fill(-1);
      for (let j = 0; j < n; j++)
        for (let i = 0; i < j; i++) {
          const c = best[i] + cross[i][j];
          if (c < next[j]) {
            next[j] = c;
            from[j] = i;
          }
        }
      back.push(from);
      best = next;
    }
    let total = Number.POSITIVE_INFINITY;
    let end = -1;
    for (let j = 0; j < n; j++) {
      const c = best[j] + tail(j);
      if (c < total) {
        total = c;
        end = j;
      }
    }
    if (total <= chooseBound || k === n) {
      const previous = stream && moving * 2 <= cells ? stream.previous : null;
      if (previous && previous.length > 0 && previous.length <= k + STREAM_SLACK) {
        const kept = nearestCost(Array.from(previous, (g) => coverage[g] >> 2));
        if (kept <= bound) return { glyphs: previous, cost: kept, mass: s0[CODEBOOK_BINS] };
      }
      const chosen = [end];
      for (let q = back.length - 1; q >= 0; q--) chosen.unshift(back[q][chosen[0]]);
      return pick(chosen, total);
    }
  }
}

// codebook: the glyphs the matcher may use. `fixed`: every ramp glyph. `adaptive`: the
// smallest subset of the ramp whose luminance quantization error on this frame stays under
// the bound (SPEC glyphStrategy / maxGlyphRmse), found exactly by dynamic programming.
//
// Histogram: 256 bins of cell mean ink over [0, densest]; bin b stands for ink
// v_b = (b * densestQ10 + 127) / 255 (Q10 <= 1024); counts normalized to MASS = 512 cells:
// h_b = (count * 512 + cells / 2) / cells (count * 512 < 2^29). Levels L_i: the distinct
// coverages of the ramp in Q10 (the first glyph of each). Prefix sums S0 = sum h,
// S1 = sum h v, S2 = sum h v^2 <= (512 + 256) * 2^20 < 2^30.
// Cost of the bins between levels i < j, each to the nearer level, split at the midpoint m:
// sum h (v - L_i)^2 + sum h (L_j - v)^2, each as (S2 + L^2 S0) - 2 L S1 (< 2^32 before the
// subtraction, unsigned). Head: bins below L_0; tail: bins from the last level up.
// best_1(j) = head(j); best_k(j) = min_{i<j} best_{k-1}(i) + between(i, j) (smallest i wins
// ties); total_k = min_j best_k(j) + tail(j). The smallest k with total_k <= bound wins (or
// all levels, when none does). On the GPU one workgroup runs the DP, one thread per level.
// Streams pass the previous frame's codebook: it is kept while its own cost (each bin to its
// nearest level) still meets the bound and it has at most STREAM_SLACK more glyphs than the
// new smallest one, so noise in the histogram does not flip the glyph set from frame to frame.
// A stream chooses a new codebook against 3/4 of the bound (bound - bound >> 2), so what it
// keeps has room to drift before it stops meeting the bound (a hysteresis band, not a
// threshold that noise crosses both ways); and it does not keep the previous codebook on a
// cut: more than half the cells moving, i.e. with a switching cost (set by temporal) below
// `movingBelow`.
//
// out  the codebook's table indexes (ascending coverage), its cost and the histogram's mass.
//
// GPU: one workgroup (WORKGROUP_SIZE threads, strided loops, so any level count fits).
// Histogram, normalization and the per-level bin bounds run across threads; the prefix sums
// and the level list (256 steps each) on thread 0. The pairwise `between` costs go to
// `scratch` (n x n, all pairs at once), then each DP round computes best_k(j) with one thread
// per level j, and thread 0 picks total_k; the loop stops for the whole workgroup through
// workgroupUniformLoad. Back pointers go to scratch (n x n after the costs). Every cost is a
// sum of h (v - L)^2 over disjoint bins, <= S0 * 2^20 < 2^30, so u32 sums of two never wrap
// and NONE (0xffffffff) serves as infinity. Streams (Frame.streamCodebook) count their moving
// cells in the histogram pass (switching cost below Frame.movingBelow).
// out  book (u32): [BOOK_COUNT] k, [BOOK_COST] cost, [BOOK_MASS] S0 total, then from
//      BOOK_GLYPHS the codebook's table indexes, ascending coverage. prevBook: the stream's
//      last book, read when Frame.usePrevBook is set.

@group(1) @binding(0) var<storage, read> cellData: array<i32>;
@group(1) @binding(1) var<storage, read> prevBook: array<u32>;
@group(1) @binding(2) var<storage, read_write> book: array<u32>;
@group(1) @binding(3) var<storage, read_write> scratch: array<u32>;

const NONE = 0xffffffffu;
const TOP_BIN = CODEBOOK_BINS - 1;

var<workgroup> counts: array<atomic<u32>, CODEBOOK_BINS>;
var<workgroup> moving: atomic<u32>;
var<workgroup> h: array<u32, CODEBOOK_BINS>;
var<workgroup> v: array<u32, CODEBOOK_BINS>;
var<workgroup> s0: array<u32, CODEBOOK_BINS + 1>;
var<workgroup> s1: array<u32, CODEBOOK_BINS + 1>;
var<workgroup> s2: array<u32, CODEBOOK_BINS + 1>;
var<workgroup> levels: array<u32, MAX_GLYPHS>;
var<workgroup> glyphOf: array<u32, MAX_GLYPHS>;
var<workgroup> at: array<u32, MAX_GLYPHS>;
var<workgroup> best: array<u32, MAX_GLYPHS>;
var<workgroup> nextBest: array<u32, MAX_GLYPHS>;
var<workgroup> levelCount: u32;
var<workgroup> stopRound: u32;
var<workgroup> roundTotal: u32;
var<workgroup> roundEnd: u32;

/** The first bin whose value reaches `value` (CODEBOOK_BINS if none): v is non-decreasing. */
fn firstBinAtLeast(value: u32) -> u32 {
  var lo = 0u;
  var hi = u32(CODEBOOK_BINS);
  while (lo < hi) {
    let mid = (lo + hi) >> 1u;
    if (v[mid] < value) {
      lo = mid + 1u;
    } else {
      hi = mid;
    }
  }
  return lo;
}

/** sum over bins [lo, hi) of h (v - l)^2, as (S2 + l^2 S0) - 2 l S1. */
fn sq(lo: u32, hi: u32, l: u32) -> u32 {
  return (s2[hi] - s2[lo] + l * l * (s0[hi] - s0[lo])) - 2u * l * (s1[hi] - s1[lo]);
}

fn tailCost(i: u32) -> u32 {
  return sq(at[i], CODEBOOK_BINS, levels[i]);
}

/** Each bin to its nearest of `count` levels: this frame's levels, or the previous book's glyphs. */
fn nearestCost(fromPrevious: bool, count: u32) -> u32 {
  var cost = 0u;
  for (var b = 0u; b < CODEBOOK_BINS; b++) {
    var nearest = NONE;
    for (var i = 0u; i < count; i++) {
      var l = levels[i];
      if (fromPrevious) {
        l = u32(coverageOf(prevBook[BOOK_GLYPHS + i])) >> 2u;
      }
      let d = max(v[b], l) - min(v[b], l);
      nearest = min(nearest, d * d);
    }
    cost += h[b] * nearest;
  }
  return cost;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(local_invocation_index) lid: u32) {
  let cells = frame.cells;
  let densest = frame.densest;
  let densestQ10 = densest >> 2u;
  let stream = frame.streamCodebook != 0u;
  for (var b = lid; b < CODEBOOK_BINS; b += WORKGROUP_SIZE) {
    atomicStore(&counts[b], 0u);
  }
  if (lid == 0u) {
    atomicStore(&moving, 0u);
  }
  workgroupBarrier();
  for (var i = lid; i < cells; i += WORKGROUP_SIZE) {
    if (stream && cellData[i * CELL_STRIDE + CELL_SWITCH] < i32(frame.movingBelow)) {
      atomicAdd(&moving, 1u);
    }
    let m = u32(cellData[i * CELL_STRIDE + CELL_MEAN]);
    atomicAdd(&counts[min(TOP_BIN, (m * TOP_BIN + (densest >> 1u)) / max(1u, densest))], 1u);
  }
  workgroupBarrier();
  for (var b = lid; b < CODEBOOK_BINS; b += WORKGROUP_SIZE) {
    h[b] = (atomicLoad(&counts[b]) * CODEBOOK_MASS + (cells >> 1u)) / cells;
    v[b] = (b * densestQ10 + (TOP_BIN >> 1)) / TOP_BIN;
  }
  workgroupBarrier();
  if (lid == 0u) {
    s0[0] = 0u;
    s1[0] = 0u;
    s2[0] = 0u;
    for (var b = 0u; b < CODEBOOK_BINS; b++) {
      s0[b + 1u] = s0[b] + h[b];
      s1[b + 1u] = s1[b] + h[b] * v[b];
      s2[b + 1u] = s2[b] + h[b] * v[b] * v[b];
    }
    // distinct levels, each represented by the first ramp glyph that has it
    var n = 0u;
    for (var q = 0u; q < frame.rampSize; q++) {
      let g = tables[frame.rampOrderAt + q];
      let l = u32(coverageOf(g)) >> 2u;
      if (n == 0u || levels[n - 1u] != l) {
        levels[n] = l;
        glyphOf[n] = g;
        n++;
      }
    }
    levelCount = n;
  }
  let n = workgroupUniformLoad(&levelCount);
  for (var j = lid; j < n; j += WORKGROUP_SIZE) {
    at[j] = firstBinAtLeast(levels[j]);
  }
  workgroupBarrier();

  if (frame.adaptive == 0u) {
    if (lid == 0u) {
      book[BOOK_COUNT] = frame.rampSize;
      book[BOOK_COST] = nearestCost(false, n);
      book[BOOK_MASS] = s0[CODEBOOK_BINS];
      for (var q = 0u; q < frame.rampSize; q++) {
        book[BOOK_GLYPHS + q] = tables[frame.rampOrderAt + q];
      }
    }
    return;
  }

  // between(i, j) for every pair i < j, and best_1 = head
  for (var idx = lid; idx < n * n; idx += WORKGROUP_SIZE) {
    let i = idx / n;
    let j = idx % n;
    if (i < j) {
      let mid = firstBinAtLeast((levels[i] + levels[j] + 1u) >> 1u);
      scratch[idx] = sq(at[i], mid, levels[i]) + sq(mid, at[j], levels[j]);
    }
  }
  for (var j = lid; j < n; j += WORKGROUP_SIZE) {
    best[j] = sq(0u, at[j], levels[j]);
  }
  storageBarrier();
  workgroupBarrier();

  var chooseBound = frame.codebookBound;
  if (stream) {
    chooseBound -= chooseBound >> STREAM_HEADROOM_SHIFT;
  }
  var k = 1u;
  loop {
    if (k > 1u) {
      for (var j = lid; j < n; j += WORKGROUP_SIZE) {
        var nb = NONE;
        var arg = NONE;
        for (var i = 0u; i < j; i++) {
          if (best[i] != NONE) {
            let c = best[i] + scratch[i * n + j];
            if (c < nb) {
              nb = c;
              arg = i;
            }
          }
        }
        nextBest[j] = nb;
        scratch[n * n + (k - 2u) * n + j] = arg;
      }
      storageBarrier();
      workgroupBarrier();
      for (var j = lid; j < n; j += WORKGROUP_SIZE) {
        best[j] = nextBest[j];
      }
      workgroupBarrier();
    }
    if (lid == 0u) {
      var total = NONE;
      var end = 0u;
      for (var j = 0u; j < n; j++) {
        if (best[j] != NONE) {
          let c = best[j] + tailCost(j);
          if (c < total) {
            total = c;
            end = j;
          }
        }
      }
      roundTotal = total;
      roundEnd = end;
      stopRound = select(0u, 1u, total <= chooseBound || k == n);
    }
    if (workgroupUniformLoad(&stopRound) == 1u) {
      break;
    }
    k++;
  }
  if (lid != 0u) {
    return;
  }
  if (frame.usePrevBook != 0u && atomicLoad(&moving) * 2u <= cells) {
    let previous = prevBook[BOOK_COUNT];
    if (previous > 0u && previous <= k + STREAM_SLACK) {
      let kept = nearestCost(true, previous);
      if (kept <= frame.codebookBound) {
        book[BOOK_COUNT] = previous;
        book[BOOK_COST] = kept;
        book[BOOK_MASS] = s0[CODEBOOK_BINS];
        for (var q = 0u; q < previous; q++) {
          book[BOOK_GLYPHS + q] = prevBook[BOOK_GLYPHS + q];
        }
        return;
      }
    }
  }
  // walk the back pointers from the last chosen level to the first
  var level = roundEnd;
  book[BOOK_GLYPHS + k - 1u] = glyphOf[level];
  for (var q = k - 1u; q > 0u; q--) {
    level = scratch[n * n + (q - 1u) * n + level];
    book[BOOK_GLYPHS + q - 1u] = glyphOf[level];
  }
  book[BOOK_COUNT] = k;
  book[BOOK_COST] = roundTotal;
  book[BOOK_MASS] = s0[CODEBOOK_BINS];
}

// match-cell: the glyph whose blurred 2 x 4 mask best fits one cell (shared by the glyphs and
// dither kernels).
//
// E(g) = sum_k (Bg_k - (Bt_k + shift))^2 + MEAN_TONE_WEIGHT * (cov_g - (mean + shift))^2
// where Bt = cellBlur x targets ((sum B t + 128) >> 8, B Q8 rows summing to 256, so adding the
// dither `shift` to every target adds it to every Bt exactly). Terms: |Bg - Bt| < 2^13 (shift
// bounded by the ink range), 8 squares < 2^29, mean term < 16 * 2^26 = 2^30; E < 2^31.
// The directional candidate (the cell's `dir`, if any) has E lowered by the cell's bonus and
// ranks after the codebook (rank k). In streams the cell's previous glyph `prev` (-1: none)
// has E lowered by the cell's switching cost, wherever it stands among the candidates.
// The winner is the smallest (E, rank).
//
// The CPU twin evaluates `prev` first, then visits the codebook outwards from the mean's
// coverage, stopping in a direction once MEAN_TONE_WEIGHT * (cov - mean)^2 alone exceeds the
// best E, and stops summing a glyph's squares when the first four already exceed it: none of
// this can change the (E, rank) winner.
//
// codebookGlyphs: table indexes ascending by coverage (k of them). Returns the table index.
//
// GPU: included (after common.wgsl) by glyphs.wgsl and dither.wgsl, which declare `cellData`
// (array<i32>) and `book` (array<u32>: count, cost, mass, then the codebook's table indexes in
// ascending coverage; BOOK_* offsets from the generated preamble). Unlike the CPU twin, which
// prunes candidates and stops partial sums early, this evaluates every codebook glyph in rank
// order keeping the first strict minimum: the same (E, rank) winner, since a pruned candidate's
// E already exceeds the best.

//
// The 8 samples of a cell are held as two vec4i (samples 0..3, 4..7) and the sums of squares
// and blur rows as integer dot products: the same integer sums as element loops, without a
// private array indexed at run time (which software adapters emulate per lane).

const_assert SAMPLES_PER_CELL == 8u;

/** Four consecutive table entries, from `at`, as i32. */
fn tableVec4(at: u32) -> vec4i {
  return vec4i(i32(tables[at]), i32(tables[at + 1u]), i32(tables[at + 2u]), i32(tables[at + 3u]));
}

/** Four consecutive cell record entries, from `at`. */
fn cellVec4(at: u32) -> vec4i {
  return vec4i(cellData[at], cellData[at + 1u], cellData[at + 2u], cellData[at + 3u]);
}

/** Bt_i: row i of cellBlur (Q8) applied to the targets t0, t1, rounded. */
fn blurredTarget(i: u32, t0: vec4i, t1: vec4i) -> i32 {
  let at = frame.cellBlurAt + i * SAMPLES_PER_CELL;
  return (dot(tableVec4(at), t0) + dot(tableVec4(at + 4u), t1) + 128) >> 8u;
}

fn maskError(g: u32, mean: i32, bt0: vec4i, bt1: vec4i) -> i32 {
  let dm = coverageOf(g) - mean;
  let m = frame.masksAt + g * SAMPLES_PER_CELL;
  let d0 = tableVec4(m) - bt0;
  let d1 = tableVec4(m + 4u) - bt1;
  return MEAN_TONE_WEIGHT * dm * dm + dot(d0, d0) + dot(d1, d1);
}

/** The table index of the best glyph for the cell record at `base`, its targets raised by `shift`. */
fn matchCell(base: u32, shift: i32, prev: i32) -> u32 {
  let t0 = cellVec4(base);
  let t1 = cellVec4(base + 4u);
  let bt0 = vec4i(blurredTarget(0u, t0, t1), blurredTarget(1u, t0, t1), blurredTarget(2u, t0, t1), blurredTarget(3u, t0, t1)) + vec4i(shift);
  let bt1 = vec4i(blurredTarget(4u, t0, t1), blurredTarget(5u, t0, t1), blurredTarget(6u, t0, t1), blurredTarget(7u, t0, t1)) + vec4i(shift);
  let mean = cellData[base + CELL_MEAN] + shift;
  let switchCost = cellData[base + CELL_SWITCH];
  let k = book[BOOK_COUNT];
  var bestE = 0;
  var bestRank = 0u;
  for (var rank = 0u; rank < k; rank++) {
    let g = book[BOOK_GLYPHS + rank];
    var e = maskError(g, mean, bt0, bt1);
    if (i32(g) == prev) {
      e -= switchCost;
    }
    if (rank == 0u || e < bestE) {
      bestE = e;
      bestRank = rank;
    }
  }
  let dir = cellData[base + CELL_DIR];
  if (dir >= 0) {
    var e = maskError(u32(dir), mean, bt0, bt1) - cellData[base + CELL_BONUS];
    if (dir == prev) {
      e -= switchCost;
    }
    if (e < bestE) {
      return u32(dir);
    }
  }
  return book[BOOK_GLYPHS + bestRank];
}

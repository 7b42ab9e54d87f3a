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
// best E, and stops summing a glyph's squares once they exceed it: none of this can change
// the (E, rank) winner.
//
// codebookGlyphs: table indexes ascending by coverage (k of them). Returns the table index.
//
// GPU: included (after common.wgsl) by glyphs.wgsl and dither.wgsl, which declare `cellData`
// (array<i32>) and `book` (array<u32>: count, cost, mass, then the codebook's table indexes in
// ascending coverage; BOOK_* offsets from the generated preamble). Unlike the CPU twin, which
// prunes candidates and stops partial sums early, this evaluates every codebook glyph in rank
// order keeping the first strict minimum: the same (E, rank) winner, since a pruned candidate's
// E already exceeds the best.

fn maskError(g: u32, mean: i32, bt: ptr<function, array<i32, SAMPLES_PER_CELL>>) -> i32 {
  let dm = coverageOf(g) - mean;
  var e = MEAN_TONE_WEIGHT * dm * dm;
  let m = frame.masksAt + g * SAMPLES_PER_CELL;
  for (var i = 0u; i < SAMPLES_PER_CELL; i++) {
    let d = i32(tables[m + i]) - (*bt)[i];
    e += d * d;
  }
  return e;
}

/** The table index of the best glyph for the cell record at `base`, its targets raised by `shift`. */
fn matchCell(base: u32, shift: i32, prev: i32) -> u32 {
  var bt: array<i32, SAMPLES_PER_CELL>;
  for (var i = 0u; i < SAMPLES_PER_CELL; i++) {
    var s = 0;
    for (var j = 0u; j < SAMPLES_PER_CELL; j++) {
      s += i32(tables[frame.cellBlurAt + i * SAMPLES_PER_CELL + j]) * cellData[base + j];
    }
    bt[i] = ((s + 128) >> 8u) + shift;
  }
  let mean = cellData[base + CELL_MEAN] + shift;
  let switchCost = cellData[base + CELL_SWITCH];
  let k = book[BOOK_COUNT];
  var bestE = 0;
  var bestRank = 0u;
  for (var rank = 0u; rank < k; rank++) {
    let g = book[BOOK_GLYPHS + rank];
    var e = maskError(g, mean, &bt);
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
    var e = maskError(u32(dir), mean, &bt) - cellData[base + CELL_BONUS];
    if (dir == prev) {
      e -= switchCost;
    }
    if (e < bestE) {
      return u32(dir);
    }
  }
  return book[BOOK_GLYPHS + bestRank];
}

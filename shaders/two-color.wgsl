// two-color: for `background` (two-colour cells), each cell's glyph, glyph color and background
// color, chosen together. Replaces `glyphs`/`dither` and `color` when the plan asks for it.
//
// Samples  per sample, the source's sRGB8 color s (linear RGB saturated around its luminance y
//          as in `color`, then encoded), and its lightness L = (T * 255 + 2047) / 4095, T the
//          tone curve (contrast, brightness, gamma) at the sample's tone (interpolated
//          linearToTone at y), 4095 - T under `invert` (cells carry their own background, so the
//          picture stays a positive). The ink pipeline's auto-levels, sharpening and local
//          contrast are for glyph ink; a photo's colors keep the photo's own light. The sample's
//          color is s moved by what the curve did to its tone t, c = clamp(s + (T - t) * 255 /
//          4095) (not to L against a luma of s: luma and tone part for saturated colors, and a
//          red moved by their difference turned pink).
// Model    as a terminal draws the cell: a sample shows bg + a (fg - bg), a the glyph's measured
//          mask (Q12 >> 4 = Q8, 256 = fully inked), in sRGB8 as terminals blend.
// fit      for one channel x over the 8 samples, A1 = sum a, A2 = sum a^2, AX = sum a x, X1 =
//          sum x, X2 = sum x^2 (A1 <= 2048, AX, 256 X1 < 2^20): each color is the mean of the
//          samples it draws, weighted by how much it covers them: fg = (AX + A1 / 2) / A1, the
//          ink's; bg = (256 X1 - AX + P / 2) / P, P = 2048 - A1, the paper's (fg = bg for a blank,
//          bg = fg for a full block). So the cell keeps its mean, no color leaves the cell's own
//          range, and a glyph shows as much contrast as the samples under it have: a thin stroke
//          is a calm texture, not a letter pushed to black or white (the blind panel preferred
//          this to the least-squares fit, whose strokes read as clutter). D = fg - bg;
//          E = 256 (X2 - 2 bg X1 + 8 bg^2) - 2 D (AX - bg A1) + ((D^2 >> 4) (A2 >> 4)), the squared
//          error of the drawn cell / 256 (each term < 2^29). Divisions truncate (as WGSL's).
// choice   over the codebook, the cell's directional glyph and the charset's edge glyphs (`_ [ ] "`
//          for ASCII charsets, which only two colours make edges), on the lightness L: the smallest
//          E, plus inkCost + inkWeight * A1 for an inked glyph (A1 > 0; the plan's, from
//          TWO_COLOR_INK_COST and TWO_COLOR_INK_WEIGHT, none for blocks;
//          < 2^30 with E), ties to the lower rank (blank
//          first: a flat cell is a space on its color). In streams the previous glyph's E is
//          lowered by the cell's switching cost in these units, ((sw * 255 / densest) * 255 /
//          densest) << 8, sw = min(CELL_SWITCH, 2^22) (so < 2^30).
// colors   fit on each channel c with the chosen glyph: fg and bg, sRGB8.
// streams  a cell that keeps its glyph keeps part of its previous colors, c += ((p - c) *
//          keep) >> 12, keep = steadiness(CELL_SWITCH) (below): a still cell moves an eighth of
//          the way each frame (sensor noise averages out), a moving one follows at once.
// out: glyph (table index) per cell; fg and bg u8 x 3 per cell.
//
//
// GPU: one invocation per cell. glyphsOut gets the glyph (the stream keeps it for the next
// frame); packed[i] = glyph | fg.r << 8 | fg.g << 16 | fg.b << 24 and packed[cells + i] =
// bg.r | bg.g << 8 | bg.b << 16, so the frame is still read back in one copy. The plan's
// inkCost and inkWeight arrive as frame.twoColorInkCost and frame.twoColorInkWeight, the edge
// glyphs as the table at frame.edgeGlyphsAt (frame.edgeGlyphCount of them).

@group(1) @binding(0) var<storage, read> lin: array<u32>;
@group(1) @binding(1) var<storage, read> cellData: array<i32>;
@group(1) @binding(2) var<storage, read> book: array<u32>;
@group(1) @binding(3) var<storage, read> prevGlyphs: array<u32>;
@group(1) @binding(4) var<storage, read_write> glyphsOut: array<u32>;
@group(1) @binding(5) var<storage, read_write> packed: array<u32>;
// the stream's previous packed words (read only when Frame.usePrevColors is set)
@group(1) @binding(6) var<storage, read> prevColors: array<u32>;

/** two-color.ts `steadiness`: how much of the previous colors a cell keeps, Q12. */
fn steadiness(cost: i32) -> i32 {
  let unit = max(1, i32(frame.temporalSwitchScale * frame.temporalR));
  let still = min(4096, (cost * 4096) / unit);
  return (still * 7) >> 3u;
}

/** A channel moved towards its previous value: c + ((p - c) * keep) >> 12. */
fn steady(c: i32, p: u32, keep: i32) -> u32 {
  return u32(c + (((i32(p) - c) * keep) >> 12u));
}

/**
 * luma.ts `pointColor`: the sRGB8 color of the sample (or fine point) at `s` in `lin`,
 * saturated and moved by what the tone curve did to its tone; w is that curved tone.
 */
fn pointColor(s: u32) -> vec4i {
  let y = luminance(lin[s], lin[s + 1u], lin[s + 2u]);
  let t = interpolate(frame.linearToToneAt, y);
  var curved = i32(tables[frame.toneCurveAt + t]);
  if (frame.invert != 0u) {
    curved = TONE_MAX - curved;
  }
  let shift = ((curved - i32(t)) * 255) / TONE_MAX;
  let r = clamp(i32(saturatedSrgb(lin[s], y)) + shift, 0, 255);
  let g = clamp(i32(saturatedSrgb(lin[s + 1u], y)) + shift, 0, 255);
  let b = clamp(i32(saturatedSrgb(lin[s + 2u], y)) + shift, 0, 255);
  return vec4i(r, g, b, curved);
}

/** Writes cell i's packed words, its colors steadied towards the stream's previous ones when it keeps its glyph. */
fn writeCell(i: u32, glyph: u32, fg: vec3i, bg: vec3i, kept: bool, cost: i32) {
  var fgc = vec3u(fg);
  var bgc = vec3u(bg);
  if (frame.usePrevColors != 0u && kept) {
    let keep = steadiness(cost);
    let pf = prevColors[i];
    let pb = prevColors[frame.cells + i];
    fgc = vec3u(steady(fg.x, (pf >> 8u) & 255u, keep), steady(fg.y, (pf >> 16u) & 255u, keep), steady(fg.z, pf >> 24u, keep));
    bgc = vec3u(steady(bg.x, pb & 255u, keep), steady(bg.y, (pb >> 8u) & 255u, keep), steady(bg.z, (pb >> 16u) & 255u, keep));
  }
  packed[i] = glyph | (fgc.x << 8u) | (fgc.y << 16u) | (fgc.z << 24u);
  packed[frame.cells + i] = bgc.x | (bgc.y << 8u) | (bgc.z << 16u);
}

/** two-color.ts `fitChannel`: (bg, fg, E) of one channel under a mask's sums. */
fn fitChannel(a1: i32, a2: i32, ax: i32, x1: i32, x2: i32) -> vec3i {
  let paper = 2048 - a1;
  var fg = 0;
  if (a1 > 0) {
    fg = (ax + (a1 >> 1u)) / a1;
  }
  var bg = fg;
  if (paper > 0) {
    bg = (256 * x1 - ax + (paper >> 1u)) / paper;
  }
  if (a1 == 0) {
    fg = bg;
  }
  let d = fg - bg;
  let e = 256 * (x2 - 2 * bg * x1 + 8 * bg * bg) - 2 * d * (ax - bg * a1) + ((d * d) >> 4u) * (a2 >> 4u);
  return vec3i(bg, fg, max(0, e));
}

/** A glyph's mask value at sample j, Q8. */
fn inkMask(g: u32, j: u32) -> i32 {
  return i32(tables[frame.inkMasksAt + g * SAMPLES_PER_CELL + j] >> 4u);
}

/** two-color.ts `switchCost`: a stream's switching cost (ink^2) in the fit's error units. */
fn switchCost(cost: i32) -> i32 {
  return switchSquare(cost) << 8u;
}

/** two-color.ts `switchSquare`: a switching cost (ink^2, Q12) as 8-bit ink squared. */
fn switchSquare(cost: i32) -> i32 {
  let densest = i32(frame.densest);
  let s = (min(cost, 1 << 22u) * 255) / densest;
  return min((s * 255) / densest, 1 << 22u);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = flatIndex(wid, nwg, lid);
  if (i >= frame.cells) {
    return;
  }
  let c = i % frame.columns;
  let r = i / frame.columns;
  let sw = frame.columns * SAMPLES_X;
  let base = i * CELL_STRIDE;
  // channels as separate arrays: a vector indexed by a loop counter is emulated per lane on software adapters
  var light: array<i32, SAMPLES_PER_CELL>;
  var red: array<i32, SAMPLES_PER_CELL>;
  var green: array<i32, SAMPLES_PER_CELL>;
  var blue: array<i32, SAMPLES_PER_CELL>;
  var x1 = 0;
  var x2 = 0;
  for (var sy = 0u; sy < SAMPLES_Y; sy++) {
    for (var sx = 0u; sx < SAMPLES_X; sx++) {
      let j = sy * SAMPLES_X + sx;
      let s = ((r * SAMPLES_Y + sy) * sw + c * SAMPLES_X + sx) * 3u;
      let p = pointColor(s);
      let l = (p.w * 255 + 2047) / TONE_MAX;
      red[j] = p.x;
      green[j] = p.y;
      blue[j] = p.z;
      light[j] = l;
      x1 += l;
      x2 += l * l;
    }
  }
  var prev = -1;
  if (frame.usePrevGlyphs != 0u) {
    prev = i32(prevGlyphs[i]);
  }
  let dir = cellData[base + CELL_DIR];
  let k = book[BOOK_COUNT];
  var dirInBook = false;
  for (var rank = 0u; rank < k; rank++) {
    if (i32(book[BOOK_GLYPHS + rank]) == dir) {
      dirInBook = true;
    }
  }
  var bestE = 0x7fffffff;
  var best = 0u;
  for (var rank = 0u; rank <= k + frame.edgeGlyphCount; rank++) {
    var g = 0u;
    if (rank < k) {
      g = book[BOOK_GLYPHS + rank];
    } else if (rank == k) {
      if (dir < 0 || dirInBook) {
        continue;
      }
      g = u32(dir);
    } else {
      g = tables[frame.edgeGlyphsAt + rank - k - 1u];
    }
    var a1 = 0;
    var a2 = 0;
    var ax = 0;
    for (var j = 0u; j < SAMPLES_PER_CELL; j++) {
      let v = inkMask(g, j);
      a1 += v;
      a2 += v * v;
      ax += v * light[j];
    }
    var e = fitChannel(a1, a2, ax, x1, x2).z;
    if (a1 > 0) {
      e += i32(frame.twoColorInkCost) + i32(frame.twoColorInkWeight) * a1;
    }
    if (i32(g) == prev) {
      e -= switchCost(cellData[base + CELL_SWITCH]);
    }
    if (e < bestE) {
      bestE = e;
      best = g;
    }
  }
  glyphsOut[i] = best;
  var a1 = 0;
  var a2 = 0;
  var axr = 0;
  var axg = 0;
  var axb = 0;
  var sum = vec3i(0);
  var squares = vec3i(0);
  for (var j = 0u; j < SAMPLES_PER_CELL; j++) {
    let v = inkMask(best, j);
    a1 += v;
    a2 += v * v;
    axr += v * red[j];
    axg += v * green[j];
    axb += v * blue[j];
    let p = vec3i(red[j], green[j], blue[j]);
    sum += p;
    squares += p * p;
  }
  let fr = fitChannel(a1, a2, axr, sum.x, squares.x);
  let fg = fitChannel(a1, a2, axg, sum.y, squares.y);
  let fb = fitChannel(a1, a2, axb, sum.z, squares.z);
  let fgc = vec3i(fr.y, fg.y, fb.y);
  let bgc = vec3i(fr.x, fg.x, fb.x);
  writeCell(i, best, fgc, bgc, i32(best) == prev, cellData[base + CELL_SWITCH]);
}

// fineBlocks: two-colour cells for the blocks charset, fitted at FINE_X x FINE_Y = 4 x 8 points a
// cell over the block elements those points draw (two-color.ts `fineBlocks` has the maths). Bound
// as twoColor is, with the fine plane (columns * 4 x rows * 8 points of linear RGB) where twoColor
// reads the sample grid (`lin`); `book` is not read. The shapes are the table at
// frame.fineShapesAt: frame.fineShapeCount pairs (table index, 4 x 8 mask bits). One invocation
// per cell, summing each shape's points (the CPU twin sums runs of rows' spans: the same integers).
@compute @workgroup_size(WORKGROUP_SIZE)
fn fineBlocks(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = flatIndex(wid, nwg, lid);
  if (i >= frame.cells) {
    return;
  }
  let c = i % frame.columns;
  let r = i / frame.columns;
  let fw = frame.columns * FINE_X;
  let base = i * CELL_STRIDE;
  var red: array<i32, FINE_POINTS>;
  var green: array<i32, FINE_POINTS>;
  var blue: array<i32, FINE_POINTS>;
  var total = vec3i(0);
  var squares = 0;
  for (var y = 0u; y < FINE_Y; y++) {
    for (var x = 0u; x < FINE_X; x++) {
      let j = y * FINE_X + x;
      let s = ((r * FINE_Y + y) * fw + c * FINE_X + x) * 3u;
      let p = pointColor(s);
      red[j] = p.x;
      green[j] = p.y;
      blue[j] = p.z;
      total += p.xyz;
      squares += dot(p.xyz, p.xyz);
    }
  }
  var prev = -1;
  if (frame.usePrevGlyphs != 0u) {
    prev = i32(prevGlyphs[i]);
  }
  var bestGain = -1;
  var best = 0u;
  // the winner's saving over a flat cell, inked points and their sums, for its colors
  let flat = (total.x * total.x) / i32(FINE_POINTS) + (total.y * total.y) / i32(FINE_POINTS) + (total.z * total.z) / i32(FINE_POINTS);
  var bestSaving = 0;
  var bestN = 0;
  var bestInk = vec3i(0);
  for (var k = 0u; k < frame.fineShapeCount; k++) {
    let glyph = tables[frame.fineShapesAt + 2u * k];
    let bits = tables[frame.fineShapesAt + 2u * k + 1u];
    let n = i32(countOneBits(bits));
    var ink = vec3i(0);
    for (var j = 0u; j < FINE_POINTS; j++) {
      if (((bits >> j) & 1u) != 0u) {
        ink += vec3i(red[j], green[j], blue[j]);
      }
    }
    let paper = total - ink;
    var gain = 0;
    if (n > 0) {
      gain += (ink.x * ink.x) / n + (ink.y * ink.y) / n + (ink.z * ink.z) / n;
    }
    if (n < i32(FINE_POINTS)) {
      let m = i32(FINE_POINTS) - n;
      gain += (paper.x * paper.x) / m + (paper.y * paper.y) / m + (paper.z * paper.z) / m;
    }
    let saving = gain - flat;
    if (n > 0 && n < i32(FINE_POINTS)) {
      gain -= min(FINE_FLAT_COST, squares - gain + FINE_LEAST_GAIN);
    }
    if (i32(glyph) == prev) {
      gain += 12 * switchSquare(cellData[base + CELL_SWITCH]);
    }
    if (gain > bestGain) {
      bestGain = gain;
      bestSaving = saving;
      best = glyph;
      bestN = n;
      bestInk = ink;
    }
  }
  glyphsOut[i] = best;
  let n = bestN;
  let ink = bestInk;
  let m = i32(FINE_POINTS) - n;
  var bgi = vec3i(0);
  if (m > 0) {
    bgi = (total - ink + vec3i(m >> 1u)) / m;
  }
  var fgi = bgi;
  if (n > 0) {
    fgi = (ink + vec3i(n >> 1u)) / n;
  }
  if (m == 0) {
    bgi = fgi;
  }
  // an edge's colors move apart, keeping the cell's mean (n or m = 0 leaves them as they are)
  if (bestSaving >= FINE_FLAT_COST) {
    let apart = (fgi - bgi) * FINE_EDGE_PUSH;
    let share = i32(FINE_POINTS) * 16;
    fgi = clamp(fgi + apart * m / share, vec3i(0), vec3i(255));
    bgi = clamp(bgi - apart * n / share, vec3i(0), vec3i(255));
  }
  writeCell(i, best, fgi, bgi, i32(best) == prev, cellData[base + CELL_SWITCH]);
}

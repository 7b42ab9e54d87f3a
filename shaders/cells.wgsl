// cells: the matcher's input per cell, from the final tone plane and its Sobel gradients.
//
// local    local contrast (local-contrast.ts): every tone of the cell is moved by
//          d = (local * (m - b)) >> 8, m the cell's mean tone, b the blurred means around it, and
//          clamped to 0..4095; |m - b| * local <= 4095 * 512 < 2^21. 0 (and line-art mode): none.
// targets  ink Q12 per sample: (tone * inkScale + 32768) >> 16, tone * inkScale < 4096 * 65552 < 2^28.
//          In line-art mode tone is the edge strength min(4095, ((|gx| + |gy|) * edgeGain) >> 10),
//          (|gx| + |gy|) * edgeGain <= 32760 * 1280 < 2^26.
// mean     (sum targets + 4) >> 3.
// dir      the contour's directional glyph (table index) from the structure tensor summed over
//          the cell and its neighbours within STRUCTURE_REACH (3 x 3 cells, borders cut):
//          Jxx, Jyy = sum (g >> 4)^2 <= 72 * 2047^2 < 2^29, Jxy signed; a = Jxx - Jyy,
//          b = 2 Jxy (|b| < 2^30). The contour is perpendicular to the gradient: |a| >= |b| ->
//          '|' if a > 0 else '-'; otherwise '/' if b > 0 else '\'. -1 when there is no gradient
//          or its coherence is under MIN_COHERENCE.
// bonus    how much the directional glyph's error is lowered:
//          ((V - floor) >> 8) * ((structure * coherence) >> 8) * STRUCTURE_GAIN, V = sum (t -
//          mean)^2 < 2^28; only where V > floor (= 32 x the noise variance: a real contour, not
//          sensor noise that happens to look coherent), else no directional glyph.
//          coherence (Q8) = |(a, b)| / (Jxx + Jyy) with |(a, b)| ~ max + 3/8 min (octagonal),
//          both shifted so the denominator < 2^22. The bonus is < 2^29.
//
// GPU: one invocation per cell; means and blurred are the local-contrast planes (u32 per cell,
// read only when frame.localContrast > 0); cellData is CELL_STRIDE i32 per cell (layout from cells.ts,
// generated preamble). |b| <= Jxx + Jyy (2|xy| <= x^2 + y^2), so |(a, b)| <= 1.375 (Jxx + Jyy)
// and mag * 256 < 1.375 * 2^30 < 2^31 after the shift: i32 throughout.

@group(1) @binding(0) var<storage, read> tone: array<u32>;
@group(1) @binding(1) var<storage, read> grad: array<i32>;
@group(1) @binding(2) var<storage, read> means: array<u32>;
@group(1) @binding(3) var<storage, read> blurred: array<u32>;
@group(1) @binding(4) var<storage, read_write> cellData: array<i32>;

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
  var moved = 0;
  if (frame.localContrast != 0u && frame.edges == 0u) {
    moved = (i32(frame.localContrast) * (i32(means[i]) - i32(blurred[i]))) >> 8u;
  }
  var sum = 0;
  var jxx = 0;
  var jyy = 0;
  var jxy = 0;
  for (var sy = 0u; sy < SAMPLES_Y; sy++) {
    for (var sx = 0u; sx < SAMPLES_X; sx++) {
      let s = (r * SAMPLES_Y + sy) * sw + c * SAMPLES_X + sx;
      let gx = grad[s * 2u];
      let gy = grad[s * 2u + 1u];
      var t = u32(clamp(i32(tone[s]) + moved, 0, TONE_MAX));
      if (frame.edges != 0u) {
        t = min(u32(TONE_MAX), (u32(abs(gx) + abs(gy)) * frame.edgeGain) >> 10u);
      }
      let ink = i32((t * frame.inkScale + 32768u) >> 16u);
      cellData[base + sy * SAMPLES_X + sx] = ink;
      sum += ink;
    }
  }
  for (var dr = -i32(STRUCTURE_REACH); dr <= i32(STRUCTURE_REACH); dr++) {
    for (var dc = -i32(STRUCTURE_REACH); dc <= i32(STRUCTURE_REACH); dc++) {
      let rr = i32(r) + dr;
      let cc = i32(c) + dc;
      if (rr < 0 || rr >= i32(frame.rows) || cc < 0 || cc >= i32(frame.columns)) {
        continue;
      }
      for (var sy = 0u; sy < SAMPLES_Y; sy++) {
        for (var sx = 0u; sx < SAMPLES_X; sx++) {
          let s = (u32(rr) * SAMPLES_Y + sy) * sw + u32(cc) * SAMPLES_X + sx;
          let ax = grad[s * 2u] >> TENSOR_SHIFT;
          let ay = grad[s * 2u + 1u] >> TENSOR_SHIFT;
          jxx += ax * ax;
          jyy += ay * ay;
          jxy += ax * ay;
        }
      }
    }
  }
  let mean = (sum + 4) >> 3u;
  cellData[base + CELL_MEAN] = mean;
  cellData[base + CELL_SWITCH] = 0;
  var v = 0;
  for (var k = 0u; k < SAMPLES_PER_CELL; k++) {
    let d = cellData[base + k] - mean;
    v += d * d;
  }
  let a = jxx - jyy;
  let b = 2 * jxy;
  var den = jxx + jyy;
  let structureFloor = i32(frame.structureFloor);
  if (den == 0 || frame.structure == 0u || directionalGlyph(0u) < 0 || v <= structureFloor) {
    cellData[base + CELL_DIR] = -1;
    cellData[base + CELL_BONUS] = 0;
    return;
  }
  let aa = abs(a);
  let ab = abs(b);
  var mag = max(aa, ab) + ((min(aa, ab) * 3) >> 3u);
  let shift = u32(max(0, 32 - i32(countLeadingZeros(u32(den))) - 22));
  mag = mag >> shift;
  den = den >> shift;
  let coherence = min(256, (mag * 256) / max(1, den));
  if (coherence < MIN_COHERENCE) {
    cellData[base + CELL_DIR] = -1;
    cellData[base + CELL_BONUS] = 0;
    return;
  }
  var dir: i32;
  if (aa >= ab) {
    dir = directionalGlyph(select(2u, 0u, a > 0));
  } else {
    dir = directionalGlyph(select(3u, 1u, b > 0));
  }
  cellData[base + CELL_DIR] = dir;
  cellData[base + CELL_BONUS] = ((v - structureFloor) >> 8u) * ((i32(frame.structure) * coherence) >> 8u) * STRUCTURE_GAIN;
}

// temporal: per-sample Bayesian (scalar Kalman) filter on ink targets, for streams (DESIGN 3).
//
// State per sample, kept between frames: m = ink x 16 (Q4, <= 2^16), p = variance in ink^2.
// Constants from the plan: r = observation noise variance, q = static process variance,
// qMotion = extra process variance at full motion, cap = 16 r (p never exceeds it),
// sensitivity = motionSensitivity in Q12, switchScale = the glyph-switching cost per r.
// With densest ink < 2^12, r <= (2^12 / 40)^2 < 2^14, so p' <= cap + q + qMotion < 2^19.
//
//   d  = z * 16 - m                      innovation (Q4), |d| < 2^17
//   s  = (d >> 4)^2                      < 2^26
//   v  = p + r                        <= cap + r = 17 r
//   start = (((4096 - sensitivity) * 640) + 6144) / 12288
//        where motion starts, in v / 16: 64 (2 sigma) at the default 0.7, 0 at 1, 213 at 0
//   lo = (v * start) >> 4             4v at 0.7; 0 at 1: every change is motion, frames pass
//                                     through (no smoothing, no switching cost); 13.3v at 0
//   w  = motion evidence, Q12: 0 when s <= lo, 4096 when s >= 4 lo, else
//        (((s - lo) * 256) / (3 lo)) << 4   ((s - lo) * 256 < 3 lo * 256 <= 17 r * 213 * 48 < 2^31)
//        raised to the cell's evidence wc: the same ramp on the cell's mean innovation
//        dc = (sum d) >> 7 (ink), sc = dc^2 < 2^26, vc = (sum p >> 3) + r, whose noise variance
//        is vc / 8: the same ramp of 8 sc against vc (vc <= 17 r, the same bound). A real change
//        moves all of a cell's samples; noise averages down over eight.
//   p' = p + q + ((w * qMotion) >> 12)
//   k  = (p' * 4096) / (p' + r)          Kalman gain, Q12 (p' * 4096 < 2^31)
//   kf = k + (((4096 - k) * ((w * sensitivity) >> 12)) >> 12)
//        the final posterior update: motion, scaled by motionSensitivity, pulls the gain to 1
//   m  = m + ((kf * d) >> 12)            (|kf * d| < 2^29)
//   p  = min(cap, ((4096 - k) * p') >> 12)
//        the Kalman posterior: the motion pull moves the mean but is no information, so the
//        variance stays open and what is left of a step is taken up in the next frames
//   z' = (m + 8) >> 4                    the filtered target
//
// A cell's switching cost (the discount its previous glyph gets in matching) is
// (switchScale * r * (4096 - wmax)) >> 12, wmax the largest w of its samples: static cells
// keep their glyph unless another is clearly better; moving cells switch freely.
// `fresh` (first frame or after reset) sets m = z * 16, p = cap / 4 and no switching cost.
//
// GPU: one invocation per cell; stateM / stateP (i32, SAMPLES_PER_CELL per cell) live in GPU
// buffers between frames, in exactly the CPU twin's format. Constants and `fresh` from Frame.
// i32 throughout: every quotient has a positive dividend, so WGSL's truncation is the floor,
// and i32 `>>` floors negative values as JS `>>` does.

@group(1) @binding(0) var<storage, read_write> cellData: array<i32>;
@group(1) @binding(1) var<storage, read_write> stateM: array<i32>;
@group(1) @binding(2) var<storage, read_write> stateP: array<i32>;

/** Motion evidence (Q12) of a squared innovation s against the variance v: the ramp from lo to 4 lo. */
fn evidence(s: i32, v: i32, start: i32) -> i32 {
  let lo = (v * start) >> 4u;
  if (s >= 4 * lo) {
    return 4096;
  }
  if (s > lo) {
    return (((s - lo) * 256) / (3 * lo)) << 4u;
  }
  return 0;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = flatIndex(wid, nwg, lid);
  if (i >= frame.cells) {
    return;
  }
  let r = i32(frame.temporalR);
  let q = i32(frame.temporalQ);
  let qMotion = i32(frame.temporalQMotion);
  let cap = i32(frame.temporalCap);
  let sensitivity = i32(frame.temporalSensitivity);
  // where motion starts, in v / 16 (motionStart in the CPU twin)
  let start = (((4096 - sensitivity) * 640) + 6144) / 12288;
  let base = i * CELL_STRIDE;
  let first = i * SAMPLES_PER_CELL;
  if (frame.fresh != 0u) {
    var sum = 0;
    for (var j = 0u; j < SAMPLES_PER_CELL; j++) {
      let z = cellData[base + j];
      stateM[first + j] = z * 16;
      stateP[first + j] = cap >> 2u;
      sum += z;
    }
    cellData[base + CELL_MEAN] = (sum + 4) >> 3u;
    cellData[base + CELL_SWITCH] = 0;
    return;
  }
  var sumD = 0;
  var sumP = 0;
  for (var j = 0u; j < SAMPLES_PER_CELL; j++) {
    sumD += cellData[base + j] * 16 - stateM[first + j];
    sumP += stateP[first + j];
  }
  let dc = sumD >> 7u;
  let wc = evidence(8 * dc * dc, (sumP >> 3u) + r, start);
  var sum = 0;
  var wmax = 0;
  for (var j = 0u; j < SAMPLES_PER_CELL; j++) {
    let k = first + j;
    let m = stateM[k];
    let p = stateP[k];
    let d = cellData[base + j] * 16 - m;
    let di = d >> 4u;
    let w = max(wc, evidence(di * di, p + r, start));
    wmax = max(wmax, w);
    let pp = p + q + ((w * qMotion) >> 12u);
    let kg = (pp * 4096) / (pp + r);
    let kf = kg + (((4096 - kg) * ((w * sensitivity) >> 12u)) >> 12u);
    let nm = m + ((kf * d) >> 12u);
    stateM[k] = nm;
    stateP[k] = min(cap, ((4096 - kg) * pp) >> 12u);
    let zf = (nm + 8) >> 4u;
    cellData[base + j] = zf;
    sum += zf;
  }
  cellData[base + CELL_MEAN] = (sum + 4) >> 3u;
  cellData[base + CELL_SWITCH] = (i32(frame.temporalSwitchScale) * r * (4096 - wmax)) >> 12u;
}

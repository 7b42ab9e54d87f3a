// local-contrast: each cell's tone pushed away from its neighbourhood's (cells.ts applies it):
// the cell mean tones, blurred by three box passes along each axis (close to a Gaussian of
// sigma ~ radius + 1/2 cells), are what a cell is compared with.
//
// cellTones  mean tone per cell, (sum of its 8 tones + 4) >> 3 (sum <= 8 * 4095 < 2^15).
// boxPass    out = (sum of the 2r + 1 values centred on the cell, edges replicated, + (2r + 1) / 2)
//            / (2r + 1) along one axis (sum <= 801 * 4095 < 2^22 for r <= 400), u32 division.
//
// GPU: one invocation per cell for each pass; the box passes sum their window directly, the
// CPU twin with a running sum (the same integer sum, so the same result).
//
// Entry points: cellTones (tone plane -> dst), boxX and boxY (src -> dst, radius
// frame.localRadiusX / localRadiusY). The executor runs cellTones, then LOCAL_PASSES of boxX
// and of boxY, ping-ponging two cell planes; all only when frame.localContrast > 0.

@group(1) @binding(0) var<storage, read> src: array<u32>;
@group(1) @binding(1) var<storage, read_write> dst: array<u32>;

@compute @workgroup_size(WORKGROUP_SIZE)
fn cellTones(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = flatIndex(wid, nwg, lid);
  if (i >= frame.cells) {
    return;
  }
  let c = i % frame.columns;
  let r = i / frame.columns;
  let sw = frame.columns * SAMPLES_X;
  var sum = 0u;
  for (var sy = 0u; sy < SAMPLES_Y; sy++) {
    let row = (r * SAMPLES_Y + sy) * sw + c * SAMPLES_X;
    for (var sx = 0u; sx < SAMPLES_X; sx++) {
      sum += src[row + sx];
    }
  }
  dst[i] = (sum + (SAMPLES_PER_CELL >> 1u)) >> 3u;
}

/** The box sum along one axis: `n` cells in the line, `step` between them, the cell at k. */
fn boxAt(base: u32, k: u32, n: u32, step: u32, radius: u32) -> u32 {
  var sum = 0u;
  let ik = i32(k);
  let last = i32(n) - 1;
  for (var d = -i32(radius); d <= i32(radius); d++) {
    sum += src[base + u32(clamp(ik + d, 0, last)) * step];
  }
  let width = 2u * radius + 1u;
  return (sum + (width >> 1u)) / width;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn boxX(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = flatIndex(wid, nwg, lid);
  if (i >= frame.cells) {
    return;
  }
  let c = i % frame.columns;
  let r = i / frame.columns;
  dst[i] = boxAt(r * frame.columns, c, frame.columns, 1u, frame.localRadiusX);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn boxY(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = flatIndex(wid, nwg, lid);
  if (i >= frame.cells) {
    return;
  }
  let c = i % frame.columns;
  let r = i / frame.columns;
  dst[i] = boxAt(c, r, frame.rows, frame.columns, frame.localRadiusY);
}

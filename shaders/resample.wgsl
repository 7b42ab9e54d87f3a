// resample: exact area-weighted resize of linear RGB, one axis per pass (x, then y).
//
// Output sample o of n covers source span [o * m, (o + 1) * m) in units of 1/n source pixel
// (m = source length): source pixel p overlaps it by min(end, (p + 1) n) - max(start, p n)
// units, and the weights of one output sum to m. Value = (sum v * w + m / 2) / m (floor).
// After the pyramid m < 2n + 2, so sum v * w <= 65535 * m <= 65535 * 16002 < 2^31.
//
// resampleX  in u16 w x h x 3 -> out u16 n x h x 3
// resampleY  in u16 n x h x 3 -> out u16 n x sh x 3
//
// GPU: one u32 per value; one invocation per output pixel, the spans computed in place
// (o * m <= 8000 * 16002 < 2^27). Sizes from Frame: w = reducedWidth, h = reducedHeight,
// n = sampleWidth, sh = sampleHeight.

@group(1) @binding(0) var<storage, read> src: array<u32>;
@group(1) @binding(1) var<storage, read_write> dst: array<u32>;

/** Resamples output o of n from m source pixels; `at(p)` is the index of source pixel p's red. */
fn resampleAt(o: u32, m: u32, n: u32, base: u32, pitch: u32, out: u32) {
  let start = o * m;
  let end = start + m;
  let p0 = start / n;
  let p1 = (end - 1u) / n;
  let half = m >> 1u;
  var r = 0u;
  var g = 0u;
  var b = 0u;
  for (var p = p0; p <= p1; p++) {
    let wt = min(end, (p + 1u) * n) - max(start, p * n);
    let s = base + p * pitch;
    r += src[s] * wt;
    g += src[s + 1u] * wt;
    b += src[s + 2u] * wt;
  }
  dst[out] = (r + half) / m;
  dst[out + 1u] = (g + half) / m;
  dst[out + 2u] = (b + half) / m;
}

/** Output i of the x pass to n columns (of reducedHeight rows), from the reduced level. */
fn resampleColumns(i: u32, n: u32) {
  let w = frame.reducedWidth;
  if (i >= n * frame.reducedHeight) {
    return;
  }
  resampleAt(i % n, w, n, (i / n) * w * 3u, 3u, i * 3u);
}

/** Output i of the y pass to sh rows of n columns, from the x pass's reducedHeight rows. */
fn resampleRows(i: u32, n: u32, sh: u32) {
  if (i >= n * sh) {
    return;
  }
  resampleAt(i / n, frame.reducedHeight, sh, (i % n) * 3u, n * 3u, i * 3u);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn resampleX(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  resampleColumns(flatIndex(wid, nwg, lid), frame.sampleWidth);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn resampleY(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  resampleRows(flatIndex(wid, nwg, lid), frame.sampleWidth, frame.sampleHeight);
}

// Two-colour blocks' fine plane: the same resample of the reduced level to fineWidth x
// fineHeight points (twice the sample grid each way), through its own x pass.
@compute @workgroup_size(WORKGROUP_SIZE)
fn resampleFineX(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  resampleColumns(flatIndex(wid, nwg, lid), frame.fineWidth);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn resampleFineY(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  resampleRows(flatIndex(wid, nwg, lid), frame.fineWidth, frame.fineHeight);
}

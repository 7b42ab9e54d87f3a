// denoise: edge-preserving bilateral filter, 3 x 3, on the tone plane (borders clamped).
//
// in/out tone u16 0..4095, w x h.  weight = spatial (1 2 1 / 2 4 2 / 1 2 1) x range, where
// range = denoiseRange[min(|dv| >> 4, 255)] in Q8 (a Gaussian of the tone difference; the
// plan widens it with `denoise`). Sum of weights <= 16 * 256 = 4096 and the centre weight is
// 1024, so out = (sum w v + W / 2) / W with sum w v <= 4096 * 4095 < 2^24.
// An empty range table (denoise = 0) copies the plane.
//
// GPU: one u32 per value; one invocation per sample; DENOISE_SPATIAL is the CPU twin's SPATIAL
// (generated preamble); Frame.denoiseOn = 0 for the empty table.

@group(1) @binding(0) var<storage, read> src: array<u32>;
@group(1) @binding(1) var<storage, read_write> dst: array<u32>;

/** One tap: its weight (spatial x range to the centre tone c) and weighted value. */
fn tap(index: u32, c: i32, spatial: u32) -> vec2u {
  let v = src[index];
  let wt = spatial * tables[frame.denoiseRangeAt + min(255u, u32(abs(i32(v) - c)) >> 4u)];
  return vec2u(wt, wt * v);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = flatIndex(wid, nwg, lid);
  let w = frame.sampleWidth;
  let h = frame.sampleHeight;
  if (i >= w * h) {
    return;
  }
  if (frame.denoiseOn == 0u) {
    dst[i] = src[i];
    return;
  }
  let c = i32(src[i]);
  let n = neighbourhood(i, w, h);
  let sum = tap(n.r0 + n.x0, c, DENOISE_SPATIAL[0]) + tap(n.r0 + n.x, c, DENOISE_SPATIAL[1]) +
    tap(n.r0 + n.x1, c, DENOISE_SPATIAL[2]) + tap(n.r + n.x0, c, DENOISE_SPATIAL[3]) + tap(n.r + n.x, c, DENOISE_SPATIAL[4]) +
    tap(n.r + n.x1, c, DENOISE_SPATIAL[5]) + tap(n.r1 + n.x0, c, DENOISE_SPATIAL[6]) +
    tap(n.r1 + n.x, c, DENOISE_SPATIAL[7]) + tap(n.r1 + n.x1, c, DENOISE_SPATIAL[8]);
  dst[i] = (sum.y + (sum.x >> 1u)) / sum.x;
}

// sharpen: unsharp mask on the tone plane: out = clamp(v + ((v - blur) * amount) >> 8).
//
// blur = 3 x 3 binomial (1 2 1 / 2 4 2 / 1 2 1), (sum + 8) >> 4, borders clamped.
// in/out tone u16 0..4095; amount Q8 <= 384, so |(v - blur) * amount| <= 4095 * 384 < 2^21.
// `>>` on a negative value floors in both twins (JS arithmetic shift, WGSL i32 shift).
//
// GPU: one u32 per value; one invocation per sample; SHARPEN_BINOMIAL is the CPU twin's
// BINOMIAL (generated preamble); amount 0 copies the plane, as on the CPU.

@group(1) @binding(0) var<storage, read> src: array<u32>;
@group(1) @binding(1) var<storage, read_write> dst: array<u32>;

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = flatIndex(wid, nwg, lid);
  let w = frame.sampleWidth;
  let h = frame.sampleHeight;
  if (i >= w * h) {
    return;
  }
  if (frame.sharpenAmount == 0u) {
    dst[i] = src[i];
    return;
  }
  let n = neighbourhood(i, w, h);
  let s = SHARPEN_BINOMIAL[0] * src[n.r0 + n.x0] + SHARPEN_BINOMIAL[1] * src[n.r0 + n.x] + SHARPEN_BINOMIAL[2] * src[n.r0 + n.x1] +
    SHARPEN_BINOMIAL[3] * src[n.r + n.x0] + SHARPEN_BINOMIAL[4] * src[n.r + n.x] + SHARPEN_BINOMIAL[5] * src[n.r + n.x1] +
    SHARPEN_BINOMIAL[6] * src[n.r1 + n.x0] + SHARPEN_BINOMIAL[7] * src[n.r1 + n.x] + SHARPEN_BINOMIAL[8] * src[n.r1 + n.x1];
  let v = i32(src[i]);
  let t = v + (((v - i32((s + 8u) >> 4u)) * i32(frame.sharpenAmount)) >> 8u);
  dst[i] = u32(clamp(t, 0, TONE_MAX));
}

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
  let x = i % w;
  let y = i / w;
  var s = 0u;
  for (var dy = -1; dy <= 1; dy++) {
    for (var dx = -1; dx <= 1; dx++) {
      s += SHARPEN_BINOMIAL[u32((dy + 1) * 3 + dx + 1)] * src[clampedIndex(x, y, dx, dy, w, h)];
    }
  }
  let v = i32(src[i]);
  let t = v + (((v - i32((s + 8u) >> 4u)) * i32(frame.sharpenAmount)) >> 8u);
  dst[i] = u32(clamp(t, 0, TONE_MAX));
}

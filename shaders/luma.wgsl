// luma: linear RGB -> Rec. 709 luminance in linear light -> perceptual tone (sRGB curve).
//
// in   lin u16 x 3 per sample;  out tone u16 0..4095 per sample
// Y = (R * 13933 + G * 46871 + B * 4732 + 32768) >>> 16: the sum is at most 65535 * 65536 +
// 32768 < 2^32 (unsigned). tone = interpolated linearToTone[Y >> 4 .. (Y >> 4) + 1] by the
// low 4 bits: (a * (16 - f) + b * f + 8) >> 4 <= 4095 * 16 + 8.
//
// GPU: one u32 per value; one invocation per sample (luminance and interpolate in common.wgsl).

@group(1) @binding(0) var<storage, read> lin: array<u32>;
@group(1) @binding(1) var<storage, read_write> tone: array<u32>;

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = flatIndex(wid, nwg, lid);
  if (i >= frame.samples) {
    return;
  }
  tone[i] = interpolate(frame.linearToToneAt, luminance(lin[i * 3u], lin[i * 3u + 1u], lin[i * 3u + 2u]));
}

// tone: auto-levels mapping then the plan's tone curve (contrast, brightness, gamma, invert).
//
// in/out tone u16 0..4095; lv = [low, gain Q16]. t = min(4095, (max(0, v - low) * gain) >>> 16)
// with (v - low) * gain <= 4095 * 2^19 < 2^32 (unsigned); out = toneCurve[t].
//
// GPU: one u32 per value; one invocation per sample.

@group(1) @binding(0) var<storage, read> src: array<u32>;
@group(1) @binding(1) var<storage, read> levels: array<i32>;
@group(1) @binding(2) var<storage, read_write> dst: array<u32>;

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = flatIndex(wid, nwg, lid);
  if (i >= frame.samples) {
    return;
  }
  let d = i32(src[i]) - levels[0];
  var t = 0u;
  if (d > 0) {
    t = min(u32(TONE_MAX), (u32(d) * u32(levels[1])) >> 16u);
  }
  dst[i] = tables[frame.toneCurveAt + t];
}

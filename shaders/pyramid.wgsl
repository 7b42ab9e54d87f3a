// pyramid: one box reduction of linear RGB by fx x fy (each 1 or 2, not both 1).
//
// in   u16 values, w x h x 3 interleaved
// out  u16 values, floor(w / fx) x floor(h / fy) x 3
// (sum of n <= 4 values + n / 2) >> log2(n): sum <= 4 * 65535 < 2^18.
//
// GPU: one u32 per value; one invocation per output pixel. Levels ping-pong between two
// buffers, one dispatch per level, each with its own ReduceStep uniform.

@group(1) @binding(0) var<uniform> step: ReduceStep;
@group(1) @binding(1) var<storage, read> src: array<u32>;
@group(1) @binding(2) var<storage, read_write> dst: array<u32>;

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = flatIndex(wid, nwg, lid);
  if (i >= step.dstWidth * step.dstHeight) {
    return;
  }
  let x = i % step.dstWidth;
  let y = i / step.dstWidth;
  let shift = (step.fx >> 1u) + (step.fy >> 1u);
  let half = (1u << shift) >> 1u;
  for (var k = 0u; k < 3u; k++) {
    var s = 0u;
    for (var dy = 0u; dy < step.fy; dy++) {
      for (var dx = 0u; dx < step.fx; dx++) {
        s += src[((y * step.fy + dy) * step.srcWidth + x * step.fx + dx) * 3u + k];
      }
    }
    dst[i * 3u + k] = (s + half) >> shift;
  }
}

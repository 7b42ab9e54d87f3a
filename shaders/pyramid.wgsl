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
  // the fx x fy taps: with fx or fy = 1 the missing neighbour is not read (n taps only)
  let p = (y * step.fy * step.srcWidth + x * step.fx) * 3u;
  let right = (step.fx - 1u) * 3u;
  let below = (step.fy - 1u) * step.srcWidth * 3u;
  var s = vec3u(src[p], src[p + 1u], src[p + 2u]);
  if (right != 0u) {
    s += vec3u(src[p + right], src[p + right + 1u], src[p + right + 2u]);
  }
  if (below != 0u) {
    s += vec3u(src[p + below], src[p + below + 1u], src[p + below + 2u]);
    if (right != 0u) {
      let q = p + below + right;
      s += vec3u(src[q], src[q + 1u], src[q + 2u]);
    }
  }
  let out = (s + vec3u(half)) >> vec3u(shift);
  dst[i * 3u] = out.x;
  dst[i * 3u + 1u] = out.y;
  dst[i * 3u + 2u] = out.z;
}

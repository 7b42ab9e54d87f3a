// linearize: RGBA8 -> linear-light RGB, box-reduced by fx x fy (each 1 or 2).
//
// in   rgba: u8, w x h x 4, row-major
// out  lin:  u16 values, ow x oh x 3 interleaved, ow = floor(w / fx), oh = floor(h / fy)
// Alpha is ink coverage over black: v = (srgbToLinear[c] * a + 127) / 255, <= 65535 * 255 < 2^24.
// Box: (sum of n values + n / 2) >> log2(n), n = fx * fy <= 4, sum <= 4 * 65535 < 2^18.
// A last odd column or row is dropped (at most one pixel per halving).
//
// GPU: rgba holds one pixel per u32 (r | g << 8 | b << 16 | a << 24, the little-endian bytes of
// the RGBA8 buffer), rows Frame.sourceStride pixels apart (the width for buffers, 256-byte
// aligned rows for textures copied in); lin holds one u32 per channel value. One invocation per output pixel.
// Opaque pixels skip the division by 255, which the formula gives exactly at a = 255.

@group(1) @binding(0) var<uniform> step: ReduceStep;
@group(1) @binding(1) var<storage, read> rgba: array<u32>;
@group(1) @binding(2) var<storage, read_write> dst: array<u32>;

/** The three linear channels of one pixel; opaque pixels skip the division ((c * 255 + 127) / 255 = c). */
fn linearPixel(px: u32) -> vec3u {
  let at = frame.srgbToLinearAt;
  let c = vec3u(tables[at + (px & 255u)], tables[at + ((px >> 8u) & 255u)], tables[at + ((px >> 16u) & 255u)]);
  let a = px >> 24u;
  if (a == 255u) {
    return c;
  }
  return (c * a + vec3u(127u)) / vec3u(255u);
}

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
  // the fx x fy taps (the right neighbour when fx = 2, the row below when fy = 2); straight-line
  // code: a private array indexed by a loop counter is emulated per lane on software adapters
  let p = y * step.fy * frame.sourceStride + x * step.fx;
  var sum = linearPixel(rgba[p]);
  if (step.fx == 2u) {
    sum += linearPixel(rgba[p + 1u]);
  }
  if (step.fy == 2u) {
    let q = p + frame.sourceStride;
    sum += linearPixel(rgba[q]);
    if (step.fx == 2u) {
      sum += linearPixel(rgba[q + 1u]);
    }
  }
  let v = (sum + vec3u(half)) >> vec3u(shift);
  dst[i * 3u] = v.x;
  dst[i * 3u + 1u] = v.y;
  dst[i * 3u + 2u] = v.z;
}

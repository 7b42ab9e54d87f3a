// linearize: RGBA8 -> linear-light RGB, box-reduced by fx x fy (each 1 or 2).
//
// in   rgba: u8, w x h x 4, row-major
// out  lin:  u16 values, ow x oh x 3 interleaved, ow = floor(w / fx), oh = floor(h / fy)
// Alpha is coverage over the page, `under`: black (0), or white (LINEAR_MAX) for inverted art,
// whose page is light: v = (srgbToLinear[c] * a + under * (255 - a) + 127) / 255; the sum is at
// most 65535 * 255 < 2^24. A transparent pixel is page either way, so it takes no ink.
// Box: (sum of n values + n / 2) >> log2(n), n = fx * fy <= 4, sum <= 4 * 65535 < 2^18.
// A last odd column or row is dropped (at most one pixel per halving).
//
// GPU: rgba holds one pixel per u32 (r | g << 8 | b << 16 | a << 24, the little-endian bytes of
// the RGBA8 buffer), rows Frame.sourceStride pixels apart (the width for buffers, 256-byte
// aligned rows for textures copied in); lin holds one u32 per channel value. One invocation per output pixel.
// `twoSteps` also does the first pyramid step (pyramid.wgsl's arithmetic, over `next`) in the same
// invocation, so that level never goes through memory: one invocation per pixel of the level after.
// Opaque pixels skip the division by 255, which the formula gives exactly at a = 255.
// Red and green come from one lookup of srgbToLinear for both (srgbPairToLinear, entry r | g << 8,
// made from the same table: engine/gpu/frame-uniform.ts), so a pixel costs two lookups, not three:
// a software adapter emulates each one lane by lane. The values are the CPU twin's.

@group(1) @binding(0) var<uniform> step: ReduceStep;
@group(1) @binding(1) var<storage, read> rgba: array<u32>;
@group(1) @binding(2) var<storage, read_write> dst: array<u32>;
@group(1) @binding(3) var<uniform> next: ReduceStep;

/** The three linear channels of one pixel (red and green in one lookup); opaque pixels skip the division ((c * 255 + 127) / 255 = c). */
fn linearPixel(px: u32) -> vec3u {
  let rg = tables[frame.srgbPairToLinearAt + (px & 0xffffu)];
  let c = vec3u(rg & 0xffffu, rg >> 16u, tables[frame.srgbToLinearAt + ((px >> 16u) & 255u)]);
  let a = px >> 24u;
  if (a == 255u) {
    return c;
  }
  let under = select(0u, LINEAR_MAX, frame.invert != 0u);
  return (c * a + vec3u(under * (255u - a) + 127u)) / vec3u(255u);
}

/** Pixel (x, y) of the first level: the fx x fy taps of the source, box-averaged. */
fn reduced(x: u32, y: u32) -> vec3u {
  let shift = (step.fx >> 1u) + (step.fy >> 1u);
  let half = (1u << shift) >> 1u;
  // the right neighbour when fx = 2, the row below when fy = 2; straight-line code: a private
  // array indexed by a loop counter is emulated per lane on software adapters
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
  return (sum + vec3u(half)) >> vec3u(shift);
}

fn store(i: u32, v: vec3u) {
  dst[i * 3u] = v.x;
  dst[i * 3u + 1u] = v.y;
  dst[i * 3u + 2u] = v.z;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = flatIndex(wid, nwg, lid);
  if (i >= step.dstWidth * step.dstHeight) {
    return;
  }
  store(i, reduced(i % step.dstWidth, i / step.dstWidth));
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn twoSteps(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = flatIndex(wid, nwg, lid);
  if (i >= next.dstWidth * next.dstHeight) {
    return;
  }
  let x = (i % next.dstWidth) * next.fx;
  let y = (i / next.dstWidth) * next.fy;
  let shift = (next.fx >> 1u) + (next.fy >> 1u);
  let half = (1u << shift) >> 1u;
  var sum = reduced(x, y);
  if (next.fx == 2u) {
    sum += reduced(x + 1u, y);
  }
  if (next.fy == 2u) {
    sum += reduced(x, y + 1u);
    if (next.fx == 2u) {
      sum += reduced(x + 1u, y + 1u);
    }
  }
  store(i, (sum + vec3u(half)) >> vec3u(shift));
}

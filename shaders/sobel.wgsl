// sobel: 3 x 3 Sobel gradients of the tone plane (borders clamped).
//
// in tone u16 0..4095, w x h; out i32 x 2 per sample (gx, gy), |g| <= 4 * 4095 < 2^14.
// x grows to the right and y downwards, so a rising contour '/' has gx and gy of one sign.
//
// GPU: one invocation per sample.

@group(1) @binding(0) var<storage, read> src: array<u32>;
@group(1) @binding(1) var<storage, read_write> grad: array<i32>;

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = flatIndex(wid, nwg, lid);
  let w = frame.sampleWidth;
  let h = frame.sampleHeight;
  if (i >= w * h) {
    return;
  }
  let n = neighbourhood(i, w, h);
  let gx = i32(src[n.r0 + n.x1]) + 2 * i32(src[n.r + n.x1]) + i32(src[n.r1 + n.x1]) - i32(src[n.r0 + n.x0]) -
    2 * i32(src[n.r + n.x0]) - i32(src[n.r1 + n.x0]);
  let gy = i32(src[n.r1 + n.x0]) + 2 * i32(src[n.r1 + n.x]) + i32(src[n.r1 + n.x1]) - i32(src[n.r0 + n.x0]) -
    2 * i32(src[n.r0 + n.x]) - i32(src[n.r0 + n.x1]);
  grad[i * 2u] = gx;
  grad[i * 2u + 1u] = gy;
}

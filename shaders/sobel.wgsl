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
  let x = i % w;
  let y = i / w;
  let ym = select(y - 1u, 0u, y == 0u) * w;
  let y0 = y * w;
  let yp = min(h - 1u, y + 1u) * w;
  let xm = select(x - 1u, 0u, x == 0u);
  let xp = min(w - 1u, x + 1u);
  let gx = i32(src[ym + xp]) + 2 * i32(src[y0 + xp]) + i32(src[yp + xp]) - i32(src[ym + xm]) - 2 * i32(src[y0 + xm]) -
    i32(src[yp + xm]);
  let gy = i32(src[yp + xm]) + 2 * i32(src[yp + x]) + i32(src[yp + xp]) - i32(src[ym + xm]) - 2 * i32(src[ym + x]) -
    i32(src[ym + xp]);
  grad[i * 2u] = gx;
  grad[i * 2u + 1u] = gy;
}

/**
 * The frame-import pass: a browser video frame (GPUExternalTexture) into the packed RGBA8 buffer
 * linearize reads. Not a kernel, so it has no CPU twin and lives here beside the uploader rather
 * than in shaders/: it is the host seam for browser frames, which the CPU cannot see without a
 * copy (the CPU executor takes those pixels as an RGBA buffer).
 *
 * out  rgba: one u32 per pixel, r | g << 8 | b << 16 | a << 24, `sourceStride` pixels per row.
 * The browser converts the frame (often YUV) to RGB in float before this pass, so this is the one
 * place a float becomes an integer: round(clamp(c, 0, 1) * 255). Buffers and ImageBitmaps never
 * pass here (they are copied byte for byte), so CPU/GPU parity holds for them exactly. One
 * invocation per source pixel; the module is composed like a kernel's (preamble, common.wgsl).
 */
export const FRAME_IMPORT_WGSL = /* wgsl */ `
@group(1) @binding(0) var source: texture_external;
@group(1) @binding(1) var<storage, read_write> rgba: array<u32>;

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = flatIndex(wid, nwg, lid);
  if (i >= frame.sourceWidth * frame.sourceHeight) {
    return;
  }
  let x = i % frame.sourceWidth;
  let y = i / frame.sourceWidth;
  let c = vec4u(round(clamp(textureLoad(source, vec2u(x, y)), vec4f(0.0), vec4f(1.0)) * 255.0));
  rgba[y * frame.sourceStride + x] = c.r | (c.g << 8u) | (c.b << 16u) | (c.a << 24u);
}
`;

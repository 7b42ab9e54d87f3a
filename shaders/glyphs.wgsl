// glyphs: the best glyph for every cell independently (no dithering): one invocation per
// cell on the GPU. out: u8 table index per cell.
//
// GPU: out is one u32 per cell; prevGlyphs (the stream's last glyphs) is read only when
// Frame.usePrevGlyphs is set (streams after their first frame), else prev = -1.

@group(1) @binding(0) var<storage, read> cellData: array<i32>;
@group(1) @binding(1) var<storage, read> book: array<u32>;
@group(1) @binding(2) var<storage, read> prevGlyphs: array<u32>;
@group(1) @binding(3) var<storage, read_write> glyphsOut: array<u32>;

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = flatIndex(wid, nwg, lid);
  if (i >= frame.cells) {
    return;
  }
  var prev = -1;
  if (frame.usePrevGlyphs != 0u) {
    prev = i32(prevGlyphs[i]);
  }
  glyphsOut[i] = matchCell(i * CELL_STRIDE, 0, prev);
}

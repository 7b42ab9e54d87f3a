// draw-grid.wgsl: the studio's render pass. Draws a CellGrid as one textured quad per cell from
// a glyph atlas (studio/render/gpu-grid-painter.ts drives it; floats are fine here, this is not
// one of the integer compute kernels).
//
// Draw: drawIndexed(6 * columns * rows) over a fixed index buffer (4c, 4c+1, 4c+2, 4c+2, 4c+1,
// 4c+3 for cell c), no vertex buffers. Vertex v belongs to cell v / 4 (cell = row * columns +
// column) and is corner v % 4 of its quad; shared corners are shaded once. The quad covers only
// the glyph's ink box inside the cell (measured from the atlas), so blank and thin glyphs shade
// few pixels; a blank glyph collapses to a zero-area quad. Quads are expanded from the vertex
// index rather than instanced: software Vulkan (SwiftShader) runs each instance as a separate
// draw, which made the instanced form several times slower there.
//
// Two-colour cells (grid.w == 2): every cell is a full-cell quad, and the fragment stage mixes
// the glyph color over the cell's own background, read from `colors` after the glyph colors.
//
// The fragment stage mixes the cell color over the page (black, or white under dark mono ink)
// by the atlas coverage and writes it opaque over the same clear (cells tile the canvas and never overlap): coverage blended in sRGB, as the
// browser blends its own text, so the WebGPU and Canvas 2D painters look alike, and no
// per-pixel transcendental, which keeps software rasterizers (SwiftShader) fast.
//
// Buffers, in one of two layouts (the value 4 in view.grid.w, its bit 2):
// - bytes (a grid from the CPU): `glyphs` holds one byte per cell (an index into the charset
//   table), four per u32, little-endian; `colors` holds three sRGB bytes per cell, packed the same
//   way, then the backgrounds';
// - packed (4 set: a frame the GPU executor left on the device, drawn without a copy): both
//   bindings are the executor's `packed` buffer, one u32 per cell, glyph | r << 8 | g << 16 |
//   b << 24, then with two-colour cells one more per cell, r | g << 8 | b << 16 of its background.

struct View {
  // columns, rows, page (1: white, 0: black; the clear color too), color mode in bits 0-1 (2:
  // per-cell glyph colors and backgrounds, 1: per-cell colors, 0: every glyph in mono) and the
  // packed layout in bit 2 (see Buffers above)
  grid: vec4u,
  // 1 / atlas width, 1 / atlas height (texels to texture coordinates), unused, unused
  atlas: vec4f,
  // cell width, cell height (canvas pixels == atlas texels), canvas width, canvas height
  cell: vec4f,
  // mono glyph color, sRGB 0..1
  mono: vec4f,
};

@group(0) @binding(0) var<uniform> view: View;
@group(0) @binding(1) var<storage, read> glyphs: array<u32>;
@group(0) @binding(2) var<storage, read> colors: array<u32>;
@group(0) @binding(3) var atlas: texture_2d<f32>;
@group(0) @binding(4) var atlas_sampler: sampler;
// Per glyph, two vec4s: its ink box inside the cell (x0, y0, x1, y1 in texels; x1 <= x0 when
// blank), then the atlas texel where its cell starts (x, y, unused, unused).
@group(0) @binding(5) var<storage, read> glyph_info: array<vec4f>;

struct VsOut {
  @builtin(position) position: vec4f,
  @location(0) uv: vec2f,
  @location(1) @interpolate(flat) color: vec3f,
  @location(2) @interpolate(flat) background: vec3f,
};

fn byte_at(words_index: u32, packed: u32) -> u32 {
  return (packed >> ((words_index % 4u) * 8u)) & 0xffu;
}

fn color_byte(k: u32) -> f32 {
  return f32(byte_at(k, colors[k / 4u])) / 255.0;
}

fn packed_layout() -> bool {
  return (view.grid.w & 4u) != 0u;
}

// Byte `b` (0..3) of the packed word `w`, as 0..1.
fn word_byte(w: u32, b: u32) -> f32 {
  return f32((w >> (b * 8u)) & 0xffu) / 255.0;
}

@vertex
fn vs(@builtin(vertex_index) index: u32) -> VsOut {
  var out: VsOut;
  let cell = index >> 2u;
  let packed = packed_layout();
  let mode = view.grid.w & 3u;
  var glyph = byte_at(cell, glyphs[cell >> 2u]);
  if (packed) {
    glyph = glyphs[cell] & 0xffu;
  }
  let twoColor = mode == 2u;
  var box = glyph_info[2u * glyph];
  if (twoColor) {
    box = vec4f(0.0, 0.0, view.cell.x, view.cell.y);
  } else if (box.z <= box.x) {
    out.position = vec4f(2.0, 2.0, 0.0, 1.0);
    return out;
  }
  // Corner k of 4 (indexed: 0 1 2, 2 1 3): x = k & 1, y = k >> 1.
  let corner = vec2f(f32(index & 1u), f32((index >> 1u) & 1u));
  let offset = mix(box.xy, box.zw, corner);
  let columns = view.grid.x;
  let row = cell / columns;
  let px = vec2f(f32(cell - row * columns), f32(row)) * view.cell.xy + offset;
  out.position = vec4f(px.x / view.cell.z * 2.0 - 1.0, 1.0 - px.y / view.cell.w * 2.0, 0.0, 1.0);
  out.uv = (glyph_info[2u * glyph + 1u].xy + offset) * view.atlas.xy;
  let cells = view.grid.x * view.grid.y;
  if (mode >= 1u && packed) {
    let w = glyphs[cell];
    out.color = vec3f(word_byte(w, 1u), word_byte(w, 2u), word_byte(w, 3u));
  } else if (mode >= 1u) {
    let k = cell * 3u;
    out.color = vec3f(color_byte(k), color_byte(k + 1u), color_byte(k + 2u));
  } else {
    out.color = view.mono.rgb;
  }
  out.background = vec3f(f32(view.grid.z));
  if (twoColor && packed) {
    let w = glyphs[cells + cell];
    out.background = vec3f(word_byte(w, 0u), word_byte(w, 1u), word_byte(w, 2u));
  } else if (twoColor) {
    let k = (cells + cell) * 3u;
    out.background = vec3f(color_byte(k), color_byte(k + 1u), color_byte(k + 2u));
  }
  return out;
}

@fragment
fn fs(in: VsOut) -> @location(0) vec4f {
  let coverage = textureSampleLevel(atlas, atlas_sampler, in.uv, 0.0).a;
  return vec4f(mix(in.background, in.color, coverage), 1.0);
}

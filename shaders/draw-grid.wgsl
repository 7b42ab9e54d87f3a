// draw-grid.wgsl: the studio's render pass. Draws a CellGrid as instanced quads from a glyph
// atlas (studio/render/gpu-grid-painter.ts drives it; floats are fine here, this is not one of
// the integer compute kernels).
//
// Dispatch: draw(6, columns * rows). One instance per cell, instance_index = row * columns +
// column; six vertices per instance, two triangles covering the cell. The vertex stage places
// the quad in clip space, finds the glyph's slot in the atlas and unpacks the cell color; a
// blank glyph (index 0, the space) collapses to a zero-area quad, so only inked cells are
// shaded. The fragment stage tints the atlas coverage with the cell color in linear light and
// writes it opaque over the black clear: cells tile the canvas and never overlap.
//
// Buffers: `glyphs` holds one byte per cell (an index into the charset table), four per u32,
// little-endian; `colors` holds three sRGB bytes per cell, packed the same way.

struct View {
  // columns, rows, atlas slots per row, color mode (1: per-cell colors, 0: every glyph in mono)
  grid: vec4u,
  // slot pitch x, slot pitch y, cell inset in its slot (atlas texels), unused
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

struct VsOut {
  @builtin(position) position: vec4f,
  @location(0) uv: vec2f,
  @location(1) @interpolate(flat) color: vec3f,
};

const CORNERS = array<vec2f, 6>(
  vec2f(0.0, 0.0), vec2f(1.0, 0.0), vec2f(0.0, 1.0),
  vec2f(0.0, 1.0), vec2f(1.0, 0.0), vec2f(1.0, 1.0),
);

fn byte_at(words_index: u32, packed: u32) -> u32 {
  return (packed >> ((words_index % 4u) * 8u)) & 0xffu;
}

fn color_byte(k: u32) -> f32 {
  return f32(byte_at(k, colors[k / 4u])) / 255.0;
}

@vertex
fn vs(@builtin(vertex_index) vertex: u32, @builtin(instance_index) cell: u32) -> VsOut {
  var out: VsOut;
  let glyph = byte_at(cell, glyphs[cell / 4u]);
  if (glyph == 0u) {
    out.position = vec4f(2.0, 2.0, 0.0, 1.0);
    return out;
  }
  let columns = view.grid.x;
  let corner = CORNERS[vertex];
  let px = (vec2f(f32(cell % columns), f32(cell / columns)) + corner) * view.cell.xy;
  out.position = vec4f(px.x / view.cell.z * 2.0 - 1.0, 1.0 - px.y / view.cell.w * 2.0, 0.0, 1.0);
  let slot = vec2f(f32(glyph % view.grid.z), f32(glyph / view.grid.z));
  let texel = slot * view.atlas.xy + vec2f(view.atlas.z) + corner * view.cell.xy;
  out.uv = texel / vec2f(textureDimensions(atlas));
  if (view.grid.w == 1u) {
    out.color = vec3f(color_byte(cell * 3u), color_byte(cell * 3u + 1u), color_byte(cell * 3u + 2u));
  } else {
    out.color = view.mono.rgb;
  }
  return out;
}

fn to_linear(c: vec3f) -> vec3f {
  return select(pow((c + 0.055) / 1.055, vec3f(2.4)), c / 12.92, c <= vec3f(0.04045));
}

fn to_srgb(c: vec3f) -> vec3f {
  return select(1.055 * pow(c, vec3f(1.0 / 2.4)) - 0.055, c * 12.92, c <= vec3f(0.0031308));
}

@fragment
fn fs(in: VsOut) -> @location(0) vec4f {
  let coverage = textureSampleLevel(atlas, atlas_sampler, in.uv, 0.0).a;
  return vec4f(to_srgb(to_linear(in.color) * coverage), 1.0);
}

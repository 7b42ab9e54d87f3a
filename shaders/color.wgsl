// color: the foreground color of each cell, sRGB8.
//
// mean  linear RGB over the cell's 8 samples: (sum + 4) >> 3 <= 65535.
// sat   in linear light around the luminance Y: c' = clamp(Y + ((c - Y) * saturation) >> 8),
//       |(c - Y) * saturation| <= 65535 * 1024 < 2^27.
// s     c' encoded to sRGB8 (interpolated linearToSrgb); T = Y encoded to tone (0..4095).
// fg    so that ink x fg reproduces the processed cell on black: value-normalize the color to
//       its tone, u = min(1024, s * 4095 / T) (s * 4095 < 2^20), then scale by the ink the cell
//       asked for over the ink the chosen glyph has: min(255, u * mean / coverage(glyph))
//       (u * mean <= 1024 * 4096 = 2^22). Blank glyphs, black cells and `invert` keep s.
// out: u8 x 3 per cell.
//
// GPU: one invocation per cell. The output packs the cell's glyph and color into one u32,
// glyph | r << 8 | g << 16 | b << 24, so the frame is read back in one copy.

@group(1) @binding(0) var<storage, read> lin: array<u32>;
@group(1) @binding(1) var<storage, read> cellData: array<i32>;
@group(1) @binding(2) var<storage, read> glyphsIn: array<u32>;
@group(1) @binding(3) var<storage, read_write> packed: array<u32>;

/** One channel's 8-bit color: saturated around the luminance y, then shaded by the glyph's coverage. */
fn channel(v: u32, y: u32, t: u32, shade: bool, mean: i32, cov: i32) -> u32 {
  let sat = i32(y) + (((i32(v) - i32(y)) * i32(frame.saturation)) >> 8u);
  let s = interpolate(frame.linearToSrgbAt, u32(clamp(sat, 0, LINEAR_MAX)));
  if (!shade) {
    return s;
  }
  let u = min(1024u, (s * TONE_MAX) / t);
  return min(255u, (u * u32(mean)) / u32(cov));
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = flatIndex(wid, nwg, lid);
  if (i >= frame.cells) {
    return;
  }
  let c = i % frame.columns;
  let r = i / frame.columns;
  let sw = frame.columns * SAMPLES_X;
  var rgb = vec3u(0u);
  for (var sy = 0u; sy < SAMPLES_Y; sy++) {
    for (var sx = 0u; sx < SAMPLES_X; sx++) {
      let s = ((r * SAMPLES_Y + sy) * sw + c * SAMPLES_X + sx) * 3u;
      rgb += vec3u(lin[s], lin[s + 1u], lin[s + 2u]);
    }
  }
  rgb = (rgb + 4u) >> vec3u(3u);
  let y = luminance(rgb.x, rgb.y, rgb.z);
  let t = interpolate(frame.linearToToneAt, y);
  let g = glyphsIn[i];
  let cov = coverageOf(g);
  let mean = cellData[i * CELL_STRIDE + CELL_MEAN];
  let shade = frame.invert == 0u && cov > 0 && t > 0u;
  // channels written out: a vector indexed by a loop counter is emulated per lane on software adapters
  let red = channel(rgb.x, y, t, shade, mean, cov);
  let green = channel(rgb.y, y, t, shade, mean, cov);
  let blue = channel(rgb.z, y, t, shade, mean, cov);
  packed[i] = g | (red << 8u) | (green << 16u) | (blue << 24u);
}

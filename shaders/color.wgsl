// color: the foreground color of each cell, sRGB8.
//
// mean  linear RGB over the cell's 8 samples: (sum + 4) >> 3 <= 65535.
// sat   in linear light around the luminance Y: c' = clamp(Y + ((c - Y) * saturation) >> 8),
//       |(c - Y) * saturation| <= 65535 * 1024 < 2^27.
// s     c' encoded to sRGB8 (interpolated linearToSrgb); T = Y encoded to tone (0..4095).
// fg    so that ink x fg reproduces the processed cell on black, with the hue kept: the
//       brightest channel m = max(s) is value-normalized to the tone, u = min(1024, m * 4095 / T)
//       (m * 4095 < 2^20), and scaled by the ink the cell asked for over the ink the chosen glyph
//       has, top = u * mean / coverage(glyph) (u * mean <= 1024 * 4096 = 2^22). Every channel
//       takes m's gain, fg = (s * top + m / 2) / m, while top <= 255. Past it (a small glyph on a
//       dark cell) no color of that hue is bright enough: fg is the hue at full value,
//       h = (s * 255 + m / 2) / m, mixed towards white to win back half the missing lightness,
//       Y(h) = (54 h.r + 183 h.g + 19 h.b + 128) >> 8, Yc = min(255, Y(h) * top / 255) (< 2^30),
//       Yd = Y(h) + (Yc - Y(h)) / 2, fg = h + ((255 - h) * (Yd - Y(h)) + (255 - Y(h)) / 2) / (255 - Y(h)).
//       So a dark navy is a light blue, never cyan: clipping each channel at 255 on its own
//       turned hues (navy to cyan, olive to yellow). Blank glyphs, black cells and `invert` keep s.
// out: u8 x 3 per cell.
//
// GPU: one invocation per cell. The output packs the cell's glyph and color into one u32,
// glyph | r << 8 | g << 16 | b << 24, so the frame is read back in one copy.

@group(1) @binding(0) var<storage, read> lin: array<u32>;
@group(1) @binding(1) var<storage, read> cellData: array<i32>;
@group(1) @binding(2) var<storage, read> glyphsIn: array<u32>;
@group(1) @binding(3) var<storage, read_write> packed: array<u32>;

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
  // channels written out: a vector indexed by a loop counter is emulated per lane on software adapters
  var s = vec3u(saturatedSrgb(rgb.x, y), saturatedSrgb(rgb.y, y), saturatedSrgb(rgb.z, y));
  let m = max(s.x, max(s.y, s.z));
  if (frame.invert == 0u && cov > 0 && t > 0u && m > 0u) {
    let u = min(1024u, (m * TONE_MAX) / t);
    let top = (u * u32(mean)) / u32(cov);
    if (top <= 255u) {
      s = (s * top + vec3u(m >> 1u)) / vec3u(m);
    } else {
      s = (s * 255u + vec3u(m >> 1u)) / vec3u(m);
      let yh = (54u * s.x + 183u * s.y + 19u * s.z + 128u) >> 8u;
      if (yh < 255u) {
        let room = 255u - yh;
        let lift = (min(255u, (yh * top) / 255u) - yh) >> 1u;
        s += ((vec3u(255u) - s) * lift + vec3u(room >> 1u)) / vec3u(room);
      }
    }
  }
  packed[i] = g | (s.x << 8u) | (s.y << 16u) | (s.z << 24u);
}

import { SAMPLES_X, SAMPLES_Y, TONE_MAX } from '../fixed.js';
import { CELL_MEAN, CELL_STRIDE } from './cells.js';
import { interpolate, luminance, saturatedSrgb } from './luma.js';

/**
 * color: the foreground color of each cell, sRGB8.
 *
 * mean  linear RGB over the cell's 8 samples: (sum + 4) >> 3 <= 65535.
 * sat   in linear light around the luminance Y: c' = clamp(Y + ((c - Y) * saturation) >> 8),
 *       |(c - Y) * saturation| <= 65535 * 1024 < 2^27.
 * s     c' encoded to sRGB8 (interpolated linearToSrgb); T = Y encoded to tone (0..4095).
 * fg    so that ink x fg reproduces the processed cell on black, with the hue kept: the
 *       brightest channel m = max(s) is value-normalized to the tone, u = min(1024, m * 4095 / T)
 *       (m * 4095 < 2^20), and scaled by the ink the cell asked for over the ink the chosen glyph
 *       has, top = u * mean / coverage(glyph) (u * mean <= 1024 * 4096 = 2^22). Every channel
 *       takes m's gain, fg = (s * top + m / 2) / m, while top <= 255. Past it (a small glyph on a
 *       dark cell) no color of that hue is bright enough: fg is the hue at full value,
 *       h = (s * 255 + m / 2) / m, mixed towards white to win back half the missing lightness,
 *       Y(h) = (54 h.r + 183 h.g + 19 h.b + 128) >> 8, Yc = min(255, Y(h) * top / 255) (< 2^30),
 *       Yd = Y(h) + (Yc - Y(h)) / 2, fg = h + ((255 - h) * (Yd - Y(h)) + (255 - Y(h)) / 2) / (255 - Y(h)).
 *       So a dark navy is a light blue, never cyan: clipping each channel at 255 on its own
 *       turned hues (navy to cyan, olive to yellow). Blank glyphs, black cells and `invert` keep s.
 * out: u8 x 3 per cell.
 */
export function color(
  lin: Uint16Array,
  cellData: Int32Array,
  glyphsOut: Uint8Array,
  columns: number,
  rows: number,
  saturation: number,
  invert: boolean,
  coverage: Int32Array,
  linearToSrgb: Uint16Array,
  linearToTone: Uint16Array,
  out: Uint8Array,
): void {
  const sw = columns * SAMPLES_X;
  const rgb = [0, 0, 0];
  const srgb = [0, 0, 0];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      rgb[0] = rgb[1] = rgb[2] = 0;
      for (let sy = 0; sy < SAMPLES_Y; sy++)
        for (let sx = 0; sx < SAMPLES_X; sx++) {
          const s = ((r * SAMPLES_Y + sy) * sw + c * SAMPLES_X + sx) * 3;
          rgb[0] += lin[s];
          rgb[1] += lin[s + 1];
          rgb[2] += lin[s + 2];
        }
      for (let k = 0; k < 3; k++) rgb[k] = (rgb[k] + 4) >> 3;
      const y = luminance(rgb[0], rgb[1], rgb[2]);
      const t = interpolate(linearToTone, y);
      const i = r * columns + c;
      const cov = coverage[glyphsOut[i]];
      const mean = cellData[i * CELL_STRIDE + CELL_MEAN];
      for (let k = 0; k < 3; k++) srgb[k] = saturatedSrgb(rgb[k], y, saturation, linearToSrgb);
      const m = Math.max(srgb[0], srgb[1], srgb[2]);
      if (invert || cov <= 0 || t <= 0 || m === 0) {
        for (let k = 0; k < 3; k++) out[i * 3 + k] = srgb[k];
        continue;
      }
      const u = Math.min(1024, Math.floor((m * TONE_MAX) / t));
      const top = Math.floor((u * mean) / cov);
      if (top <= 255) {
        for (let k = 0; k < 3; k++) out[i * 3 + k] = Math.floor((srgb[k] * top + (m >> 1)) / m);
        continue;
      }
      for (let k = 0; k < 3; k++) srgb[k] = Math.floor((srgb[k] * 255 + (m >> 1)) / m);
      const yh = (54 * srgb[0] + 183 * srgb[1] + 19 * srgb[2] + 128) >> 8;
      const room = 255 - yh;
      const lift = (Math.min(255, Math.floor((yh * top) / 255)) - yh) >> 1;
      for (let k = 0; k < 3; k++) {
        out[i * 3 + k] = room <= 0 ? srgb[k] : srgb[k] + Math.floor(((255 - srgb[k]) * lift + (room >> 1)) / room);
      }
    }
}

import { SAMPLES_X, SAMPLES_Y, TONE_MAX } from '../fixed.js';
import { CELL_MEAN, CELL_STRIDE } from './cells.js';
import { interpolate, luminance } from './luma.js';

/**
 * color: the foreground color of each cell, sRGB8.
 *
 * mean  linear RGB over the cell's 8 samples: (sum + 4) >> 3 <= 65535.
 * sat   in linear light around the luminance Y: c' = clamp(Y + ((c - Y) * saturation) >> 8),
 *       |(c - Y) * saturation| <= 65535 * 1024 < 2^27.
 * s     c' encoded to sRGB8 (interpolated linearToSrgb); T = Y encoded to tone (0..4095).
 * fg    so that ink x fg reproduces the processed cell on black: value-normalize the color to
 *       its tone, u = min(1024, s * 4095 / T) (s * 4095 < 2^20), then scale by the ink the cell
 *       asked for over the ink the chosen glyph has: min(255, u * mean / coverage(glyph))
 *       (u * mean <= 1024 * 4096 = 2^22). Blank glyphs, black cells and `invert` keep s.
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
      for (let k = 0; k < 3; k++) {
        const sat = y + (((rgb[k] - y) * saturation) >> 8);
        const s = interpolate(linearToSrgb, sat < 0 ? 0 : sat > 65535 ? 65535 : sat);
        let fg = s;
        if (!invert && cov > 0 && t > 0) {
          const u = Math.min(1024, Math.floor((s * TONE_MAX) / t));
          fg = Math.min(255, Math.floor((u * mean) / cov));
        }
        out[i * 3 + k] = fg;
      }
    }
}

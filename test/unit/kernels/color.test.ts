import { describe, expect, it } from 'vitest';
import { LINEAR_MAX, Q8_ONE, TONE_MAX } from '../../../engine/fixed.js';
import { resolveParams } from '../../../engine/index.js';
import { CELL_MEAN, CELL_STRIDE } from '../../../engine/kernels/cells.js';
import { color } from '../../../engine/kernels/color.js';
import { interpolate } from '../../../engine/kernels/luma.js';
import { planFrame } from '../../../engine/plan.js';

const PLAN = planFrame(resolveParams({ charset: 'standard' }, 'json'), { width: 8, height: 8 });
const G = PLAN.glyphs;
const L = PLAN.srgbToLinear;
const at = (g: string) => G.table.indexOf(g);

/** The color of one cell whose 8 samples are all the sRGB color `rgb`. */
function cellColor(rgb: readonly number[], mean: number, glyph: number, saturation = Q8_ONE, invert = false): number[] {
  const lin = new Uint16Array(8 * 3);
  for (let i = 0; i < 8; i++)
    lin.set(
      rgb.map((v) => L[v]),
      i * 3,
    );
  const data = new Int32Array(CELL_STRIDE);
  data[CELL_MEAN] = mean;
  const out = new Uint8Array(3);
  color(
    lin,
    data,
    Uint8Array.from([glyph]),
    1,
    1,
    saturation,
    invert,
    G.coverage,
    PLAN.linearToSrgb,
    PLAN.linearToTone,
    out,
  );
  return Array.from(out);
}

describe('color', () => {
  it('decodes and re-encodes sRGB exactly through the LUTs', () => {
    for (const v of [0, 1, 50, 100, 128, 200, 254, 255]) expect(interpolate(PLAN.linearToSrgb, L[v])).toBe(v);
  });

  it('gives a grey source a white foreground when the glyph carries the ink the cell asked for', () => {
    // sRGB 128: s = 128, T = 2055; u = 128 * 4095 / 2055 = 255.06 -> 255; mean = coverage: fg = u
    expect(interpolate(PLAN.linearToTone, L[128])).toBe(2055);
    expect(cellColor([128, 128, 128], G.coverage[at('@')], at('@'))).toEqual([255, 255, 255]);
  });

  it('scales the foreground by the ink asked for over the glyph coverage', () => {
    // half the ink of '@': 255 * 548 / 1097 = 127.4 -> 127
    expect(cellColor([128, 128, 128], 548, at('@'))).toEqual([127, 127, 127]);
    // a glyph lighter than asked: capped at 255
    expect(cellColor([128, 128, 128], 1097, at('.'))).toEqual([255, 255, 255]);
  });

  it('gives greys at saturation 0', () => {
    const [r, g, b] = cellColor([200, 100, 50], G.coverage[at('@')], at('@'), 0);
    expect(r).toBe(g);
    expect(g).toBe(b);
    const [r2, g2, b2] = cellColor([10, 200, 90], 500, at('+'), 0, true);
    expect(r2).toBe(g2);
    expect(g2).toBe(b2);
  });

  it('keeps the source color with invert, at saturation 1', () => {
    expect(cellColor([200, 100, 50], 1097, at('@'), Q8_ONE, true)).toEqual([200, 100, 50]);
    expect(cellColor([200, 100, 50], 300, at('*'), Q8_ONE, true)).toEqual([200, 100, 50]);
  });

  it("saturates around the luminance in linear light: c' = Y + ((c - Y) * saturation) >> 8", () => {
    const [r, g, b] = cellColor([200, 100, 50], 1097, at('@'), 2 * Q8_ONE, true);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(100);
    expect(b).toBeLessThan(50);
  });

  it('keeps the source color on blank glyphs and black cells', () => {
    expect(cellColor([200, 100, 50], 0, at(' '))).toEqual([200, 100, 50]);
    expect(cellColor([0, 0, 0], 0, at('@'))).toEqual([0, 0, 0]);
  });

  it('stays inside its bounds at saturation 4 and pure primaries', () => {
    const maxSat = planFrame(resolveParams({ saturation: 4 }, 'json'), { width: 8, height: 8 }).saturation;
    expect(maxSat).toBe(1024);
    expect(LINEAR_MAX * maxSat).toBeLessThan(2 ** 27);
    expect(255 * TONE_MAX).toBeLessThan(2 ** 20);
    expect(1024 * 4096).toBeLessThanOrEqual(2 ** 22);
    // red pushed past the gamut clamps to 0..65535 per channel before encoding
    expect(cellColor([255, 0, 0], 1097, at('@'), maxSat, true)).toEqual([255, 0, 0]);
    // blue asks for more light than '@' can give at any blue (top = 856 > 255): full blue, mixed
    // towards white by half the missing lightness, Y(h) = 19 -> 19 + (63 - 19) / 2 = 41
    expect(cellColor([0, 0, 255], 1097, at('@'), maxSat)).toEqual([24, 24, 255]);
  });

  it('keeps the hue where the gain saturates: a dark navy under a small glyph is a light blue, not cyan', () => {
    const navy = [28, 41, 65];
    const hueOf = ([r, g, b]: readonly number[]) => (g - r) / (b - r);
    for (const glyph of ['.', ':', '+']) {
      const fg = cellColor(navy, 1097, at(glyph));
      expect(fg[2]).toBe(255);
      expect(fg[0]).toBeLessThan(fg[1]);
      // mixing the full-value hue with white keeps (g - r) / (b - r); clipping each channel at
      // 255 on its own made this navy #b2ffff, where the ratio is 1
      expect(Math.abs(hueOf(fg) - hueOf(navy))).toBeLessThan(0.03);
    }
    // below saturation the gain is one for all channels: the color is the source's, brighter
    const dim = cellColor(navy, 300, at('@'));
    expect(Math.abs(hueOf(dim) - hueOf(navy))).toBeLessThan(0.03);
    expect(dim[2]).toBeLessThan(255);
  });
});

import { LUMA_B, LUMA_G, LUMA_R } from '../fixed.js';
import { toneTables } from './tone.js';

/**
 * luma: linear RGB -> Rec. 709 luminance in linear light -> perceptual tone (sRGB curve).
 *
 * in   lin u16 x 3 per sample;  out tone u16 0..4095 per sample
 * Y = (R * 13933 + G * 46871 + B * 4732 + 32768) >>> 16: the sum is at most 65535 * 65536 +
 * 32768 < 2^32 (unsigned). tone = interpolated linearToTone[Y >> 4 .. (Y >> 4) + 1] by the
 * low 4 bits: (a * (16 - f) + b * f + 8) >> 4 <= 4095 * 16 + 8.
 */
export function luminance(r: number, g: number, b: number): number {
  return (r * LUMA_R + g * LUMA_G + b * LUMA_B + 32768) >>> 16;
}

/** A 4097-entry table indexed by a u16 value >> 4, interpolated by its low 4 bits. */
export function interpolate(table: Uint16Array, v: number): number {
  const i = v >> 4;
  const f = v & 15;
  return (table[i] * (16 - f) + table[i + 1] * f + 8) >> 4;
}

const EXPANDED = new WeakMap<Uint16Array, Uint16Array>();

/**
 * `interpolate(table, v)` for every u16 v, as one table (made once per table and kept: the
 * engine's tables are constants), for loops that read a table per point.
 */
export function expanded(table: Uint16Array): Uint16Array {
  let all = EXPANDED.get(table);
  if (!all) {
    all = new Uint16Array(65536);
    for (let v = 0; v < 65536; v++) all[v] = interpolate(table, v);
    EXPANDED.set(table, all);
  }
  return all;
}

/**
 * One channel's 8-bit sRGB color, saturated around the luminance y in linear light:
 * clamp(y + ((v - y) * saturation) >> 8) encoded (interpolated linearToSrgb). color and twoColor.
 */
export function saturatedSrgb(v: number, y: number, saturation: number, linearToSrgb: Uint16Array): number {
  return interpolate(linearToSrgb, saturated(v, y, saturation));
}

/** The channel v saturated around the luminance y in linear light, clamped to u16 (saturatedSrgb). */
export function saturated(v: number, y: number, saturation: number): number {
  const sat = y + (((v - y) * saturation) >> 8);
  return sat < 0 ? 0 : sat > 65535 ? 65535 : sat;
}

export function luma(lin: Uint16Array, count: number, linearToTone: Uint16Array, tone: Uint16Array): void {
  const toneOf = expanded(linearToTone);
  for (let i = 0, p = 0; i < count; i++, p += 3) tone[i] = toneOf[luminance(lin[p], lin[p + 1], lin[p + 2])];
}

/**
 * The sRGB8 color of two-colour cells' sample (or fine point) at `s` in `lin`, into `out`
 * (two-color.ts twoColor's `Samples`; its WGSL twin is in two-color.wgsl); returns its curved
 * tone, T (or 4095 - T under invert).
 */
export function pointColor(
  lin: Uint16Array,
  s: number,
  saturation: number,
  tables: PointTables,
  out: Int32Array,
): number {
  const { srgbOf, toneOf, curvedOf, shiftOf } = tables;
  const r = lin[s];
  const g = lin[s + 1];
  const b = lin[s + 2];
  const y = luminance(r, g, b);
  const t = toneOf[y];
  const shift = shiftOf[t];
  out[0] = clampByte(srgbOf[saturated(r, y, saturation)] + shift);
  out[1] = clampByte(srgbOf[saturated(g, y, saturation)] + shift);
  out[2] = clampByte(srgbOf[saturated(b, y, saturation)] + shift);
  return curvedOf[t];
}

/**
 * pointColor's tables, made once a frame: linearToSrgb and linearToTone interpolated at every
 * u16 value (luma.ts `expanded`: saturatedSrgb's and the tone's values), and toneTables.
 */
type PointTables = ReturnType<typeof pointTables>;

export function pointTables(
  linearToSrgb: Uint16Array,
  linearToTone: Uint16Array,
  toneCurve: Uint16Array,
  invert: boolean,
) {
  return { srgbOf: expanded(linearToSrgb), toneOf: expanded(linearToTone), ...toneTables(toneCurve, invert) };
}

const clampByte = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

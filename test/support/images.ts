/**
 * Synthetic RGBA images and tone planes for engine tests: small, deterministic, and simple
 * enough that what the engine must do with them can be said in one sentence.
 */
import type { RgbaImage } from '../../engine/image.js';

export type Rgb = readonly [number, number, number];

/** An image whose pixel (x, y) is `pixel(x, y)`: a grey level, an RGB triple or RGBA. */
export function imageOf(
  width: number,
  height: number,
  pixel: (x: number, y: number) => number | Rgb | readonly [number, number, number, number],
): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = pixel(x, y);
      data.set(typeof p === 'number' ? [p, p, p, 255] : p.length === 3 ? [...p, 255] : p, (y * width + x) * 4);
    }
  return { width, height, data };
}

/** One grey level (or color) everywhere. */
export const flatImage = (width: number, height: number, value: number | Rgb): RgbaImage =>
  imageOf(width, height, () => value);

/** A left-to-right grey ramp from `from` to `to` (sRGB8). */
export const rampImage = (width: number, height: number, from = 0, to = 255): RgbaImage =>
  imageOf(width, height, (x) => Math.round(from + ((to - from) * x) / Math.max(1, width - 1)));

/** A deterministic pseudo-random generator (mulberry32): floats in [0, 1). */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A tone plane (u16) from rows of numbers, for kernels that take tone planes. */
export const plane = (rows: readonly (readonly number[])[]): Uint16Array => Uint16Array.from(rows.flat());

/** A w x h tone plane whose sample (x, y) is f(x, y). */
export function planeOf(w: number, h: number, f: (x: number, y: number) => number): Uint16Array {
  const out = new Uint16Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = f(x, y);
  return out;
}

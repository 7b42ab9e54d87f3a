/**
 * Synthetic RGBA frames for property and temporal tests: deterministic from a seed, so a
 * failing fast-check case reproduces exactly.
 */
import type { RgbaImage } from '../../engine/image.js';

export type Pattern = 'noise' | 'gradient' | 'flat' | 'stripes' | 'checker' | 'spots';

/** A small xorshift PRNG: uniform u32 stream from a seed. */
export function prng(seed: number): () => number {
  let s = seed >>> 0 || 0x9e3779b9;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0;
  };
}

/** A w x h image of a pattern; `alpha` adds random coverage (0..255) to some pixels. */
export function synthetic(w: number, h: number, pattern: Pattern, seed: number, alpha = false): RgbaImage {
  const rnd = prng(seed);
  const data = new Uint8Array(w * h * 4);
  const base = [rnd() & 255, rnd() & 255, rnd() & 255];
  const period = 1 + (rnd() % 9);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 4;
      for (let k = 0; k < 3; k++) {
        let v: number;
        switch (pattern) {
          case 'noise':
            v = rnd() & 255;
            break;
          case 'gradient':
            v = Math.round((255 * (x * (k + 1) + y * (3 - k))) / Math.max(1, w * (k + 1) + h * (3 - k)));
            break;
          case 'flat':
            v = base[k];
            break;
          case 'stripes':
            v = Math.floor(x / period) % 2 ? 255 : 0;
            break;
          case 'checker':
            v = (x + y) % 2 ? 255 : 0;
            break;
          case 'spots':
            v = rnd() % 97 === 0 ? 255 : base[k] >> 3;
            break;
        }
        data[o + k] = v;
      }
      data[o + 3] = alpha && rnd() % 3 === 0 ? rnd() & 255 : 255;
    }
  return { width: w, height: h, data };
}

/** Adds zero-mean Gaussian noise of `sigma` (8-bit steps) to every color channel, clamped. */
export function withNoise(image: RgbaImage, sigma: number, seed: number): RgbaImage {
  const rnd = prng(seed);
  const uniform = () => (rnd() + 1) / 4294967297;
  const data = new Uint8Array(image.data);
  for (let i = 0; i < data.length; i++) {
    if (i % 4 === 3) continue;
    // Box-Muller
    const n = Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    data[i] = Math.min(255, Math.max(0, Math.round(data[i] + n * sigma)));
  }
  return { width: image.width, height: image.height, data };
}

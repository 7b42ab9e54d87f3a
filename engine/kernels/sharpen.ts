import { TONE_MAX } from '../fixed.js';

/**
 * sharpen: unsharp mask on the tone plane: out = clamp(v + ((v - blur) * amount) >> 8).
 *
 * blur = 3 x 3 binomial (1 2 1 / 2 4 2 / 1 2 1), (sum + 8) >> 4, borders clamped.
 * in/out tone u16 0..4095; amount Q8 <= 384, so |(v - blur) * amount| <= 4095 * 384 < 2^21.
 * `>>` on a negative value floors in both twins (JS arithmetic shift, WGSL i32 shift).
 */
export const BINOMIAL: readonly number[] = [1, 2, 1, 2, 4, 2, 1, 2, 1];

export function sharpen(src: Uint16Array, w: number, h: number, amount: number, out: Uint16Array): void {
  if (amount === 0) {
    out.set(src.subarray(0, w * h));
    return;
  }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = Math.min(h - 1, Math.max(0, y + dy));
        for (let dx = -1; dx <= 1; dx++)
          s += BINOMIAL[(dy + 1) * 3 + dx + 1] * src[yy * w + Math.min(w - 1, Math.max(0, x + dx))];
      }
      const v = src[y * w + x];
      const t = v + (((v - ((s + 8) >> 4)) * amount) >> 8);
      out[y * w + x] = t < 0 ? 0 : t > TONE_MAX ? TONE_MAX : t;
    }
}

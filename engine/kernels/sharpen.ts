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
  // The nine taps of BINOMIAL unrolled, as three column sums (1 2 1) weighted 1 2 1 across; the
  // window slides along the row (borders clamped), each step summing only its new right column.
  for (let y = 0; y < h; y++) {
    const up = Math.max(0, y - 1) * w;
    const mid = y * w;
    const down = Math.min(h - 1, y + 1) * w;
    let leftColumn = src[up] + 2 * src[mid] + src[down];
    let column = leftColumn;
    for (let x = 0; x < w; x++) {
      const r = x < w - 1 ? x + 1 : x;
      const rightColumn = src[up + r] + 2 * src[mid + r] + src[down + r];
      const v = src[mid + x];
      const s = leftColumn + 2 * column + rightColumn;
      const t = v + (((v - ((s + 8) >> 4)) * amount) >> 8);
      out[mid + x] = t < 0 ? 0 : t > TONE_MAX ? TONE_MAX : t;
      leftColumn = column;
      column = rightColumn;
    }
  }
}

/**
 * denoise: edge-preserving bilateral filter, 3 x 3, on the tone plane (borders clamped).
 *
 * in/out tone u16 0..4095, w x h.  weight = spatial (1 2 1 / 2 4 2 / 1 2 1) x range, where
 * range = denoiseRange[min(|dv| >> 4, 255)] in Q8 (a Gaussian of the tone difference; the
 * plan widens it with `denoise`). Sum of weights <= 16 * 256 = 4096 and the centre weight is
 * 1024, so out = (sum w v + W / 2) / W with sum w v <= 4096 * 4095 < 2^24.
 * An empty range table (denoise = 0) copies the plane.
 */
import { TONE_MAX } from '../fixed.js';

export const SPATIAL: readonly number[] = [1, 2, 1, 2, 4, 2, 1, 2, 1];

export function denoise(src: Uint16Array, w: number, h: number, range: Uint16Array, out: Uint16Array): void {
  if (range.length === 0) {
    out.set(src.subarray(0, w * h));
    return;
  }
  // the range weight of every tone difference, read once per tap (tones are 0..4095)
  const weightOf = scratch.weightOf;
  for (let dv = 0; dv <= TONE_MAX; dv++) weightOf[dv] = range[Math.min(255, dv >> 4)];
  const wc = 4 * range[0];
  // The nine taps of SPATIAL unrolled; the 3 x 3 window slides along the row (borders clamped),
  // reading only its new right-hand column at each step.
  for (let y = 0; y < h; y++) {
    const up = Math.max(0, y - 1) * w;
    const mid = y * w;
    const down = Math.min(h - 1, y + 1) * w;
    let a = src[up];
    let b = a;
    let e = src[mid];
    let c = e;
    let g = src[down];
    let i = g;
    for (let x = 0; x < w; x++) {
      const r = x < w - 1 ? x + 1 : x;
      const d = src[up + r];
      const f = src[mid + r];
      const j = src[down + r];
      const wa = weightOf[Math.abs(a - c)];
      const wb = 2 * weightOf[Math.abs(b - c)];
      const wd = weightOf[Math.abs(d - c)];
      const we = 2 * weightOf[Math.abs(e - c)];
      const wf = 2 * weightOf[Math.abs(f - c)];
      const wg = weightOf[Math.abs(g - c)];
      const wi = 2 * weightOf[Math.abs(i - c)];
      const wj = weightOf[Math.abs(j - c)];
      const sw = wa + wb + wd + we + wc + wf + wg + wi + wj;
      const sv = wa * a + wb * b + wd * d + we * e + wc * c + wf * f + wg * g + wi * i + wj * j;
      out[mid + x] = ((sv + (sw >> 1)) / sw) | 0;
      a = b;
      b = d;
      e = c;
      c = f;
      g = i;
      i = j;
    }
  }
}

/** The weight of each tone difference, filled per call from the plan's range table. */
const scratch = { weightOf: new Uint16Array(TONE_MAX + 1) };

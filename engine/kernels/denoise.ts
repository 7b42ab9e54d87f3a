/**
 * denoise: edge-preserving bilateral filter, 3 x 3, on the tone plane (borders clamped).
 *
 * in/out tone u16 0..4095, w x h.  weight = spatial (1 2 1 / 2 4 2 / 1 2 1) x range, where
 * range = denoiseRange[min(|dv| >> 4, 255)] in Q8 (a Gaussian of the tone difference; the
 * plan widens it with `denoise`). Sum of weights <= 16 * 256 = 4096 and the centre weight is
 * 1024, so out = (sum w v + W / 2) / W with sum w v <= 4096 * 4095 < 2^24.
 * An empty range table (denoise = 0) copies the plane.
 */
export const SPATIAL: readonly number[] = [1, 2, 1, 2, 4, 2, 1, 2, 1];

export function denoise(src: Uint16Array, w: number, h: number, range: Uint16Array, out: Uint16Array): void {
  if (range.length === 0) {
    out.set(src.subarray(0, w * h));
    return;
  }
  // The nine taps of SPATIAL unrolled; rows and columns clamped once per row and per column.
  for (let y = 0; y < h; y++) {
    const up = Math.max(0, y - 1) * w;
    const mid = y * w;
    const down = Math.min(h - 1, y + 1) * w;
    for (let x = 0; x < w; x++) {
      const l = Math.max(0, x - 1);
      const r = Math.min(w - 1, x + 1);
      const c = src[mid + x];
      const a = src[up + l];
      const b = src[up + x];
      const d = src[up + r];
      const e = src[mid + l];
      const f = src[mid + r];
      const g = src[down + l];
      const i = src[down + x];
      const j = src[down + r];
      const wa = range[Math.min(255, Math.abs(a - c) >> 4)];
      const wb = 2 * range[Math.min(255, Math.abs(b - c) >> 4)];
      const wd = range[Math.min(255, Math.abs(d - c) >> 4)];
      const we = 2 * range[Math.min(255, Math.abs(e - c) >> 4)];
      const wc = 4 * range[0];
      const wf = 2 * range[Math.min(255, Math.abs(f - c) >> 4)];
      const wg = range[Math.min(255, Math.abs(g - c) >> 4)];
      const wi = 2 * range[Math.min(255, Math.abs(i - c) >> 4)];
      const wj = range[Math.min(255, Math.abs(j - c) >> 4)];
      const sw = wa + wb + wd + we + wc + wf + wg + wi + wj;
      const sv = wa * a + wb * b + wd * d + we * e + wc * c + wf * f + wg * g + wi * i + wj * j;
      out[mid + x] = ((sv + (sw >> 1)) / sw) | 0;
    }
  }
}

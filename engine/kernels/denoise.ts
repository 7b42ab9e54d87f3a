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
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const c = src[y * w + x];
      let sw = 0;
      let sv = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = Math.min(h - 1, Math.max(0, y + dy));
        for (let dx = -1; dx <= 1; dx++) {
          const v = src[yy * w + Math.min(w - 1, Math.max(0, x + dx))];
          const wt = SPATIAL[(dy + 1) * 3 + dx + 1] * range[Math.min(255, Math.abs(v - c) >> 4)];
          sw += wt;
          sv += wt * v;
        }
      }
      out[y * w + x] = Math.floor((sv + (sw >> 1)) / sw);
    }
}

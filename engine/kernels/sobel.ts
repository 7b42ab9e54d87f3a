/**
 * sobel: 3 x 3 Sobel gradients of the tone plane (borders clamped).
 *
 * in tone u16 0..4095, w x h; out i32 x 2 per sample (gx, gy), |g| <= 4 * 4095 < 2^14.
 * x grows to the right and y downwards, so a rising contour '/' has gx and gy of one sign.
 */
export function sobel(src: Uint16Array, w: number, h: number, out: Int32Array): void {
  for (let y = 0; y < h; y++) {
    const ym = Math.max(0, y - 1) * w;
    const y0 = y * w;
    const yp = Math.min(h - 1, y + 1) * w;
    for (let x = 0; x < w; x++) {
      const xm = Math.max(0, x - 1);
      const xp = Math.min(w - 1, x + 1);
      const gx = src[ym + xp] + 2 * src[y0 + xp] + src[yp + xp] - src[ym + xm] - 2 * src[y0 + xm] - src[yp + xm];
      const gy = src[yp + xm] + 2 * src[yp + x] + src[yp + xp] - src[ym + xm] - 2 * src[ym + x] - src[ym + xp];
      out[(y0 + x) * 2] = gx;
      out[(y0 + x) * 2 + 1] = gy;
    }
  }
}

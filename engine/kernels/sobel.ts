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
    // the 3 x 3 window slides along the row: its left and middle columns are the last step's
    // middle and right (borders clamped); each step reads only the new right-hand column
    let upLeft = src[ym];
    let up = upLeft;
    let left = src[y0];
    let downLeft = src[yp];
    let down = downLeft;
    for (let x = 0; x < w; x++) {
      const xp = x < w - 1 ? x + 1 : x;
      const upRight = src[ym + xp];
      const right = src[y0 + xp];
      const downRight = src[yp + xp];
      out[(y0 + x) * 2] = upRight + 2 * right + downRight - upLeft - 2 * left - downLeft;
      out[(y0 + x) * 2 + 1] = downLeft + 2 * down + downRight - upLeft - 2 * up - upRight;
      upLeft = up;
      up = upRight;
      left = src[y0 + x];
      downLeft = down;
      down = downRight;
    }
  }
}

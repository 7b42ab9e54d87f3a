/**
 * pyramid: one box reduction of linear RGB by fx x fy (each 1 or 2, not both 1).
 *
 * in   u16 values, w x h x 3 interleaved
 * out  u16 values, floor(w / fx) x floor(h / fy) x 3
 * (sum of n <= 4 values + n / 2) >> log2(n): sum <= 4 * 65535 < 2^18.
 */
export function pyramid(
  src: Uint16Array,
  w: number,
  fx: 1 | 2,
  fy: 1 | 2,
  ow: number,
  oh: number,
  out: Uint16Array,
): void {
  const shift = (fx >> 1) + (fy >> 1);
  const half = (1 << shift) >> 1;
  const dxo = (fx - 1) * 3; // offset of the right neighbour (0 when fx = 1)
  const dyo = (fy - 1) * w * 3; // offset of the row below (0 when fy = 1)
  for (let y = 0; y < oh; y++) {
    let o = y * ow * 3;
    let p = y * fy * w * 3;
    for (let x = 0; x < ow; x++, p += fx * 3)
      for (let k = 0; k < 3; k++) {
        // with fx or fy = 1 the duplicate taps cancel: (2a + 2b) is not used; n taps only
        let s = src[p + k];
        if (fx === 2) s += src[p + dxo + k];
        if (fy === 2) s += src[p + dyo + k];
        if (fx === 2 && fy === 2) s += src[p + dyo + dxo + k];
        out[o++] = (s + half) >> shift;
      }
  }
}

/**
 * resample: exact area-weighted resize of linear RGB, one axis per pass (x, then y).
 *
 * Output sample o of n covers source span [o * m, (o + 1) * m) in units of 1/n source pixel
 * (m = source length): source pixel p overlaps it by min(end, (p + 1) n) - max(start, p n)
 * units, and the weights of one output sum to m. Value = (sum v * w + m / 2) / m (floor).
 * After the pyramid m < 2n + 2, so sum v * w <= 65535 * m <= 65535 * 16002 < 2^31.
 *
 * resampleX  in u16 w x h x 3 -> out u16 n x h x 3
 * resampleY  in u16 n x h x 3 -> out u16 n x sh x 3
 */

/**
 * For each output: its first source index and `taps` weights, the widest output's tap count;
 * narrower outputs are padded with zero weights on source pixels that exist (their first index
 * moved back where the span ends the axis), so every output reads the same number of taps.
 */
interface Spans {
  readonly taps: number;
  readonly first: Int32Array;
  readonly weight: Int32Array;
}

function spans(m: number, n: number): Spans {
  let taps = 1;
  for (let o = 0; o < n; o++) taps = Math.max(taps, Math.floor((o * m + m - 1) / n) - Math.floor((o * m) / n) + 1);
  const first = new Int32Array(n);
  const weight = new Int32Array(n * taps);
  for (let o = 0; o < n; o++) {
    const start = o * m;
    const end = start + m;
    const p0 = Math.floor(start / n);
    const p1 = Math.floor((end - 1) / n);
    const from = Math.min(p0, m - taps);
    first[o] = from;
    for (let p = p0; p <= p1; p++) weight[o * taps + p - from] = Math.min(end, (p + 1) * n) - Math.max(start, p * n);
  }
  return { taps, first, weight };
}

// Sums are of integers under 2^31 (header), exact in any order: the unrolled loops below add
// the same products as the one-tap-at-a-time loop, zero weights included.

export function resampleX(src: Uint16Array, w: number, h: number, n: number, out: Uint16Array): void {
  // the same length: each output is its one source pixel, (v * w + w / 2) / w = v
  if (w === n) {
    out.set(src.subarray(0, w * h * 3));
    return;
  }
  const { taps, first, weight } = spans(w, n);
  const half = w >> 1;
  for (let y = 0; y < h; y++) {
    const row = y * w * 3;
    let o = y * n * 3;
    for (let x = 0; x < n; x++) {
      const p = row + first[x] * 3;
      const k = x * taps;
      let r: number;
      let g: number;
      let b: number;
      if (taps === 2) {
        const w0 = weight[k];
        const w1 = weight[k + 1];
        r = src[p] * w0 + src[p + 3] * w1;
        g = src[p + 1] * w0 + src[p + 4] * w1;
        b = src[p + 2] * w0 + src[p + 5] * w1;
      } else if (taps === 3) {
        const w0 = weight[k];
        const w1 = weight[k + 1];
        const w2 = weight[k + 2];
        r = src[p] * w0 + src[p + 3] * w1 + src[p + 6] * w2;
        g = src[p + 1] * w0 + src[p + 4] * w1 + src[p + 7] * w2;
        b = src[p + 2] * w0 + src[p + 5] * w1 + src[p + 8] * w2;
      } else {
        r = 0;
        g = 0;
        b = 0;
        for (let t = 0, q = p; t < taps; t++, q += 3) {
          const wt = weight[k + t];
          r += src[q] * wt;
          g += src[q + 1] * wt;
          b += src[q + 2] * wt;
        }
      }
      // sums are non-negative and < 2^31, so | 0 is the floor
      out[o++] = ((r + half) / w) | 0;
      out[o++] = ((g + half) / w) | 0;
      out[o++] = ((b + half) / w) | 0;
    }
  }
}

export function resampleY(src: Uint16Array, n: number, h: number, sh: number, out: Uint16Array): void {
  if (h === sh) {
    out.set(src.subarray(0, n * h * 3));
    return;
  }
  const { taps, first, weight } = spans(h, sh);
  const half = h >> 1;
  const stride = n * 3;
  let sum: Int32Array | undefined; // < 2^31 (header)
  for (let y = 0; y < sh; y++) {
    // whole source rows at a time, in memory order
    const o = y * stride;
    const r0 = first[y] * stride;
    const k = y * taps;
    if (taps === 2) {
      const [w0, w1] = [weight[k], weight[k + 1]];
      const r1 = r0 + stride;
      for (let i = 0; i < stride; i++) out[o + i] = ((src[r0 + i] * w0 + src[r1 + i] * w1 + half) / h) | 0;
    } else if (taps === 3) {
      const [w0, w1, w2] = [weight[k], weight[k + 1], weight[k + 2]];
      const [r1, r2] = [r0 + stride, r0 + 2 * stride];
      for (let i = 0; i < stride; i++)
        out[o + i] = ((src[r0 + i] * w0 + src[r1 + i] * w1 + src[r2 + i] * w2 + half) / h) | 0;
    } else {
      sum = sum?.fill(0) ?? new Int32Array(stride);
      for (let t = 0; t < taps; t++) {
        const row = r0 + t * stride;
        const wt = weight[k + t];
        for (let i = 0; i < stride; i++) sum[i] += src[row + i] * wt;
      }
      for (let i = 0; i < stride; i++) out[o + i] = ((sum[i] + half) / h) | 0;
    }
  }
}

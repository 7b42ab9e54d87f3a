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

/** For each output: first source index, tap count, and the tap weights (flattened). */
interface Spans {
  readonly first: Int32Array;
  readonly count: Int32Array;
  readonly offset: Int32Array;
  readonly weight: Int32Array;
}

function spans(m: number, n: number): Spans {
  const first = new Int32Array(n);
  const count = new Int32Array(n);
  const offset = new Int32Array(n);
  const weights: number[] = [];
  for (let o = 0; o < n; o++) {
    const start = o * m;
    const end = start + m;
    const p0 = Math.floor(start / n);
    const p1 = Math.floor((end - 1) / n);
    first[o] = p0;
    count[o] = p1 - p0 + 1;
    offset[o] = weights.length;
    for (let p = p0; p <= p1; p++) weights.push(Math.min(end, (p + 1) * n) - Math.max(start, p * n));
  }
  return { first, count, offset, weight: Int32Array.from(weights) };
}

export function resampleX(src: Uint16Array, w: number, h: number, n: number, out: Uint16Array): void {
  // the same length: each output is its one source pixel, (v * w + w / 2) / w = v
  if (w === n) {
    out.set(src.subarray(0, w * h * 3));
    return;
  }
  const { first, count, offset, weight } = spans(w, n);
  const half = w >> 1;
  for (let y = 0; y < h; y++) {
    const row = y * w * 3;
    let o = y * n * 3;
    for (let x = 0; x < n; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let p = row + first[x] * 3;
      const taps = offset[x] + count[x];
      for (let t = offset[x]; t < taps; t++, p += 3) {
        const wt = weight[t];
        r += src[p] * wt;
        g += src[p + 1] * wt;
        b += src[p + 2] * wt;
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
  const { first, count, offset, weight } = spans(h, sh);
  const half = h >> 1;
  const stride = n * 3;
  const sum = new Int32Array(stride); // < 2^31 (header)
  for (let y = 0; y < sh; y++) {
    // whole source rows at a time: the same sums, read in memory order
    sum.fill(0);
    for (let t = 0; t < count[y]; t++) {
      const row = (first[y] + t) * stride;
      const wt = weight[offset[y] + t];
      for (let i = 0; i < stride; i++) sum[i] += src[row + i] * wt;
    }
    const o = y * stride;
    for (let i = 0; i < stride; i++) out[o + i] = ((sum[i] + half) / h) | 0;
  }
}

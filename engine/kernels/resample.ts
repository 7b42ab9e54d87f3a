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
// the same products as the one-tap-at-a-time loop, zero weights included. Each tap count has a
// function of its own, so V8 compiles each once, for the loop it runs, not again when a frame
// of another size takes the other branch.

export function resampleX(src: Uint16Array, w: number, h: number, n: number, out: Uint16Array): void {
  // the same length: each output is its one source pixel, (v * w + w / 2) / w = v
  if (w === n) {
    out.set(src.subarray(0, w * h * 3));
    return;
  }
  const s = spans(w, n);
  if (s.taps === 2) twoTapsX(src, w, h, n, s, out);
  else if (s.taps === 3) threeTapsX(src, w, h, n, s, out);
  else anyTapsX(src, w, h, n, s, out);
}

function twoTapsX(src: Uint16Array, w: number, h: number, n: number, { first, weight }: Spans, out: Uint16Array) {
  const half = w >> 1;
  for (let y = 0; y < h; y++) {
    const row = y * w * 3;
    let o = y * n * 3;
    for (let x = 0; x < n; x++) {
      const p = row + first[x] * 3;
      const w0 = weight[2 * x];
      const w1 = weight[2 * x + 1];
      // sums are non-negative and < 2^31, so | 0 is the floor
      out[o++] = ((src[p] * w0 + src[p + 3] * w1 + half) / w) | 0;
      out[o++] = ((src[p + 1] * w0 + src[p + 4] * w1 + half) / w) | 0;
      out[o++] = ((src[p + 2] * w0 + src[p + 5] * w1 + half) / w) | 0;
    }
  }
}

function threeTapsX(src: Uint16Array, w: number, h: number, n: number, { first, weight }: Spans, out: Uint16Array) {
  const half = w >> 1;
  for (let y = 0; y < h; y++) {
    const row = y * w * 3;
    let o = y * n * 3;
    for (let x = 0; x < n; x++) {
      const p = row + first[x] * 3;
      const w0 = weight[3 * x];
      const w1 = weight[3 * x + 1];
      const w2 = weight[3 * x + 2];
      out[o++] = ((src[p] * w0 + src[p + 3] * w1 + src[p + 6] * w2 + half) / w) | 0;
      out[o++] = ((src[p + 1] * w0 + src[p + 4] * w1 + src[p + 7] * w2 + half) / w) | 0;
      out[o++] = ((src[p + 2] * w0 + src[p + 5] * w1 + src[p + 8] * w2 + half) / w) | 0;
    }
  }
}

function anyTapsX(src: Uint16Array, w: number, h: number, n: number, { taps, first, weight }: Spans, out: Uint16Array) {
  const half = w >> 1;
  for (let y = 0; y < h; y++) {
    const row = y * w * 3;
    let o = y * n * 3;
    for (let x = 0; x < n; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let t = 0, q = row + first[x] * 3; t < taps; t++, q += 3) {
        const wt = weight[x * taps + t];
        r += src[q] * wt;
        g += src[q + 1] * wt;
        b += src[q + 2] * wt;
      }
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
  const s = spans(h, sh);
  // whole source rows at a time, in memory order
  if (s.taps === 2) twoTapsY(src, n, h, sh, s, out);
  else if (s.taps === 3) threeTapsY(src, n, h, sh, s, out);
  else anyTapsY(src, n, h, sh, s, out);
}

function twoTapsY(src: Uint16Array, n: number, h: number, sh: number, { first, weight }: Spans, out: Uint16Array) {
  const half = h >> 1;
  const stride = n * 3;
  for (let y = 0; y < sh; y++) {
    const o = y * stride;
    const r0 = first[y] * stride;
    const r1 = r0 + stride;
    const w0 = weight[2 * y];
    const w1 = weight[2 * y + 1];
    for (let i = 0; i < stride; i++) out[o + i] = ((src[r0 + i] * w0 + src[r1 + i] * w1 + half) / h) | 0;
  }
}

function threeTapsY(src: Uint16Array, n: number, h: number, sh: number, { first, weight }: Spans, out: Uint16Array) {
  const half = h >> 1;
  const stride = n * 3;
  for (let y = 0; y < sh; y++) {
    const o = y * stride;
    const r0 = first[y] * stride;
    const r1 = r0 + stride;
    const r2 = r1 + stride;
    const w0 = weight[3 * y];
    const w1 = weight[3 * y + 1];
    const w2 = weight[3 * y + 2];
    for (let i = 0; i < stride; i++)
      out[o + i] = ((src[r0 + i] * w0 + src[r1 + i] * w1 + src[r2 + i] * w2 + half) / h) | 0;
  }
}

function anyTapsY(
  src: Uint16Array,
  n: number,
  h: number,
  sh: number,
  { taps, first, weight }: Spans,
  out: Uint16Array,
) {
  const half = h >> 1;
  const stride = n * 3;
  const sum = new Int32Array(stride); // < 2^31 (header)
  for (let y = 0; y < sh; y++) {
    sum.fill(0);
    for (let t = 0; t < taps; t++) {
      const row = (first[y] + t) * stride;
      const wt = weight[y * taps + t];
      for (let i = 0; i < stride; i++) sum[i] += src[row + i] * wt;
    }
    const o = y * stride;
    for (let i = 0; i < stride; i++) out[o + i] = ((sum[i] + half) / h) | 0;
  }
}

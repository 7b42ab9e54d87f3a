/**
 * linearize: RGBA8 -> linear-light RGB, box-reduced by fx x fy (each 1 or 2).
 *
 * in   rgba: u8, w x h x 4, row-major
 * out  lin:  u16 values, ow x oh x 3 interleaved, ow = floor(w / fx), oh = floor(h / fy)
 * Alpha is coverage over the page, `under`: black (0), or white (LINEAR_MAX) for inverted art,
 * whose page is light: v = (srgbToLinear[c] * a + under * (255 - a) + 127) / 255; the sum is at
 * most 65535 * 255 < 2^24. A transparent pixel is page either way, so it takes no ink.
 * Box: (sum of n values + n / 2) >> log2(n), n = fx * fy <= 4, sum <= 4 * 65535 < 2^18.
 * A last odd column or row is dropped (at most one pixel per halving).
 */
export function linearize(
  rgba: Uint8Array | Uint8ClampedArray,
  w: number,
  fx: 1 | 2,
  fy: 1 | 2,
  ow: number,
  oh: number,
  lut: Uint16Array,
  out: Uint16Array,
  under: number,
): void {
  if (fx === 2 && fy === 2 && rgba.byteOffset % 4 === 0) {
    linearize2x2(new Int32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2), w, ow, oh, lut, out, under);
    return;
  }
  const shift = (fx >> 1) + (fy >> 1);
  const half = (1 << shift) >> 1;
  for (let y = 0; y < oh; y++) {
    let o = y * ow * 3;
    for (let x = 0; x < ow; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < fy; dy++) {
        let p = ((y * fy + dy) * w + x * fx) * 4;
        for (let dx = 0; dx < fx; dx++, p += 4) {
          const a = rgba[p + 3];
          if (a === 255) {
            r += lut[rgba[p]];
            g += lut[rgba[p + 1]];
            b += lut[rgba[p + 2]];
          } else {
            const page = under * (255 - a) + 127;
            r += ((lut[rgba[p]] * a + page) / 255) | 0;
            g += ((lut[rgba[p + 1]] * a + page) / 255) | 0;
            b += ((lut[rgba[p + 2]] * a + page) / 255) | 0;
          }
        }
      }
      out[o++] = (r + half) >> shift;
      out[o++] = (g + half) >> shift;
      out[o++] = (b + half) >> shift;
    }
  }
}

/**
 * The common 2 x 2 case, reading whole pixels as little-endian words (r | g << 8 | b << 16 |
 * a << 24; signed, so V8 keeps them small integers rather than doubles: alpha 255 sets bit 31). Opaque quads take the short path; others fall back to the exact per-pixel alpha
 * formula above, so the result is identical.
 */
function linearize2x2(
  px: Int32Array,
  w: number,
  ow: number,
  oh: number,
  lut: Uint16Array,
  out: Uint16Array,
  under: number,
): void {
  for (let y = 0; y < oh; y++) {
    let i = 2 * y * w;
    const below = w;
    let o = y * ow * 3;
    for (let x = 0; x < ow; x++, i += 2) {
      const p = px[i];
      const q = px[i + 1];
      const s = px[i + below];
      const t = px[i + below + 1];
      if ((p & q & s & t) >>> 24 === 255) {
        out[o] = (lut[p & 255] + lut[q & 255] + lut[s & 255] + lut[t & 255] + 2) >> 2;
        out[o + 1] = (lut[(p >> 8) & 255] + lut[(q >> 8) & 255] + lut[(s >> 8) & 255] + lut[(t >> 8) & 255] + 2) >> 2;
        out[o + 2] =
          (lut[(p >> 16) & 255] + lut[(q >> 16) & 255] + lut[(s >> 16) & 255] + lut[(t >> 16) & 255] + 2) >> 2;
      } else {
        for (let k = 0; k < 24; k += 8)
          out[o + k / 8] =
            (withAlpha(lut, p, k, under) +
              withAlpha(lut, q, k, under) +
              withAlpha(lut, s, k, under) +
              withAlpha(lut, t, k, under) +
              2) >>
            2;
      }
      o += 3;
    }
  }
}

/**
 * linearize then the first pyramid step, both 2 x 2, in one pass (linearize.wgsl's `twoSteps`):
 * each output is the rounded box of four rounded boxes of four pixels, exactly as the two
 * passes make it, without the first level going through memory. `ow` x `oh` is the second
 * level's size, floor(floor(w / 2) / 2) x floor(floor(h / 2) / 2).
 */
export function linearizeTwoSteps(
  rgba: Uint8Array | Uint8ClampedArray,
  w: number,
  ow: number,
  oh: number,
  lut: Uint16Array,
  out: Uint16Array,
  under: number,
): boolean {
  if (rgba.byteOffset % 4 !== 0) return false;
  const px = new Int32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2);
  const level = new Int32Array(3);
  const L = lut;
  for (let y = 0; y < oh; y++) {
    let o = y * ow * 3;
    let i = 4 * y * w;
    for (let x = 0; x < ow; x++, o += 3, i += 4) {
      // the 4 x 4 pixels, rows a..d
      const a0 = px[i],
        a1 = px[i + 1],
        a2 = px[i + 2],
        a3 = px[i + 3];
      const j = i + w;
      const b0 = px[j],
        b1 = px[j + 1],
        b2 = px[j + 2],
        b3 = px[j + 3];
      const k = j + w;
      const c0 = px[k],
        c1 = px[k + 1],
        c2 = px[k + 2],
        c3 = px[k + 3];
      const m = k + w;
      const d0 = px[m],
        d1 = px[m + 1],
        d2 = px[m + 2],
        d3 = px[m + 3];
      const all = a0 & a1 & a2 & a3 & b0 & b1 & b2 & b3 & c0 & c1 & c2 & c3 & d0 & d1 & d2 & d3;
      if (all >>> 24 === 255) {
        // opaque: each channel is the rounded box of the four rounded 2 x 2 boxes
        out[o] =
          (((L[a0 & 255] + L[a1 & 255] + L[b0 & 255] + L[b1 & 255] + 2) >> 2) +
            ((L[a2 & 255] + L[a3 & 255] + L[b2 & 255] + L[b3 & 255] + 2) >> 2) +
            ((L[c0 & 255] + L[c1 & 255] + L[d0 & 255] + L[d1 & 255] + 2) >> 2) +
            ((L[c2 & 255] + L[c3 & 255] + L[d2 & 255] + L[d3 & 255] + 2) >> 2) +
            2) >>
          2;
        out[o + 1] =
          (((L[(a0 >> 8) & 255] + L[(a1 >> 8) & 255] + L[(b0 >> 8) & 255] + L[(b1 >> 8) & 255] + 2) >> 2) +
            ((L[(a2 >> 8) & 255] + L[(a3 >> 8) & 255] + L[(b2 >> 8) & 255] + L[(b3 >> 8) & 255] + 2) >> 2) +
            ((L[(c0 >> 8) & 255] + L[(c1 >> 8) & 255] + L[(d0 >> 8) & 255] + L[(d1 >> 8) & 255] + 2) >> 2) +
            ((L[(c2 >> 8) & 255] + L[(c3 >> 8) & 255] + L[(d2 >> 8) & 255] + L[(d3 >> 8) & 255] + 2) >> 2) +
            2) >>
          2;
        out[o + 2] =
          (((L[(a0 >> 16) & 255] + L[(a1 >> 16) & 255] + L[(b0 >> 16) & 255] + L[(b1 >> 16) & 255] + 2) >> 2) +
            ((L[(a2 >> 16) & 255] + L[(a3 >> 16) & 255] + L[(b2 >> 16) & 255] + L[(b3 >> 16) & 255] + 2) >> 2) +
            ((L[(c0 >> 16) & 255] + L[(c1 >> 16) & 255] + L[(d0 >> 16) & 255] + L[(d1 >> 16) & 255] + 2) >> 2) +
            ((L[(c2 >> 16) & 255] + L[(c3 >> 16) & 255] + L[(d2 >> 16) & 255] + L[(d3 >> 16) & 255] + 2) >> 2) +
            2) >>
          2;
        continue;
      }
      let r = 0;
      let g = 0;
      let b = 0;
      for (let q = 0; q < 4; q++) {
        quad(px, i + 2 * (q >> 1) * w + 2 * (q & 1), w, lut, under, level);
        r += level[0];
        g += level[1];
        b += level[2];
      }
      out[o] = (r + 2) >> 2;
      out[o + 1] = (g + 2) >> 2;
      out[o + 2] = (b + 2) >> 2;
    }
  }
  return true;
}

/** The 2 x 2 box of linear pixels whose top left is word `i`, into `out` (linearize2x2's arithmetic). */
function quad(px: Int32Array, i: number, w: number, lut: Uint16Array, under: number, out: Int32Array): void {
  const p = px[i];
  const q = px[i + 1];
  const s = px[i + w];
  const t = px[i + w + 1];
  if ((p & q & s & t) >>> 24 === 255) {
    out[0] = (lut[p & 255] + lut[q & 255] + lut[s & 255] + lut[t & 255] + 2) >> 2;
    out[1] = (lut[(p >> 8) & 255] + lut[(q >> 8) & 255] + lut[(s >> 8) & 255] + lut[(t >> 8) & 255] + 2) >> 2;
    out[2] = (lut[(p >> 16) & 255] + lut[(q >> 16) & 255] + lut[(s >> 16) & 255] + lut[(t >> 16) & 255] + 2) >> 2;
  } else {
    for (let k = 0; k < 3; k++)
      out[k] =
        (withAlpha(lut, p, 8 * k, under) +
          withAlpha(lut, q, 8 * k, under) +
          withAlpha(lut, s, 8 * k, under) +
          withAlpha(lut, t, 8 * k, under) +
          2) >>
        2;
  }
}

/** Channel `shift` of a packed pixel, linearized and laid over the page by its alpha (the exact formula above). */
function withAlpha(lut: Uint16Array, pixel: number, shift: number, under: number): number {
  const a = pixel >>> 24;
  return ((lut[(pixel >>> shift) & 255] * a + under * (255 - a) + 127) / 255) | 0;
}

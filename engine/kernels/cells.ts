import { SAMPLES_PER_CELL, SAMPLES_X, SAMPLES_Y, STRUCTURE_GAIN, TONE_MAX } from '../fixed.js';

/**
 * Per-cell record in `cellData` (i32): 8 ink targets, their mean, the directional glyph, its
 * bonus, and the switching cost the temporal filter sets for streams (0 for still images).
 */
export const CELL_STRIDE = 12;
export const CELL_MEAN = 8;
export const CELL_DIR = 9;
export const CELL_BONUS = 10;
export const CELL_SWITCH = 11;

/** Pixels shifted off the Sobel gradients before the tensor: |g| >> 3 <= 4095, g^2 < 2^24. */
export const TENSOR_SHIFT = 3;

/**
 * cells: the matcher's input per cell, from the final tone plane and its Sobel gradients.
 *
 * targets  ink Q12 per sample: (tone * inkScale + 32768) >> 16, tone * inkScale < 4096 * 65552 < 2^28.
 *          In line-art mode tone is the edge strength min(4095, ((|gx| + |gy|) * edgeGain) >> 10),
 *          (|gx| + |gy|) * edgeGain <= 32760 * 1280 < 2^26.
 * mean     (sum targets + 4) >> 3.
 * dir      the contour's directional glyph (table index) from the structure tensor summed over
 *          the cell: Jxx, Jyy = sum (g >> 3)^2 <= 8 * 4095^2 < 2^28, Jxy signed; a = Jxx - Jyy,
 *          b = 2 Jxy (|b| < 2^29). The contour is perpendicular to the gradient: |a| >= |b| ->
 *          '|' if a > 0 else '-'; otherwise '/' if b > 0 else '\'. -1 when there is no gradient.
 * bonus    how much the directional glyph's error is lowered:
 *          ((V - floor) >> 8) * ((structure * coherence) >> 8) * STRUCTURE_GAIN, V = sum (t -
 *          mean)^2 < 2^28; only where V > floor (= 32 x the noise variance: a real contour, not
 *          sensor noise that happens to look coherent), else no directional glyph.
 *          coherence (Q8) = |(a, b)| / (Jxx + Jyy) with |(a, b)| ~ max + 3/8 min (octagonal),
 *          both shifted so the denominator < 2^22. The bonus is < 2^29.
 */
export function cells(
  tone: Uint16Array,
  grad: Int32Array,
  columns: number,
  rows: number,
  inkScale: number,
  edges: boolean,
  edgeGain: number,
  structure: number,
  structureFloor: number,
  directional: Int32Array,
  out: Int32Array,
): void {
  const sw = columns * SAMPLES_X;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const base = (r * columns + c) * CELL_STRIDE;
      let sum = 0;
      let jxx = 0;
      let jyy = 0;
      let jxy = 0;
      for (let sy = 0; sy < SAMPLES_Y; sy++)
        for (let sx = 0; sx < SAMPLES_X; sx++) {
          const s = (r * SAMPLES_Y + sy) * sw + c * SAMPLES_X + sx;
          const gx = grad[s * 2];
          const gy = grad[s * 2 + 1];
          let t = tone[s];
          if (edges) t = Math.min(TONE_MAX, ((Math.abs(gx) + Math.abs(gy)) * edgeGain) >> 10);
          const ink = (t * inkScale + 32768) >>> 16;
          out[base + sy * SAMPLES_X + sx] = ink;
          sum += ink;
          const ax = gx >> TENSOR_SHIFT;
          const ay = gy >> TENSOR_SHIFT;
          jxx += ax * ax;
          jyy += ay * ay;
          jxy += ax * ay;
        }
      const mean = (sum + 4) >> 3;
      out[base + CELL_MEAN] = mean;
      out[base + CELL_SWITCH] = 0;
      let v = 0;
      for (let i = 0; i < SAMPLES_PER_CELL; i++) {
        const d = out[base + i] - mean;
        v += d * d;
      }
      const a = jxx - jyy;
      const b = 2 * jxy;
      let den = jxx + jyy;
      if (den === 0 || structure === 0 || directional[0] < 0 || v <= structureFloor) {
        out[base + CELL_DIR] = -1;
        out[base + CELL_BONUS] = 0;
        continue;
      }
      const aa = Math.abs(a);
      const ab = Math.abs(b);
      let mag = Math.max(aa, ab) + ((Math.min(aa, ab) * 3) >> 3);
      const shift = Math.max(0, 32 - Math.clz32(den) - 22);
      mag >>= shift;
      den >>= shift;
      const coherence = Math.min(256, Math.floor((mag * 256) / Math.max(1, den)));
      out[base + CELL_DIR] = aa >= ab ? directional[a > 0 ? 0 : 2] : directional[b > 0 ? 1 : 3];
      out[base + CELL_BONUS] = ((v - structureFloor) >> 8) * ((structure * coherence) >> 8) * STRUCTURE_GAIN;
    }
}

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

/** Pixels shifted off the Sobel gradients before the tensor: |g| >> 4 <= 2047, g^2 < 2^22. */
export const TENSOR_SHIFT = 4;
/**
 * The structure tensor sums the cell and its neighbours this many cells away (3 x 3 cells, 72
 * samples): a contour that runs on through its neighbours is coherent there, while texture
 * (gravel, fur), whose single cells often look coherent by chance, is not.
 */
export const STRUCTURE_REACH = 1;
/** Coherence (Q8) a directional glyph needs: 0.75. Viewers read strokes on less as stray marks. */
export const MIN_COHERENCE = 192;

/**
 * cells: the matcher's input per cell, from the final tone plane and its Sobel gradients.
 *
 * local    local contrast (local-contrast.ts): every tone of the cell is moved by
 *          d = (local * (m - b)) >> 8, m the cell's mean tone, b the blurred means around it, and
 *          clamped to 0..4095; |m - b| * local <= 4095 * 512 < 2^21. 0 (and line-art mode): none.
 * targets  ink Q12 per sample: (tone * inkScale + 32768) >> 16, tone * inkScale < 4096 * 65552 < 2^28.
 *          In line-art mode tone is the edge strength min(4095, ((|gx| + |gy|) * edgeGain) >> 10),
 *          (|gx| + |gy|) * edgeGain <= 32760 * 1280 < 2^26.
 * mean     (sum targets + 4) >> 3.
 * dir      the contour's directional glyph (table index) from the structure tensor summed over
 *          the cell and its neighbours within STRUCTURE_REACH (3 x 3 cells, borders cut):
 *          Jxx, Jyy = sum (g >> 4)^2 <= 72 * 2047^2 < 2^29, Jxy signed; a = Jxx - Jyy,
 *          b = 2 Jxy (|b| < 2^30). The contour is perpendicular to the gradient: |a| >= |b| ->
 *          '|' if a > 0 else '-'; otherwise '/' if b > 0 else '\'. -1 when there is no gradient
 *          or its coherence is under MIN_COHERENCE.
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
  local: number,
  means: Uint16Array,
  blurred: Uint16Array,
  out: Int32Array,
): void {
  const count = columns * rows;
  // each cell's own tensor sums first (integers: any order gives the same sums), then each
  // cell adds its neighbours' from these, instead of summing 72 samples again per cell; two
  // functions, so V8 optimizes each pass while it runs without the other's code unvisited
  if (tensors.length < count * 3) tensors = new Int32Array(count * 3);
  cellTargets(tone, grad, columns, rows, inkScale, edges, edgeGain, local, means, blurred, out, tensors);
  cellStructure(columns, rows, structure, structureFloor, directional, tensors, out);
}

/** Each cell's ink targets, their mean, and its own structure tensor sums (into `own`). */
function cellTargets(
  tone: Uint16Array,
  grad: Int32Array,
  columns: number,
  rows: number,
  inkScale: number,
  edges: boolean,
  edgeGain: number,
  local: number,
  means: Uint16Array,
  blurred: Uint16Array,
  out: Int32Array,
  own: Int32Array,
): void {
  const sw = columns * SAMPLES_X;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const cell = r * columns + c;
      const base = cell * CELL_STRIDE;
      const moved = local === 0 || edges ? 0 : (local * (means[cell] - blurred[cell])) >> 8;
      let sum = 0;
      let jxx = 0;
      let jyy = 0;
      let jxy = 0;
      for (let sy = 0; sy < SAMPLES_Y; sy++)
        for (let sx = 0; sx < SAMPLES_X; sx++) {
          const s = (r * SAMPLES_Y + sy) * sw + c * SAMPLES_X + sx;
          const gx = grad[s * 2];
          const gy = grad[s * 2 + 1];
          let t = tone[s] + moved;
          t = t < 0 ? 0 : t > TONE_MAX ? TONE_MAX : t;
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
      out[base + CELL_MEAN] = (sum + 4) >> 3;
      out[base + CELL_SWITCH] = 0;
      own[cell * 3] = jxx;
      own[cell * 3 + 1] = jyy;
      own[cell * 3 + 2] = jxy;
    }
}

/** Each cell's directional glyph and its bonus, from the tensor sums of the cell and its neighbours. */
function cellStructure(
  columns: number,
  rows: number,
  structure: number,
  structureFloor: number,
  directional: Int32Array,
  own: Int32Array,
  out: Int32Array,
): void {
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const cell = r * columns + c;
      const base = cell * CELL_STRIDE;
      const mean = out[base + CELL_MEAN];
      let v = 0;
      for (let i = 0; i < SAMPLES_PER_CELL; i++) {
        const d = out[base + i] - mean;
        v += d * d;
      }
      out[base + CELL_DIR] = -1;
      out[base + CELL_BONUS] = 0;
      if (structure === 0 || directional[0] < 0 || v <= structureFloor) continue;
      let jxx = 0;
      let jyy = 0;
      let jxy = 0;
      for (let rr = Math.max(0, r - STRUCTURE_REACH); rr <= Math.min(rows - 1, r + STRUCTURE_REACH); rr++)
        for (let cc = Math.max(0, c - STRUCTURE_REACH); cc <= Math.min(columns - 1, c + STRUCTURE_REACH); cc++) {
          const n = (rr * columns + cc) * 3;
          jxx += own[n];
          jyy += own[n + 1];
          jxy += own[n + 2];
        }
      const a = jxx - jyy;
      const b = 2 * jxy;
      let den = jxx + jyy;
      if (den === 0) continue;
      const aa = Math.abs(a);
      const ab = Math.abs(b);
      let mag = Math.max(aa, ab) + ((Math.min(aa, ab) * 3) >> 3);
      const shift = Math.max(0, 32 - Math.clz32(den) - 22);
      mag >>= shift;
      den >>= shift;
      const coherence = Math.min(256, Math.floor((mag * 256) / Math.max(1, den)));
      if (coherence < MIN_COHERENCE) continue;
      out[base + CELL_DIR] = aa >= ab ? directional[a > 0 ? 0 : 2] : directional[b > 0 ? 1 : 3];
      out[base + CELL_BONUS] = ((v - structureFloor) >> 8) * ((structure * coherence) >> 8) * STRUCTURE_GAIN;
    }
}

/** Each cell's own structure tensor sums (Jxx, Jyy, Jxy), reused across calls. */
let tensors = new Int32Array(0);

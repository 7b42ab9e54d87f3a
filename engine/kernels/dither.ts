import { SAMPLES_PER_CELL } from '../fixed.js';
import { CELL_MEAN, CELL_STRIDE } from './cells.js';
import { matchCell } from './match-cell.js';

/**
 * dither: Floyd-Steinberg error diffusion of the cell tone error, in raster order.
 *
 * Each cell is matched with its incoming error added to every target (match-cell `shift`),
 * then err = (mean + shift) - coverage(chosen), clamped to +-densest (a codebook without the
 * darkest or brightest tone would otherwise let the error grow without bound), goes 7/16
 * right, 3/16 down-left, 5/16 down, 1/16 down-right, each as (err * w) >> 4 (floor, both
 * twins). Incoming error is at most 2 densest < 2^14, so the products are < 2^17. Serial by
 * nature; on the GPU a row wavefront gives the same output (cell (r, c) at step c + 2 r, see
 * shaders/dither.wgsl; the measurement behind the choice is in engine/gpu/README.md).
 * out: u8 table index per cell.
 */
/** Floyd-Steinberg weights in 1/16: right, down-left, down, down-right. */
export const FS_RIGHT = 7;
export const FS_DOWN_LEFT = 3;
export const FS_DOWN = 5;
export const FS_DOWN_RIGHT = 1;

export function dither(
  cellData: Int32Array,
  columns: number,
  rows: number,
  codebookGlyphs: Int32Array,
  coverage: Int32Array,
  blurredMasks: Int32Array,
  cellBlur: Int32Array,
  prevGlyphs: Int32Array | null,
  densest: number,
  out: Uint8Array,
): void {
  const bt = new Int32Array(SAMPLES_PER_CELL);
  const k = codebookGlyphs.length;
  let cur = new Int32Array(columns + 2);
  let next = new Int32Array(columns + 2);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const i = r * columns + c;
      const shift = cur[c + 1];
      const g = matchCell(
        cellData,
        i * CELL_STRIDE,
        shift,
        codebookGlyphs,
        k,
        coverage,
        blurredMasks,
        cellBlur,
        prevGlyphs ? prevGlyphs[i] : -1,
        bt,
      );
      out[i] = g;
      const raw = cellData[i * CELL_STRIDE + CELL_MEAN] + shift - coverage[g];
      const err = raw < -densest ? -densest : raw > densest ? densest : raw;
      cur[c + 2] += (err * FS_RIGHT) >> 4;
      next[c] += (err * FS_DOWN_LEFT) >> 4;
      next[c + 1] += (err * FS_DOWN) >> 4;
      next[c + 2] += (err * FS_DOWN_RIGHT) >> 4;
    }
    const t = cur;
    cur = next;
    next = t;
    next.fill(0);
  }
}

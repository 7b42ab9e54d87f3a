import { SAMPLES_PER_CELL } from '../fixed.js';
import { CELL_STRIDE } from './cells.js';
import { matchCell } from './match-cell.js';

/**
 * glyphs: the best glyph for every cell independently (no dithering): one invocation per
 * cell on the GPU. out: u8 table index per cell.
 */
export function glyphs(
  cellData: Int32Array,
  cellCount: number,
  codebookGlyphs: Int32Array,
  coverage: Int32Array,
  blurredMasks: Int32Array,
  cellBlur: Int32Array,
  prevGlyphs: Int32Array | null,
  out: Uint8Array,
): void {
  const bt = new Int32Array(SAMPLES_PER_CELL);
  const k = codebookGlyphs.length;
  for (let i = 0; i < cellCount; i++)
    out[i] = matchCell(
      cellData,
      i * CELL_STRIDE,
      0,
      codebookGlyphs,
      k,
      coverage,
      blurredMasks,
      cellBlur,
      prevGlyphs ? prevGlyphs[i] : -1,
      bt,
    );
}

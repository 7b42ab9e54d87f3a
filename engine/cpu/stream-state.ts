import { SAMPLES_PER_CELL } from '../fixed.js';

/**
 * The temporal filter's state for one stream: per-sample means and variances and the last
 * frame's glyphs. It resets itself when the grid changes; call `reset()` when the source does.
 */
export class StreamState {
  key = '';
  fresh = true;
  m = new Int32Array(0);
  p = new Int32Array(0);
  prevGlyphs = new Int32Array(0);
  /** The last frame's two-colour cells (glyph colors, backgrounds), valid while `prevTwoColor`. */
  prevFg = new Uint8Array(0);
  prevBg = new Uint8Array(0);
  prevTwoColor = false;
  /** The last frame's codebook (table indexes), kept while it still meets the bound. */
  codebook: Int32Array | null = null;

  reset(): void {
    this.codebook = null;
    this.fresh = true;
  }

  /**
   * Sizes the state for a grid; a new size or charset starts the stream afresh (the previous
   * glyphs and codebook are indexes into one charset's table, meaningless in another's).
   */
  prepare(columns: number, rows: number, charset = ''): void {
    const key = `${columns}x${rows}:${charset}`;
    if (key === this.key) return;
    this.key = key;
    this.m = new Int32Array(columns * rows * SAMPLES_PER_CELL);
    this.p = new Int32Array(columns * rows * SAMPLES_PER_CELL);
    this.prevGlyphs = new Int32Array(columns * rows).fill(-1);
    this.prevFg = new Uint8Array(columns * rows * 3);
    this.prevBg = new Uint8Array(columns * rows * 3);
    this.prevTwoColor = false;
    this.codebook = null;
    this.fresh = true;
  }
}

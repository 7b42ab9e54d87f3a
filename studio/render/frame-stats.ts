/**
 * Figures for the performance HUD, kept in preallocated storage: frame times in a ring, the
 * previous frame's glyphs in a reused array. Recording a frame allocates nothing (the array
 * grows only when the grid does).
 */
import type { CellGrid } from '../../engine/index.js';

/** Frame timestamps kept for the fps window (enough for 60 fps over one second). */
const RING = 64;
/** Weight of the newest frame in the running averages. */
const EMA = 0.2;

export class FrameStats {
  frames = 0;
  dropped = 0;
  /** Running average of the executor's time per frame (ms). */
  renderMs = 0;
  /** Fraction of cells whose glyph changed since the previous frame (running average, 0..1). */
  changeRate = 0;
  private readonly times = new Float64Array(RING);
  private head = 0;
  private previous = new Uint8Array(0);
  private previousCells = -1;
  /** Whether the last frame's grid was read (a frame left on the GPU breaks the chain of comparisons). */
  private previousRead = false;

  /**
   * Records a frame; `grid` null for one whose grid stayed on the GPU: it counts for the rate and
   * the time, and the change rate waits for the next two frames read in a row.
   */
  record(grid: CellGrid | null, ms: number, now = performance.now()): void {
    this.times[this.head] = now;
    this.head = (this.head + 1) % RING;
    this.renderMs = this.frames === 0 ? ms : this.renderMs + EMA * (ms - this.renderMs);
    this.frames++;
    if (!grid) {
      this.previousRead = false;
      return;
    }
    const cells = grid.columns * grid.rows;
    if (cells !== this.previousCells) {
      this.changeRate = 0;
      if (this.previous.length < cells) this.previous = new Uint8Array(cells);
      this.previousCells = cells;
    } else if (this.previousRead) {
      let changed = 0;
      for (let i = 0; i < cells; i++) if (grid.glyphs[i] !== this.previous[i]) changed++;
      this.changeRate += EMA * (changed / cells - this.changeRate);
    }
    this.previous.set(grid.glyphs);
    this.previousRead = true;
  }

  /** Frames recorded in the last second. */
  fps(now = performance.now()): number {
    let n = 0;
    for (let i = 0; i < RING; i++) if (this.times[i] > 0 && now - this.times[i] <= 1000) n++;
    return n;
  }

  reset(): void {
    this.frames = 0;
    this.dropped = 0;
    this.renderMs = 0;
    this.changeRate = 0;
    this.times.fill(0);
    this.previousCells = -1;
  }
}

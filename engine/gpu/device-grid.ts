/**
 * A frame the GPU executor left on the GPU (GpuExecutor.renderOnDevice): a painter on the same
 * device draws straight from `packed`, and the CellGrid is read back (GpuExecutor.readBack) only
 * when something on the CPU needs it.
 */
import type { CellGrid } from '../grid.js';

export interface DeviceGrid {
  readonly columns: number;
  readonly rows: number;
  readonly charset: CellGrid['charset'];
  readonly table: CellGrid['table'];
  /**
   * The packed cells (a storage buffer): one u32 per cell, glyph | r << 8 | g << 16 | b << 24 (the
   * glyph's sRGB color); with two-colour cells a second u32 per cell after all of those,
   * r | g << 8 | b << 16 of its background.
   */
  readonly packed: GPUBuffer;
  /** Whether the cells carry backgrounds (the plan's `background`). */
  readonly twoColor: boolean;
  /** Whether `packed` still holds this frame: no later frame, the same buffers, the executor usable. */
  readonly current: boolean;
}

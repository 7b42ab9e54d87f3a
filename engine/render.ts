/**
 * The engine's one-call entry: RGBA image + validated params -> CellGrid, on the CPU.
 * Hosts that render streams keep a CpuExecutor (or the GPU executor) and a plan instead.
 */
import { CpuExecutor } from './cpu/executor.js';
import { directRender } from './director/direct.js';
import type { CellGrid } from './grid.js';
import type { RgbaImage } from './image.js';
import type { RenderParams } from './params.js';
import { checkImage, type RenderOptions } from './size.js';

export type { RenderOptions };

const shared = new CpuExecutor();

/**
 * Renders one image with the Auto Director (which renders the caller's params unchanged, but
 * still measured, when autoOptimize is 0). Throws RenderError for an empty image, a bad buffer
 * or an oversized grid.
 */
export function renderImage(image: RgbaImage, params: RenderParams, options: RenderOptions = {}): CellGrid {
  checkImage(image);
  return directRender(shared, image, params, options);
}

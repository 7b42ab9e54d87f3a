/**
 * The engine's one-call entry: RGBA image + validated params -> CellGrid, on the CPU.
 * Hosts that render streams keep a CpuExecutor (or the GPU executor) and a plan instead.
 */
import { CpuExecutor } from './cpu/executor.js';
import type { CellGrid } from './grid.js';
import type { RgbaImage } from './image.js';
import type { RenderParams } from './params.js';
import { planFrame } from './plan.js';
import { checkImage, type RenderOptions } from './size.js';

export type { RenderOptions };

const shared = new CpuExecutor();

/** Renders one image. Throws RenderError for an empty image, a bad buffer or an oversized grid. */
export function renderImage(image: RgbaImage, params: RenderParams, options: RenderOptions = {}): CellGrid {
  checkImage(image);
  const plan = planFrame(params, image, options);
  return shared.render(plan, image, params.maxGlyphRmse);
}

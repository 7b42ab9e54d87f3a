/**
 * The engine's one-call entry: RGBA image + validated params -> CellGrid, on the CPU.
 * Hosts that render streams keep a CpuExecutor (or the GPU executor) and a plan instead.
 */
import { CpuExecutor } from './cpu/executor.js';
import { directRender } from './director/direct.js';
import type { CellGrid } from './grid.js';
import type { RgbaImage } from './image.js';
import type { RenderParams } from './params.js';
import { planFrame } from './plan.js';
import { checkImage, type RenderOptions } from './size.js';

export type { RenderOptions };

export interface RenderImageOptions extends RenderOptions {
  /**
   * Whether a render the Auto Director does not tune (autoOptimize 0) is still measured for
   * its evidence (default true). A host whose output shows no evidence (the CLI printing text)
   * passes false: the grid is the same, `evidence.director` is null, and the measuring (about
   * a third of a small image's render) is skipped.
   */
  readonly measureUntuned?: boolean;
}

const shared = new CpuExecutor();

/**
 * Renders one image with the Auto Director (which renders the caller's params unchanged, but
 * still measured, when autoOptimize is 0). Throws RenderError for an empty image, a bad buffer
 * or an oversized grid.
 */
export function renderImage(image: RgbaImage, params: RenderParams, options: RenderImageOptions = {}): CellGrid {
  checkImage(image);
  const { measureUntuned = true, ...sizing } = options;
  if (params.autoOptimize === 0 && !measureUntuned) return shared.render(planFrame(params, image, sizing), image);
  return directRender(shared, image, params, sizing);
}

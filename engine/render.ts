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
   * Whether the render is measured against the rubric for its evidence (default true). A host
   * whose output shows no evidence (the CLI printing text) passes false: the Auto Director
   * tunes as ever and the grid is the same, but `evidence.director` is null and the measuring
   * (about a sixth of a render at 120 columns) is skipped.
   */
  readonly measure?: boolean;
  /**
   * Whether the cells' colors are computed (default true). A host whose output has no color
   * (params.color false: the encoders then never read them) passes false: `colors` is all zero.
   */
  readonly colors?: boolean;
}

const shared = new CpuExecutor();

/**
 * Renders one image with the Auto Director (which renders the caller's params unchanged, but
 * still measured, when autoOptimize is 0). Throws RenderError for an empty image, a bad buffer
 * or an oversized grid.
 */
export function renderImage(image: RgbaImage, params: RenderParams, options: RenderImageOptions = {}): CellGrid {
  checkImage(image);
  const { measure = true, colors = true, ...sizing } = options;
  if (params.autoOptimize === 0 && !measure) {
    const plan = planFrame(params, image, sizing);
    shared.prepare(plan, image);
    return shared.finish(plan, undefined, undefined, { colors });
  }
  return directRender(shared, image, params, sizing, { measure, colors });
}

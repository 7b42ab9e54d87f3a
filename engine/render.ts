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

/**
 * Renders a small picture of noise (200 x 125 pixels at 40 columns, `params` otherwise) on an
 * executor of its own, so that V8 has seen the renderer's code run before the first real render.
 * A host about to render many images, with time to spare, calls it once: the CLI while its first
 * image decodes. V8 then optimizes the kernels during the first renders with fuller type feedback,
 * and deoptimizes them less (60 photos on two cores: about 20 ms less, for about 8 ms here). It
 * changes no later render: nothing it makes is shared but what any render makes.
 */
export function warmUp(params: RenderParams): void {
  const width = 200;
  const height = 125;
  const data = new Uint8Array(width * height * 4);
  let state = 12345;
  for (let i = 0; i < data.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    data[i] = (i & 3) === 3 ? 255 : state >>> 24;
  }
  directRender(
    new CpuExecutor(),
    { width, height, data },
    { ...params, columns: 40 },
    {},
    { measure: false, colors: false },
  );
}

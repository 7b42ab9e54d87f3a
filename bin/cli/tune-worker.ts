/** The Auto Director off the main thread while a video plays (bin/cli/retune.ts): one frame to tuned params. */

import type { RenderOptions, RenderParams, RgbaImage } from '../../engine/index.js';
import { autoTune, CpuExecutor } from '../../engine/index.js';

export interface TuneTask {
  readonly image: RgbaImage;
  readonly params: RenderParams;
  readonly options: RenderOptions;
}

const executor = new CpuExecutor();

export default function tuneInWorker(task: TuneTask): RenderParams {
  return autoTune(executor, task.image, task.params, task.options).params;
}

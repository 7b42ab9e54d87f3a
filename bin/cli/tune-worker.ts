/** The Auto Director off the main thread while a video plays (bin/cli/retune.ts): one frame to tuned params. */
import { CpuExecutor } from '../../engine/cpu/executor.js';
import { autoTune } from '../../engine/director/direct.js';
import type { RgbaImage } from '../../engine/image.js';
import type { RenderParams } from '../../engine/params.js';
import type { RenderOptions } from '../../engine/size.js';

export interface TuneTask {
  readonly image: RgbaImage;
  readonly params: RenderParams;
  readonly options: RenderOptions;
}

const executor = new CpuExecutor();

export default function tuneInWorker(task: TuneTask): RenderParams {
  return autoTune(executor, task.image, task.params, task.options).params;
}

/**
 * GPU first, CPU when the GPU cannot: renders RgbaImage frames on a GPU executor while its
 * device lives, and on the CPU executor once it is lost (for good) or when one frame is too
 * large for the device's buffers (for that frame). Runtime-neutral; the Node host builds one,
 * the studio has its own renderer for video elements.
 *
 * A stream that falls back mid-way restarts its temporal state on the CPU (fresh frame): the
 * GPU's state went with the device.
 */
import { CpuExecutor, StreamState } from '../cpu/executor.js';
import type { CellGrid } from '../grid.js';
import type { RgbaImage } from '../image.js';
import type { FramePlan } from '../plan.js';
import { GpuExecutorError } from './errors.js';
import type { GpuExecutor, GpuRenderOptions } from './executor.js';

export type Backend = 'gpu' | 'cpu';

export class FallbackRenderer {
  private readonly cpu = new CpuExecutor();
  private readonly cpuStream = new StreamState();
  private gpuLost: GpuExecutorError | null = null;

  /** `onFallback` hears why the GPU was given up (once). */
  constructor(
    private gpu: GpuExecutor | null,
    private readonly onFallback?: (reason: GpuExecutorError) => void,
  ) {
    gpu?.lost.then((info) => this.giveUp(new GpuExecutorError('device_lost', `GPU device lost: ${info.message}`)));
  }

  /** Where the next frame will render. */
  get backend(): Backend {
    return this.gpu ? 'gpu' : 'cpu';
  }

  /** Why the GPU was given up, if it was. */
  get fallbackReason(): GpuExecutorError | null {
    return this.gpuLost;
  }

  async render(plan: FramePlan, image: RgbaImage, options: GpuRenderOptions = {}): Promise<CellGrid> {
    if (this.gpu) {
      try {
        return await this.gpu.render(plan, image, options);
      } catch (e) {
        if (!(e instanceof GpuExecutorError)) throw e;
        if (e.code === 'device_lost' || e.code === 'destroyed') this.giveUp(e);
        else if (e.code !== 'source_too_large') throw e;
      }
    }
    return this.cpu.render(plan, image, options.stream ? this.cpuStream : undefined);
  }

  /** Forgets the temporal state on both executors. */
  reset(): void {
    this.gpu?.reset();
    this.cpuStream.reset();
  }

  destroy(): void {
    this.gpu?.destroy();
    this.gpu = null;
  }

  private giveUp(reason: GpuExecutorError): void {
    if (!this.gpu) return;
    this.gpu = null;
    this.gpuLost = reason;
    this.cpuStream.reset();
    this.onFallback?.(reason);
  }
}

/**
 * FrameRenderer on the WebGPU compute executor (engine/gpu), on the studio's own device (the one
 * GpuDeviceController owns and the grid painter draws with). Loaded on demand, once a device is
 * ready, so the WGSL and the executor stay out of the initial bundle.
 *
 * - Video and camera frames: a `VideoFrame` of the element, imported with
 *   `importExternalTexture` by the executor (no CPU copy where the adapter allows it; where it
 *   refuses, as SwiftShader does, the executor reads the frame itself; `framePath` says which),
 *   closed once the grid is back. With `stream` the temporal filter runs on the GPU. A frame
 *   only the screen needs stays on the GPU (`keepOnDevice`): the WebGPU painter draws the
 *   executor's buffer, and `readBack` maps the grid only when a consumer asks for it.
 * - Stills: the exact RGBA, uploaded once per image (`sourceKey`).
 * - The plan is kept while the params object, the source size and the cell aspect stay the
 *   same, so a stream with steady params plans once and the executor rewrites no tables.
 * - `reset()` takes effect before the next frame, never in the middle of one in flight.
 * - Device loss (or a destroyed executor) rejects with FrameRenderError('device_lost'): the
 *   pipeline then falls back to the CPU Worker. A source beyond the device's storage-buffer
 *   binding size rejects with 'source_too_large': the pipeline renders that frame on the CPU.
 */
import { createBrowserGpuExecutor } from '../../engine/browser/gpu.js';
import type { CellGrid, DeviceGrid, GpuExecutor, GpuRenderOptions, RenderParams } from '../../engine/index.js';
import { type FramePlan, GpuExecutorError, planFrame } from '../../engine/index.js';
import {
  DEVICE_LOST,
  FRAME_STALE,
  type FrameInput,
  FrameRenderError,
  type FrameRenderer,
  type RenderedFrame,
  type RenderOptions,
  SOURCE_TOO_LARGE,
} from './frame-renderer.js';
import { FRAME_SKIPPED } from './worker-client.js';

const STREAM: GpuRenderOptions = { stream: true };
const NOT_STREAM: GpuRenderOptions = { stream: false };

export class GpuFrameRenderer implements FrameRenderer {
  readonly kind = 'gpu' as const;
  private plan: FramePlan | null = null;
  private planParams: RenderParams | null = null;
  private planAspect = 0;
  private resetPending = false;
  private stillOptions: { stream: false; sourceKey: number } = { stream: false, sourceKey: -1 };
  /** The record handed out for every frame (see RenderedFrame). */
  private readonly out: { -readonly [K in keyof RenderedFrame]: RenderedFrame[K] } = {
    grid: null,
    onDevice: null,
    ms: 0,
    gpuMs: null,
    gpuTiming: null,
  };

  /** The device's own words for its loss, once lost. */
  private lostReason: string | null = null;

  private constructor(private readonly executor: GpuExecutor) {
    executor.lost.then((info) => {
      this.lostReason = info.message || `reason: ${info.reason}`;
    });
  }

  /** Compiles the executor's pipelines on the device (asynchronously). */
  static async create(device: GPUDevice): Promise<GpuFrameRenderer> {
    return new GpuFrameRenderer(await createBrowserGpuExecutor(device));
  }

  /** How the executor measures GPU time: timestamp queries where the device has them, else wall time. */
  get timingSource(): 'timestamp-query' | 'wall' {
    return this.executor.timingSource;
  }

  /** How the last frame reached the GPU ('external': importExternalTexture; 'cpu-copy': read on the CPU). */
  get framePath(): string | null {
    return this.executor.framePath;
  }

  async render(
    frame: FrameInput,
    params: RenderParams,
    options: RenderOptions,
    keepOnDevice = false,
  ): Promise<RenderedFrame> {
    const start = performance.now();
    if (this.resetPending) {
      this.resetPending = false;
      this.executor.reset();
    }
    try {
      if (frame.kind === 'still') {
        const { image } = frame;
        const plan = this.planFor(params, image.width, image.height, options.cellAspect);
        if (this.stillOptions.sourceKey !== frame.key) this.stillOptions = { stream: false, sourceKey: frame.key };
        return this.result(await this.executor.render(plan, image, this.stillOptions), start);
      }
      const video = frame.element;
      if (video.readyState < 2 || video.videoWidth === 0)
        throw new FrameRenderError(FRAME_SKIPPED, 'no video frame yet');
      const videoFrame = frameOf(video);
      try {
        const plan = this.planFor(params, videoFrame.displayWidth, videoFrame.displayHeight, options.cellAspect);
        const renderOptions = options.stream ? STREAM : NOT_STREAM;
        if (keepOnDevice)
          return this.onDevice(await this.executor.renderOnDevice(plan, videoFrame, renderOptions), start);
        return this.result(await this.executor.render(plan, videoFrame, renderOptions), start);
      } finally {
        videoFrame.close();
      }
    } catch (err) {
      throw this.renderError(err);
    }
  }

  readBack(frame: DeviceGrid): Promise<CellGrid> {
    return this.executor.readBack(frame).catch((err: unknown) => {
      throw this.renderError(err);
    });
  }

  /** The executor's failure in the pipeline's terms (device loss, a frame too large, a frame replaced). */
  private renderError(err: unknown): unknown {
    if (!(err instanceof GpuExecutorError)) return err;
    if (err.code === 'device_lost' || err.code === 'destroyed')
      return new FrameRenderError(DEVICE_LOST, this.lostReason ?? err.message);
    if (err.code === 'source_too_large') return new FrameRenderError(SOURCE_TOO_LARGE, err.message);
    if (err.code === 'stale') return new FrameRenderError(FRAME_STALE, err.message);
    return new FrameRenderError('gpu_error', `the GPU render failed: ${err.message}`);
  }

  reset(): void {
    this.resetPending = true;
  }

  dispose(): void {
    this.executor.destroy();
  }

  /** A frame left on the device: no grid and no GPU time (neither was read back). */
  private onDevice(frame: DeviceGrid, start: number): RenderedFrame {
    const out = this.out;
    out.grid = null;
    out.onDevice = frame;
    out.ms = performance.now() - start;
    out.gpuMs = null;
    out.gpuTiming = null;
    return out;
  }

  private result(grid: CellGrid, start: number): RenderedFrame {
    const t = grid.evidence.timings;
    const timestamps = this.executor.timingSource === 'timestamp-query';
    const out = this.out;
    out.grid = grid;
    out.onDevice = null;
    out.ms = performance.now() - start;
    out.gpuMs = (timestamps ? t.gpu : t.submit) ?? null;
    out.gpuTiming = timestamps ? 'timestamp-query' : 'wall';
    return out;
  }

  private planFor(params: RenderParams, width: number, height: number, aspect: number): FramePlan {
    const p = this.plan;
    if (
      p &&
      this.planParams === params &&
      this.planAspect === aspect &&
      p.source.width === width &&
      p.source.height === height
    )
      return p;
    this.plan = planFrame(params, { width, height }, { cellAspect: aspect });
    this.planParams = params;
    this.planAspect = aspect;
    return this.plan;
  }
}

/** The frame the element shows, or FRAME_SKIPPED when it has none to give (mid-seek, no data yet). */
function frameOf(video: HTMLVideoElement): VideoFrame {
  try {
    return new VideoFrame(video);
  } catch (err) {
    throw new FrameRenderError(FRAME_SKIPPED, `no video frame to read (${(err as Error).message})`);
  }
}

/**
 * The studio's render path, behind one small interface so the executors are interchangeable:
 * the WebGPU compute executor (GpuFrameRenderer, engine/gpu) where a device is ready, the CPU
 * engine in a Worker (CpuWorkerRenderer) otherwise. Both render the params they are given as
 * they are (the Auto Director runs before them, see AutoDirector) and produce the same grids.
 *
 * A renderer renders one frame at a time; the caller (RenderPipeline) never calls `render`
 * again before the previous promise settles, and drops stream frames that arrive meanwhile.
 */
import type { CellGrid, DeviceGrid, RenderParams, RgbaImage } from '../../engine/index.js';

/** What a renderer is asked to render. */
export type FrameInput =
  /** A still image, decoded exactly; `key` changes when the image does (renderers may cache it). */
  | { readonly kind: 'still'; readonly key: number; readonly image: RgbaImage }
  /**
   * The frame a video element (file or camera) shows now. The GPU executor imports it with
   * `importExternalTexture` (no CPU copy); the CPU renderer copies its pixels out.
   */
  | { readonly kind: 'video'; readonly element: HTMLVideoElement };

export interface RenderOptions {
  /** Cell width / height of the font the grid is drawn in (measured, see cell-metrics.ts). */
  readonly cellAspect: number;
  /** True for video and camera frames: the temporal filter runs and keeps its state between frames. */
  readonly stream: boolean;
}

/**
 * One rendered frame. A renderer may hand out the same record for every frame, refilled (no
 * allocation per frame): the caller uses it before asking for the next and keeps the grid only.
 */
export interface RenderedFrame {
  /**
   * The grid on the CPU: always from the CPU Worker; from the GPU unless the frame was asked to
   * stay there (`render`'s `keepOnDevice`), then null.
   */
  readonly grid: CellGrid | null;
  /** The GPU executor's frame on its device, which the WebGPU painter draws without a copy (null on the CPU). */
  readonly onDevice: DeviceGrid | null;
  /** Wall time of the render, from request to grid, in ms. */
  readonly ms: number;
  /** GPU time of the executor's passes, when the executor runs on the GPU. */
  readonly gpuMs: number | null;
  /**
   * How `gpuMs` was measured: `timestamp-query` (first pass start to last pass end on the GPU)
   * or `wall` (submit to mapped readback, measured on the CPU); null on the CPU executor.
   */
  readonly gpuTiming: 'timestamp-query' | 'wall' | null;
}

export type RendererKind = 'gpu' | 'cpu-worker';

export interface FrameRenderer {
  readonly kind: RendererKind;
  /**
   * Renders a frame. `keepOnDevice` (a stream frame on the GPU that only the screen needs): the
   * grid stays on the GPU, `grid` is null and `readBack` reads it while it is the latest frame.
   * Renderers without a device ignore it.
   */
  render(
    frame: FrameInput,
    params: RenderParams,
    options: RenderOptions,
    keepOnDevice?: boolean,
  ): Promise<RenderedFrame>;
  /** The grid of the renderer's latest frame left on the device; rejects once a later frame replaced it. */
  readBack?(frame: DeviceGrid): Promise<CellGrid>;
  /**
   * How the last video frame reached the executor, where the renderer knows: `external`
   * (importExternalTexture, no CPU copy), `copy` (copyExternalImageToTexture), `cpu-copy`
   * (VideoFrame.copyTo on the CPU: the adapter refuses both), `buffer` (RGBA bytes).
   */
  readonly framePath?: string | null;
  /** Forgets temporal state (new source, seek, loop): the next stream frame starts afresh. */
  reset(): void;
  /** Releases the worker or GPU objects; the renderer is unusable afterwards. */
  dispose(): void;
}

/** Code of a render that failed because the GPU device is gone: the pipeline falls back to the CPU. */
export const DEVICE_LOST = 'device_lost';

/** Code of a read-back that came too late: a later frame replaced the one asked for on the GPU. */
export const FRAME_STALE = 'frame_stale';

/** Code of a frame too large for the GPU's buffers: the pipeline renders that frame on the CPU instead. */
export const SOURCE_TOO_LARGE = 'source_too_large';

/** A render that failed for a reason the user can act on (grid too large, empty image). */
export class FrameRenderError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'FrameRenderError';
    this.code = code;
  }
}

/**
 * The studio's render path, behind one small interface so the executors are interchangeable:
 * the CPU engine in a Worker now, the WebGPU compute executor (engine/gpu) when it lands.
 *
 * A renderer renders one frame at a time; the caller (RenderPipeline) never calls `render`
 * again before the previous promise settles, and drops stream frames that arrive meanwhile.
 */
import type { CellGrid } from '../../engine/grid.js';
import type { RgbaImage } from '../../engine/image.js';
import type { RenderParams } from '../../engine/params.js';

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
  /** True for video and camera frames: the temporal filter applies (GPU executor, phase 2). */
  readonly stream: boolean;
}

export interface RenderedFrame {
  readonly grid: CellGrid;
  /** Wall time of the render, from request to grid, in ms. */
  readonly ms: number;
  /** GPU time of the executor's passes, when the executor measures it (timestamp queries). */
  readonly gpuMs: number | null;
}

export type RendererKind = 'gpu' | 'cpu-worker';

export interface FrameRenderer {
  readonly kind: RendererKind;
  render(frame: FrameInput, params: RenderParams, options: RenderOptions): Promise<RenderedFrame>;
  /** Forgets temporal state (new source, seek, loop). */
  reset(): void;
  /** Releases the worker or GPU objects; the renderer is unusable afterwards. */
  dispose(): void;
}

/** A render that failed for a reason the user can act on (grid too large, empty image). */
export class FrameRenderError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'FrameRenderError';
    this.code = code;
  }
}

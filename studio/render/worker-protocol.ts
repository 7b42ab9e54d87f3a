/** Messages between the page and render.worker.ts. */
import type { CellGrid, DirectorEvidence, RenderParams } from '../../engine/index.js';

/** A video frame's RGBA pixels (transferred; returned with the reply). */
export interface FramePixels {
  readonly width: number;
  readonly height: number;
  readonly pixels: ArrayBuffer;
}

export type WorkerRequest =
  | {
      readonly type: 'still';
      readonly key: number;
      readonly width: number;
      readonly height: number;
      readonly buffer: ArrayBuffer;
    }
  | {
      /** Render `params` as given (the Auto Director ran before, see `tune`). */
      readonly type: 'render';
      readonly id: number;
      readonly params: RenderParams;
      /** Changes whenever `params` does: the worker keeps the plan while it stays the same. */
      readonly paramsKey: number;
      readonly cellAspect: number;
      /** Run the temporal filter, keeping its state for the next stream frame. */
      readonly stream: boolean;
      /** The still image to render, when `frame` is absent. */
      readonly stillKey: number;
      readonly frame?: FramePixels;
    }
  | {
      /** Run the Auto Director (autoTune) on the still or the frame: the params to render and the evidence. */
      readonly type: 'tune';
      readonly id: number;
      readonly params: RenderParams;
      readonly cellAspect: number;
      readonly stillKey: number;
      readonly frame?: FramePixels;
    }
  /** Forget the temporal state (new source, seek, loop): the next stream frame starts afresh. */
  | { readonly type: 'reset' };

export interface WorkerError {
  readonly name: string;
  readonly code: string;
  readonly message: string;
}

/** Every reply hands the frame buffer back (`pixels`), so the page reuses it for the next frame. */
export type WorkerReply = { readonly id: number; readonly pixels: ArrayBuffer | null } & (
  | { readonly grid: CellGrid; readonly ms: number; readonly tuned?: undefined; readonly error?: undefined }
  | {
      readonly tuned: { readonly params: RenderParams; readonly evidence: DirectorEvidence };
      readonly grid?: undefined;
      readonly error?: undefined;
    }
  | { readonly error: WorkerError; readonly grid?: undefined; readonly tuned?: undefined }
);

/** Messages between the page and render.worker.ts. */
import type { CellGrid } from '../../engine/grid.js';
import type { RenderParams } from '../../engine/params.js';

export type WorkerRequest =
  | {
      readonly type: 'still';
      readonly key: number;
      readonly width: number;
      readonly height: number;
      readonly buffer: ArrayBuffer;
    }
  | {
      readonly type: 'render';
      readonly id: number;
      readonly params: RenderParams;
      readonly cellAspect: number;
      /** The still image to render, when `frame` is absent. */
      readonly stillKey: number;
      /** A video frame's RGBA pixels (transferred; returned with the reply). */
      readonly frame?: { readonly width: number; readonly height: number; readonly pixels: ArrayBuffer };
    };

/** Every reply hands the frame buffer back (`pixels`), so the page reuses it for the next frame. */
export type WorkerReply = { readonly id: number; readonly pixels: ArrayBuffer | null } & (
  | { readonly grid: CellGrid; readonly ms: number; readonly error?: undefined }
  | { readonly error: { readonly name: string; readonly code: string; readonly message: string } }
);

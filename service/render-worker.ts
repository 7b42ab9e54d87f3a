/**
 * The render worker: image bytes + validated params -> encoded output, all off the main
 * thread (decode with sharp, render with the engine, encode). It returns errors as data so
 * that their codes survive the thread boundary. Times are epoch milliseconds, so the main
 * thread can lay the stages out as trace spans.
 */
import sharp from 'sharp';
import {
  encode,
  neededSize,
  RenderError,
  type RenderEvidence,
  type RenderParams,
  renderImage,
} from '../engine/index.js';
import { DecodeError, decodeImage } from '../engine/node/decode.js';

// One libvips thread per worker (the pool provides the parallelism) and no cache between requests.
sharp.concurrency(1);
sharp.cache(false);

export interface RenderTask {
  readonly bytes: Uint8Array;
  readonly params: RenderParams;
  readonly maxPixels: number;
}

/** [start, end] in epoch milliseconds. */
export type Interval = readonly [number, number];

export interface RenderTaskOutput {
  readonly ok: true;
  readonly body: string;
  readonly columns: number;
  readonly rows: number;
  readonly evidence: RenderEvidence;
  readonly stages: { readonly decode: Interval; readonly render: Interval; readonly encode: Interval };
}

export interface RenderTaskFailure {
  readonly ok: false;
  readonly error: { readonly kind: 'decode' | 'render'; readonly code: string; readonly message: string };
}

export type RenderTaskResult = RenderTaskOutput | RenderTaskFailure;

const now = () => performance.timeOrigin + performance.now();

export default async function renderTask(task: RenderTask): Promise<RenderTaskResult> {
  try {
    const t0 = now();
    // decoded to what the grid needs (a 40 MP photo for 120 columns is read at a fraction)
    const fit = (width: number, height: number) => neededSize({ width, height }, task.params.columns);
    const image = await decodeImage(task.bytes, { maxPixels: task.maxPixels, fit });
    const t1 = now();
    const grid = renderImage(image, task.params, { fullSize: image.fullSize, colors: task.params.color });
    const t2 = now();
    const { body } = encode(grid, task.params);
    const t3 = now();
    return {
      ok: true,
      body,
      columns: grid.columns,
      rows: grid.rows,
      evidence: grid.evidence,
      stages: { decode: [t0, t1], render: [t1, t2], encode: [t2, t3] },
    };
  } catch (err) {
    if (err instanceof DecodeError || err instanceof RenderError) {
      const kind = err instanceof DecodeError ? 'decode' : 'render';
      return { ok: false, error: { kind, code: err.code, message: err.message } };
    }
    throw err;
  }
}

/**
 * The CPU engine in a Worker: RGBA in, CellGrid (or tuned params) out, so the page never blocks.
 *
 * Messages in (worker-protocol.ts): `still` (a still image to keep; re-rendered on every
 * parameter change without sending the pixels again), `render` (render the kept still or the
 * frame sent with it, with the temporal filter when `stream` is set), `tune` (the Auto
 * Director on the kept still or the frame: the params to render and their evidence) and
 * `reset` (forget the temporal state). A frame buffer is transferred back with the answer, so
 * the page reuses one buffer. Params were validated by the page (resolveParams) and are trusted.
 *
 * The studio runs two of these: one renders (CpuWorkerRenderer), one tunes (AutoDirector).
 */

import type { RgbaImage } from '../../engine/index.js';
import { autoTune, CpuExecutor, checkImage, type FramePlan, planFrame, StreamState } from '../../engine/index.js';
import type { FramePixels, WorkerReply, WorkerRequest } from './worker-protocol.js';

const executor = new CpuExecutor();
const stream = new StreamState();
let still: RgbaImage | null = null;
let stillKey = -1;
/** The plan of the last render, kept while the params, the source size and the cell aspect stay. */
let plan: FramePlan | null = null;
let planKey = -1;
let planAspect = 0;

function reply(message: WorkerReply): void {
  (self as unknown as Worker).postMessage(message, message.pixels ? [message.pixels] : []);
}

function imageOf(frame: FramePixels | undefined, key: number): RgbaImage {
  if (frame) {
    return {
      width: frame.width,
      height: frame.height,
      data: new Uint8Array(frame.pixels, 0, frame.width * frame.height * 4),
    };
  }
  if (!still || stillKey !== key) throw new Error(`still image ${key} was never sent to the worker`);
  return still;
}

function planFor(params: Extract<WorkerRequest, { type: 'render' }>, image: RgbaImage): FramePlan {
  const p = plan;
  if (
    p &&
    planKey === params.paramsKey &&
    planAspect === params.cellAspect &&
    p.source.width === image.width &&
    p.source.height === image.height
  )
    return p;
  plan = planFrame(params.params, image, { cellAspect: params.cellAspect });
  planKey = params.paramsKey;
  planAspect = params.cellAspect;
  return plan;
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const m = event.data;
  if (m.type === 'still') {
    still = { width: m.width, height: m.height, data: new Uint8Array(m.buffer) };
    stillKey = m.key;
    return;
  }
  if (m.type === 'reset') {
    stream.reset();
    return;
  }
  const start = performance.now();
  const pixels = m.frame?.pixels ?? null;
  try {
    const image = imageOf(m.frame, m.stillKey);
    checkImage(image);
    if (m.type === 'tune') {
      const tuned = autoTune(executor, image, m.params, { cellAspect: m.cellAspect });
      reply({ id: m.id, pixels, tuned });
      return;
    }
    const grid = executor.render(planFor(m, image), image, m.stream ? stream : undefined);
    reply({ id: m.id, pixels, grid, ms: performance.now() - start });
  } catch (err) {
    const e = err as Error & { code?: string };
    reply({ id: m.id, pixels, error: { name: e.name, code: e.code ?? 'render_failed', message: e.message } });
  }
};

/**
 * The CPU engine in a Worker: RGBA in, CellGrid out, so the page never blocks on a render.
 *
 * Messages in:  `still` (a still image to keep; re-rendered on every parameter change without
 * sending the pixels again) and `render` (render the kept still, or the frame pixels sent with
 * it). The frame buffer is transferred back with the answer, so the page reuses one buffer for
 * every video frame. Params were validated by the page (resolveParams) and are trusted here.
 */
import type { RgbaImage } from '../../engine/image.js';
import { renderImage } from '../../engine/render.js';
import type { WorkerReply, WorkerRequest } from './worker-protocol.js';

let still: RgbaImage | null = null;
let stillKey = -1;

function reply(message: WorkerReply): void {
  (self as unknown as Worker).postMessage(message, message.pixels ? [message.pixels] : []);
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const m = event.data;
  if (m.type === 'still') {
    still = { width: m.width, height: m.height, data: new Uint8Array(m.buffer) };
    stillKey = m.key;
    return;
  }
  const start = performance.now();
  try {
    let image: RgbaImage;
    if (m.frame) {
      image = {
        width: m.frame.width,
        height: m.frame.height,
        data: new Uint8Array(m.frame.pixels, 0, m.frame.width * m.frame.height * 4),
      };
    } else {
      if (!still || stillKey !== m.stillKey) throw new Error(`still image ${m.stillKey} was never sent to the worker`);
      image = still;
    }
    const grid = renderImage(image, m.params, { cellAspect: m.cellAspect });
    reply({ id: m.id, pixels: m.frame?.pixels ?? null, grid, ms: performance.now() - start });
  } catch (err) {
    const e = err as Error & { code?: string };
    const error = { name: e.name, code: e.code ?? 'render_failed', message: e.message };
    reply({ id: m.id, pixels: m.frame?.pixels ?? null, error });
  }
};

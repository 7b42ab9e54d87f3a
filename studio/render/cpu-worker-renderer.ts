/**
 * FrameRenderer on the CPU engine in a Web Worker: the fallback when WebGPU is missing or
 * lost, and (until the GPU executor lands) the executor for every frame.
 */
import type { RenderParams } from '../../engine/params.js';
import { FrameGrabber } from '../sources/frame-grabber.js';
import {
  type FrameInput,
  FrameRenderError,
  type FrameRenderer,
  type RenderedFrame,
  type RenderOptions,
} from './frame-renderer.js';
import type { WorkerReply, WorkerRequest } from './worker-protocol.js';

/** Answered when a video frame could not be read (buffer busy, no frame yet): the frame is skipped. */
export const FRAME_SKIPPED = 'frame_skipped';

export class CpuWorkerRenderer implements FrameRenderer {
  readonly kind = 'cpu-worker' as const;
  private readonly worker = new Worker(new URL('./render.worker.ts', import.meta.url), {
    type: 'module',
    name: 'glyphcast-cpu-render',
  });
  private readonly grabber = new FrameGrabber();
  private stillKey = -1;
  private nextId = 1;
  private pending: {
    id: number;
    start: number;
    resolve: (f: RenderedFrame) => void;
    reject: (e: Error) => void;
  } | null = null;

  constructor() {
    this.worker.onmessage = (event: MessageEvent<WorkerReply>) => this.onReply(event.data);
    this.worker.onerror = (event) => {
      this.pending?.reject(new FrameRenderError('worker_failed', `the render worker failed: ${event.message}`));
      this.pending = null;
    };
  }

  async render(frame: FrameInput, params: RenderParams, options: RenderOptions): Promise<RenderedFrame> {
    if (this.pending) throw new Error('CpuWorkerRenderer.render called while a render is in flight');
    const start = performance.now();
    let message: Extract<WorkerRequest, { type: 'render' }>;
    const transfer: Transferable[] = [];
    if (frame.kind === 'still') {
      if (frame.key !== this.stillKey) {
        const { width, height, data } = frame.image;
        const buffer = data.slice().buffer as ArrayBuffer;
        this.worker.postMessage({ type: 'still', key: frame.key, width, height, buffer } satisfies WorkerRequest, [
          buffer,
        ]);
        this.stillKey = frame.key;
      }
      message = { type: 'render', id: this.nextId++, params, cellAspect: options.cellAspect, stillKey: frame.key };
    } else {
      const grabbed = await this.grabber.grab(frame.element);
      if (!grabbed) throw new FrameRenderError(FRAME_SKIPPED, 'no video frame to read yet');
      message = {
        type: 'render',
        id: this.nextId++,
        params,
        cellAspect: options.cellAspect,
        stillKey: -1,
        frame: grabbed,
      };
      transfer.push(grabbed.pixels);
    }
    return new Promise<RenderedFrame>((resolve, reject) => {
      this.pending = { id: message.id, start, resolve, reject };
      this.worker.postMessage(message, transfer);
    });
  }

  /** The CPU engine keeps no temporal state yet (the temporal filter is GPU work, phase 2). */
  reset(): void {}

  dispose(): void {
    this.worker.terminate();
    this.pending?.reject(new FrameRenderError('disposed', 'the renderer was closed'));
    this.pending = null;
  }

  private onReply(reply: WorkerReply): void {
    this.grabber.giveBack(reply.pixels);
    const pending = this.pending;
    if (!pending || pending.id !== reply.id) return;
    this.pending = null;
    if (reply.error) pending.reject(new FrameRenderError(reply.error.code, reply.error.message));
    else pending.resolve({ grid: reply.grid, ms: performance.now() - pending.start, gpuMs: null });
  }
}

/**
 * One render.worker.ts and one request to it at a time: sends a still image once per key,
 * copies video frames into one reusable buffer (FrameGrabber) that travels to the Worker and
 * back, and settles each request with the Worker's reply. Used by CpuWorkerRenderer (renders)
 * and AutoDirector (tunes); each has its own Worker, so a tune never waits for a render.
 */
import { FrameGrabber } from '../sources/frame-grabber.js';
import { type FrameInput, FrameRenderError } from './frame-renderer.js';
import type { FramePixels, WorkerReply, WorkerRequest } from './worker-protocol.js';

/** Answered when a video frame could not be read (buffer busy, no frame yet): the frame is skipped. */
export const FRAME_SKIPPED = 'frame_skipped';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
/** A request the caller keeps and refills (no allocation per frame); the client sets id, stillKey and frame. */
export type ClientRequest =
  | Mutable<Extract<WorkerRequest, { type: 'render' }>>
  | Mutable<Extract<WorkerRequest, { type: 'tune' }>>;

export class WorkerClient {
  private readonly worker: Worker;
  private readonly grabber = new FrameGrabber();
  private stillKey = -1;
  private nextId = 1;
  /** The request in flight (one record, refilled per request), or null. */
  private pending: { id: number; resolve: (r: WorkerReply) => void; reject: (e: Error) => void } | null = null;
  /** The transfer list, refilled per request. */
  private readonly transfer: Transferable[] = [];
  private readonly slot: { id: number; resolve: (r: WorkerReply) => void; reject: (e: Error) => void } = {
    id: 0,
    resolve: () => {},
    reject: () => {},
  };
  private settled: Promise<unknown> = Promise.resolve();

  constructor(name: string) {
    this.worker = new Worker(new URL('./render.worker.ts', import.meta.url), { type: 'module', name });
    this.worker.onmessage = (event: MessageEvent<WorkerReply>) => this.onReply(event.data);
    this.worker.onerror = (event) => {
      this.pending?.reject(new FrameRenderError('worker_failed', `the render worker failed: ${event.message}`));
      this.pending = null;
    };
  }

  /** From the start of `send` (the frame copy included) to the reply. */
  private inFlight = false;

  get busy(): boolean {
    return this.inFlight;
  }

  /** Settles when the request in flight (if any) has. */
  async whenIdle(): Promise<void> {
    while (this.inFlight) await this.settled.catch(() => undefined);
  }

  /** Sends the request with the still (sent once per key) or the video frame's pixels. */
  async send(frame: FrameInput, request: ClientRequest): Promise<WorkerReply> {
    if (this.inFlight) throw new Error('WorkerClient.send called while a request is in flight');
    this.inFlight = true;
    const reply = this.sendNow(frame, request);
    this.settled = reply;
    try {
      return await reply;
    } finally {
      this.inFlight = false;
    }
  }

  private async sendNow(frame: FrameInput, request: ClientRequest): Promise<WorkerReply> {
    let stillKey = -1;
    let pixels: FramePixels | undefined;
    if (frame.kind === 'still') {
      if (frame.key !== this.stillKey) {
        const { width, height, data } = frame.image;
        const buffer = data.slice().buffer as ArrayBuffer;
        this.post({ type: 'still', key: frame.key, width, height, buffer }, [buffer]);
        this.stillKey = frame.key;
      }
      stillKey = frame.key;
    } else {
      const grabbed = await this.grabber.grab(frame.element);
      if (!grabbed) throw new FrameRenderError(FRAME_SKIPPED, 'no video frame to read yet');
      pixels = grabbed;
    }
    const id = this.nextId++;
    request.id = id;
    request.stillKey = stillKey;
    request.frame = pixels;
    return new Promise<WorkerReply>((resolve, reject) => {
      const slot = this.slot;
      slot.id = id;
      slot.resolve = resolve;
      slot.reject = reject;
      this.pending = slot;
      const transfer = this.transfer;
      transfer.length = 0;
      if (pixels) transfer.push(pixels.pixels);
      this.post(request, transfer);
      request.frame = undefined;
    });
  }

  /** Forgets the Worker's temporal state (ordered after the request in flight). */
  reset(): void {
    this.post({ type: 'reset' }, []);
  }

  dispose(): void {
    this.worker.terminate();
    this.pending?.reject(new FrameRenderError('disposed', 'the renderer was closed'));
    this.pending = null;
  }

  private post(message: WorkerRequest, transfer: Transferable[]): void {
    this.worker.postMessage(message, transfer);
  }

  private onReply(reply: WorkerReply): void {
    this.grabber.giveBack(reply.pixels);
    const pending = this.pending;
    if (!pending || pending.id !== reply.id) return;
    this.pending = null;
    if (reply.error) pending.reject(new FrameRenderError(reply.error.code, reply.error.message));
    else pending.resolve(reply);
  }
}

/**
 * FrameRenderer on the CPU engine in a Web Worker: the executor where WebGPU is missing or
 * lost. Streams run the temporal filter in the Worker (its StreamState), so a stream renders
 * the same glyphs here as on the GPU executor.
 */
import type { RenderParams } from '../../engine/index.js';
import type { FrameInput, FrameRenderer, RenderedFrame, RenderOptions } from './frame-renderer.js';
import { type ClientRequest, WorkerClient } from './worker-client.js';

export { FRAME_SKIPPED } from './worker-client.js';

export class CpuWorkerRenderer implements FrameRenderer {
  readonly kind = 'cpu-worker' as const;
  private readonly client = new WorkerClient('glyphcast-cpu-render');
  private lastParams: RenderParams | null = null;
  /** The record handed out for every frame (see RenderedFrame). */
  private readonly out: { -readonly [K in keyof RenderedFrame]: RenderedFrame[K] } = {
    grid: null,
    onDevice: null,
    ms: 0,
    gpuMs: null,
    gpuTiming: null,
  };
  /** The request, refilled for every frame. */
  private readonly request: Extract<ClientRequest, { type: 'render' }> = {
    type: 'render',
    id: 0,
    params: {} as RenderParams,
    paramsKey: 0,
    cellAspect: 0.5,
    stream: false,
    stillKey: -1,
  };

  async render(frame: FrameInput, params: RenderParams, options: RenderOptions): Promise<RenderedFrame> {
    const start = performance.now();
    const request = this.request;
    if (params !== this.lastParams) {
      this.lastParams = params;
      request.paramsKey++;
    }
    request.params = params;
    request.cellAspect = options.cellAspect;
    request.stream = options.stream;
    const reply = await this.client.send(frame, request);
    // send() rejects on an error reply; a render reply carries the grid
    this.out.grid = reply.grid as RenderedFrame['grid'];
    this.out.ms = performance.now() - start;
    return this.out;
  }

  reset(): void {
    this.client.reset();
  }

  dispose(): void {
    this.client.dispose();
  }
}

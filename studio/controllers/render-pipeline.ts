/**
 * The render loop: source + params + cell aspect -> FrameRenderer -> grid, one render at a
 * time. Stills and URLs render when something changes (changes during a render coalesce into
 * one more render); video and camera render on every presented frame (FrameLoopController),
 * dropping frames that arrive while a render is in flight. Releases the renderer and the frame
 * loop when the host disconnects.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { RenderParams } from '../../engine/params.js';
import { FRAME_SKIPPED } from '../render/cpu-worker-renderer.js';
import { FrameRenderError, type FrameRenderer, type RenderedFrame } from '../render/frame-renderer.js';
import { FrameStats } from '../render/frame-stats.js';
import { renderRemote } from '../sources/remote-render.js';
import { isStream, type StudioSource } from '../sources/source.js';
import { FrameLoopController } from './frame-loop-controller.js';

export interface PipelineEvents {
  /** Every rendered frame, in order, for the current source. */
  onFrame(frame: RenderedFrame, source: StudioSource): void;
  onError(error: Error, source: StudioSource): void;
}

/** The HUD is refreshed this often while a stream plays. */
const HUD_INTERVAL_MS = 250;

export class RenderPipeline implements ReactiveController {
  readonly stats = new FrameStats();
  private renderer: FrameRenderer | null = null;
  private source: StudioSource | null = null;
  private busy = false;
  private dirty = false;
  private hudTimer = 0;
  private readonly loop: FrameLoopController;

  constructor(
    private readonly host: ReactiveControllerHost,
    private params: RenderParams,
    private cellAspect: number,
    private readonly events: PipelineEvents,
  ) {
    this.loop = new FrameLoopController(host, this.onVideoFrame);
    host.addController(this);
  }

  get rendererKind(): FrameRenderer['kind'] | null {
    return this.renderer?.kind ?? null;
  }

  /** Installs the executor (disposing the previous one) and renders the current source with it. */
  setRenderer(renderer: FrameRenderer): void {
    this.renderer?.dispose();
    this.renderer = renderer;
    this.busy = false;
    this.refresh();
  }

  setSource(source: StudioSource | null): void {
    this.source = source;
    this.renderer?.reset();
    this.stats.reset();
    if (source && isStream(source)) this.loop.attach((source as { element: HTMLVideoElement }).element);
    else this.loop.detach();
    this.syncHudTimer();
    this.refresh();
  }

  setParams(params: RenderParams): void {
    this.params = params;
    this.refresh();
  }

  setCellAspect(cellAspect: number): void {
    if (cellAspect === this.cellAspect) return;
    this.cellAspect = cellAspect;
    this.refresh();
  }

  /** Forgets temporal state (a seek or a loop in a video). */
  resetTemporal(): void {
    this.renderer?.reset();
  }

  /** Renders the current state of the source now (or right after the render in flight). */
  refresh(): void {
    void this.run();
  }

  hostConnected(): void {
    this.syncHudTimer();
  }

  hostDisconnected(): void {
    this.renderer?.dispose();
    this.renderer = null;
    clearInterval(this.hudTimer);
    this.hudTimer = 0;
  }

  private readonly onVideoFrame = (): void => {
    if (this.busy) this.stats.dropped++;
    else void this.run();
  };

  private syncHudTimer(): void {
    const want = isStream(this.source) && this.renderer !== null;
    if (want && !this.hudTimer) this.hudTimer = window.setInterval(() => this.host.requestUpdate(), HUD_INTERVAL_MS);
    if (!want && this.hudTimer) {
      clearInterval(this.hudTimer);
      this.hudTimer = 0;
    }
  }

  private async run(): Promise<void> {
    const source = this.source;
    const renderer = this.renderer;
    if (!source || !renderer) return;
    if (this.busy) {
      this.dirty = true;
      return;
    }
    this.busy = true;
    this.dirty = false;
    try {
      const frame = await this.renderOnce(source, renderer);
      if (source !== this.source || renderer !== this.renderer) return;
      this.stats.record(frame.grid, frame.ms);
      this.events.onFrame(frame, source);
      if (!isStream(source)) this.host.requestUpdate();
    } catch (err) {
      if (err instanceof FrameRenderError && err.code === FRAME_SKIPPED) this.stats.dropped++;
      else if (source === this.source && (err as Error).name !== 'AbortError')
        this.events.onError(err as Error, source);
    } finally {
      if (renderer === this.renderer) this.busy = false;
      this.syncHudTimer();
      if (this.dirty && renderer === this.renderer) void this.run();
    }
  }

  private async renderOnce(source: StudioSource, renderer: FrameRenderer): Promise<RenderedFrame> {
    const options = { cellAspect: this.cellAspect, stream: isStream(source) };
    switch (source.kind) {
      case 'image':
        return renderer.render({ kind: 'still', key: source.key, image: source.image }, this.params, options);
      case 'url': {
        const start = performance.now();
        const grid = await renderRemote(source.url, this.params);
        return { grid, ms: performance.now() - start, gpuMs: null };
      }
      case 'video':
      case 'camera':
        return renderer.render({ kind: 'video', element: source.element }, this.params, options);
    }
  }
}

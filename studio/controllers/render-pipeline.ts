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
import {
  type FrameInput,
  FrameRenderError,
  type FrameRenderer,
  type RenderedFrame,
  type RenderOptions,
} from '../render/frame-renderer.js';
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
  /** What the renderer is given for the current source, and how: made once per source, not per frame. */
  private input: FrameInput | null = null;
  private options: RenderOptions;
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
    this.options = { cellAspect, stream: false };
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
    this.input = inputOf(source);
    this.options = { cellAspect: this.cellAspect, stream: isStream(source) };
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
    this.options = { cellAspect, stream: this.options.stream };
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
    if (source.kind === 'url') {
      const start = performance.now();
      const grid = await renderRemote(source.url, this.params);
      return { grid, ms: performance.now() - start, gpuMs: null };
    }
    return renderer.render(this.input as FrameInput, this.params, this.options);
  }
}

/** The renderer's input for a source (URLs are rendered by the server instead). */
function inputOf(source: StudioSource | null): FrameInput | null {
  switch (source?.kind) {
    case 'image':
      return { kind: 'still', key: source.key, image: source.image };
    case 'video':
    case 'camera':
      return { kind: 'video', element: source.element };
    default:
      return null;
  }
}

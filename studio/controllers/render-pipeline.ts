/**
 * The render loop: source + params + cell aspect -> Auto Director -> FrameRenderer -> grid, one
 * render at a time. Stills and URLs render when something changes (changes during a render
 * coalesce into one more render); video and camera render on every presented frame
 * (FrameLoopController); of the frames that arrive while a render is in flight only the newest
 * is rendered, right after it (the others count as dropped). The temporal
 * state is reset on a new source, a seek and a loop. On the GPU a stream frame's grid stays
 * there, drawn from the executor's buffer, unless something needs it on the CPU: the source's
 * first frame (and the first after new params), a consumer that wants every frame, the HUD's
 * samples, or `readBack` on demand.
 * A renderer that reports device loss is
 * replaced through `onRendererLost`. Releases the renderer, the director and the frame loop
 * when the host disconnects.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CellGrid, DeviceGrid, DirectorEvidence, RenderParams } from '../../engine/index.js';
import { AutoDirector } from '../render/auto-director.js';
import { CpuWorkerRenderer } from '../render/cpu-worker-renderer.js';
import {
  DEVICE_LOST,
  FRAME_STALE,
  type FrameInput,
  FrameRenderError,
  type FrameRenderer,
  type RenderedFrame,
  type RenderOptions,
  SOURCE_TOO_LARGE,
} from '../render/frame-renderer.js';
import { FrameStats } from '../render/frame-stats.js';
import { FRAME_SKIPPED } from '../render/worker-client.js';
import { renderRemote } from '../sources/remote-render.js';
import { isStream, type StudioSource } from '../sources/source.js';
import { FrameLoopController } from './frame-loop-controller.js';
import { inputOf, seekEvents } from './source-input.js';

export interface PipelineEvents {
  /**
   * Every rendered frame, in order, for the current source (the record is reused: keep the grid
   * only), with the parameters it was asked for: the controls' values when the render began,
   * which a later change may already have replaced.
   */
  onFrame(frame: RenderedFrame, source: StudioSource, params: RenderParams): void;
  onError(error: Error, source: StudioSource): void;
  /** The renderer lost its device; the host installs another (setRenderer) and says so. */
  onRendererLost(error: Error, renderer: FrameRenderer): void;
  /** Something the user should know that is not an error (once per source). */
  onWarning(text: string, source: StudioSource): void;
  /**
   * Whether a stream frame rendered on the GPU needs its grid on the CPU: a consumer wants every
   * frame, or the painter cannot draw from the GPU. Otherwise it stays there (see `sampling`).
   */
  wantsGrid(): boolean;
}

/** The HUD is refreshed this often while a stream plays. */
const HUD_INTERVAL_MS = 250;
/**
 * Stream frames read back from the GPU for the HUD's figures, every HUD_INTERVAL_MS: two in a
 * row, so the glyph-change rate still compares consecutive frames.
 */
const HUD_SAMPLE_FRAMES = 2;
/** Animation frames a paused video's unreadable frame is tried again on. */
const MAX_RETRIES = 30;

type MutableEvidence = { director: DirectorEvidence | null };

export class RenderPipeline implements ReactiveController {
  readonly stats = new FrameStats();
  /** GPU time of the last frame's executor passes, and how it was measured (see RenderedFrame). */
  gpuMs: number | null = null;
  gpuTiming: RenderedFrame['gpuTiming'] = null;
  /** The media time of the stream frame last handed to onFrame (null: a still, or not known yet). */
  mediaTime: number | null = null;
  private renderer: FrameRenderer | null = null;
  /** The CPU Worker for frames too large for the GPU executor's buffers (made when first needed). */
  private large: CpuWorkerRenderer | null = null;
  /** Whether the current source's frames go to `large` (decided by its first frame). */
  private tooLarge = false;
  private director: AutoDirector | null = null;
  private source: StudioSource | null = null;
  /** What the renderer is given for the current source, and how: made once per source, not per frame. */
  private input: FrameInput | null = null;
  private options: RenderOptions;
  private busy = false;
  private dirty = false;
  private hudTimer = 0;
  private lastMediaTime = -1;
  /** A seek started: the next presented frame resets the temporal filter. */
  private seekPending = false;
  /** A paused video's frame that could not be read yet is tried again on the next animation frames. */
  private retryHandle = 0;
  private retries = 0;
  /** The temporal filter on streams (the link can switch it off: temporal=off). */
  private temporal = true;
  /**
   * Whether stream frames are sampled for the HUD's figures (the diagnostics view shows it):
   * a few read back from the GPU every HUD_INTERVAL_MS; otherwise none, once the first is.
   */
  sampling = false;
  private sampleLeft = 0;
  private lastSample = Number.NEGATIVE_INFINITY;
  /** The next stream frame's grid is read back: the first of a source, or after new params. */
  private readNext = true;
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

  /** How the renderer's last frame reached it (see FrameRenderer.framePath), or null. */
  get framePath(): string | null {
    return this.renderer?.framePath ?? null;
  }

  /** A still (or an image URL) is being rendered: the picture on screen is the previous one. */
  get stillRendering(): boolean {
    return this.busy && this.source !== null && !isStream(this.source);
  }

  /** The Auto Director's evidence of the current stream's last tune (null: none yet, or not a stream). */
  get streamEvidence(): DirectorEvidence | null {
    return isStream(this.source) ? (this.director?.evidence ?? null) : null;
  }

  /** How many Auto Director tunes the current stream has had (null: not a stream). */
  get streamTunes(): number | null {
    return isStream(this.source) ? (this.director?.tunes ?? 0) : null;
  }

  /** Installs the executor (disposing the previous one) and renders the current source with it. */
  setRenderer(renderer: FrameRenderer): void {
    this.renderer?.dispose();
    this.tooLarge = false;
    this.renderer = renderer;
    this.busy = false;
    this.gpuMs = null;
    this.gpuTiming = null;
    this.refresh();
  }

  setSource(source: StudioSource | null): void {
    for (const target of seekEvents(this.source)) target.removeEventListener('seeking', this.onSeeking);
    this.source = source;
    this.input = inputOf(source);
    this.options = { cellAspect: this.cellAspect, stream: this.temporal && isStream(source) };
    this.renderer?.reset();
    this.large?.reset();
    this.tooLarge = false;
    this.stats.reset();
    this.readNext = true;
    this.lastMediaTime = -1;
    this.seekPending = false;
    this.cancelRetry();
    if (source && isStream(source)) {
      this.directorOf().startStream(this.params);
      for (const target of seekEvents(source)) target.addEventListener('seeking', this.onSeeking);
      this.loop.attach((source as { element: HTMLVideoElement }).element);
    } else this.loop.detach();
    this.syncHudTimer();
    this.refresh();
  }

  /** Runs the temporal filter on streams (default) or not; takes effect with the next source. */
  setTemporal(on: boolean): void {
    this.temporal = on;
  }

  /** Whether the current source's frames run the temporal filter. */
  get temporalOn(): boolean {
    return this.options.stream;
  }

  setParams(params: RenderParams): void {
    this.params = params;
    this.readNext = true;
    if (isStream(this.source)) this.directorOf().setUser(params);
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
    this.large?.reset();
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
    this.large?.dispose();
    this.large = null;
    this.director?.dispose();
    this.director = null;
    clearInterval(this.hudTimer);
    this.hudTimer = 0;
    this.cancelRetry();
  }

  private directorOf(): AutoDirector {
    this.director ??= new AutoDirector();
    return this.director;
  }

  private readonly onVideoFrame = (_video: HTMLVideoElement, mediaTime: number): void => {
    // The first frame presented after a seek started, or an earlier frame than the last (a loop),
    // starts the filter afresh: one reset, at that frame, whatever the renders' timing.
    if (this.seekPending || mediaTime < this.lastMediaTime) this.resetTemporal();
    this.seekPending = false;
    this.lastMediaTime = mediaTime;
    // A frame that arrives mid-render waits for it; a later one replaces it (the waiting one is
    // dropped). The newest frame is always rendered, so a paused video shows the frame it was
    // seeked to even when the seek landed during a render.
    if (this.busy && this.dirty) this.stats.dropped++;
    void this.run();
  };

  /**
   * No more frames come while a video is paused, so a frame that could not be read (right after
   * a seek the element may not have its pixels yet) is tried again on the next animation frame,
   * up to MAX_RETRIES times.
   */
  private retrySoon(): void {
    if (this.retryHandle || this.retries >= MAX_RETRIES) return;
    this.retries++;
    this.retryHandle = requestAnimationFrame(() => {
      this.retryHandle = 0;
      this.refresh();
    });
  }

  private cancelRetry(): void {
    if (this.retryHandle) cancelAnimationFrame(this.retryHandle);
    this.retryHandle = 0;
    this.retries = 0;
  }

  private readonly onSeeking = (): void => {
    this.seekPending = true;
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
    const params = this.params;
    if (!isStream(source)) this.host.requestUpdate(); // the HUD says a render is under way
    // the newest presented frame, which the renderer reads now
    const mediaTime = isStream(source) && this.lastMediaTime >= 0 ? this.lastMediaTime : null;
    try {
      const frame = await this.renderOnce(source, renderer, params);
      if (source !== this.source || renderer !== this.renderer) return;
      this.stats.record(frame.grid, frame.ms);
      // a frame left on the GPU has no GPU time read: the HUD keeps the last one measured
      if (frame.grid) {
        this.readNext = false; // (a frame that failed or was skipped leaves it to the next)
        this.gpuMs = frame.gpuMs;
        this.gpuTiming = frame.gpuTiming;
      }
      this.mediaTime = mediaTime;
      this.retries = 0;
      this.events.onFrame(frame, source, params);
    } catch (err) {
      if (err instanceof FrameRenderError && err.code === FRAME_SKIPPED) {
        this.stats.dropped++;
        if (source === this.source && 'element' in source && source.element.paused) this.retrySoon();
      } else if (err instanceof FrameRenderError && err.code === DEVICE_LOST && renderer === this.renderer) {
        this.events.onRendererLost(err, renderer);
      } else if (source === this.source && renderer === this.renderer && (err as Error).name !== 'AbortError')
        this.events.onError(err as Error, source);
    } finally {
      if (renderer === this.renderer) this.busy = false;
      if (!isStream(source)) this.host.requestUpdate();
      this.syncHudTimer();
      if (this.dirty && renderer === this.renderer) void this.run();
    }
  }

  private async renderOnce(
    source: StudioSource,
    renderer: FrameRenderer,
    params: RenderParams,
  ): Promise<RenderedFrame> {
    if (source.kind === 'url') {
      const start = performance.now();
      const grid = await renderRemote(source.url, params);
      return { grid, onDevice: null, ms: performance.now() - start, gpuMs: null, gpuTiming: null };
    }
    const input = this.input as FrameInput;
    const director = this.directorOf();
    if (input.kind === 'still') {
      // the director's params and evidence, as the server's render of the image reports them
      const tuned = await director.still(input, params, this.cellAspect);
      const frame = await this.renderWith(renderer, source, input, tuned.params);
      if (frame.grid) (frame.grid.evidence as MutableEvidence).director = tuned.evidence;
      return frame;
    }
    const now = performance.now();
    const frameParams = director.frameParams(now);
    director.maybeTune(input, this.cellAspect, now);
    const frame = await this.renderWith(renderer, source, input, frameParams, this.keepOnDevice(now));
    if (frame.grid) (frame.grid.evidence as MutableEvidence).director = director.evidence;
    return frame;
  }

  /**
   * The grid of the latest frame left on the GPU, read back now (with the Director's evidence,
   * as a frame read as it rendered has it). Rejects once a later frame replaced it.
   */
  async readBack(frame: DeviceGrid): Promise<CellGrid> {
    const renderer = this.renderer;
    if (!renderer?.readBack) throw new FrameRenderError(FRAME_STALE, 'the renderer has changed');
    const grid = await renderer.readBack(frame);
    (grid.evidence as MutableEvidence).director = this.director?.evidence ?? null;
    return grid;
  }

  /**
   * Whether this stream frame may stay on the GPU: not the source's first frame nor the first
   * after new params, nobody wanting its grid (events.wantsGrid), and not one of the HUD's samples.
   */
  private keepOnDevice(now: number): boolean {
    if (this.readNext || this.events.wantsGrid()) return false;
    if (this.sampling && this.sampleLeft === 0 && now - this.lastSample >= HUD_INTERVAL_MS) {
      this.lastSample = now;
      this.sampleLeft = HUD_SAMPLE_FRAMES;
    }
    if (this.sampleLeft === 0) return true;
    this.sampleLeft--;
    return false;
  }

  /** Renders on the renderer, or on the CPU Worker when the source is too large for the GPU's buffers. */
  private async renderWith(
    renderer: FrameRenderer,
    source: StudioSource,
    input: FrameInput,
    params: RenderParams,
    keepOnDevice = false,
  ): Promise<RenderedFrame> {
    if (!this.tooLarge) {
      try {
        return await renderer.render(input, params, this.options, keepOnDevice);
      } catch (err) {
        if (!(err instanceof FrameRenderError && err.code === SOURCE_TOO_LARGE)) throw err;
        this.tooLarge = true;
        this.events.onWarning(
          `${source.name} is too large for this GPU's buffers (${err.message}); it is rendered on the CPU in a Worker.`,
          source,
        );
      }
    }
    this.large ??= new CpuWorkerRenderer();
    return this.large.render(input, params, this.options);
  }
}

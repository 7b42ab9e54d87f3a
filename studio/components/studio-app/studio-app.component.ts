import { html, LitElement, nothing } from 'lit';
import type { RenderErrorCode } from '../../../engine/errors.js';
import type { DirectorEvidence, RenderEvidence } from '../../../engine/grid.js';
import { type ParamIssue, type ParamName, type RenderParams, resolveParams } from '../../../engine/params.js';
import { GpuDeviceController, type GpuState } from '../../controllers/gpu-device-controller.js';
import { RenderPipeline } from '../../controllers/render-pipeline.js';
import { SourceController } from '../../controllers/source-controller.js';
import { engineCellAspect, loadArtFont } from '../../render/cell-metrics.js';
import { CpuWorkerRenderer } from '../../render/cpu-worker-renderer.js';
import type { FrameRenderer, RenderedFrame } from '../../render/frame-renderer.js';
import { type PaintStyle, paintStyleOf } from '../../render/grid-painter.js';
import { isStream, type StudioSource } from '../../sources/source.js';
import { cpuWorkerReason, stageDraw } from '../../state/engine-choice.js';
import { FrameBus } from '../../state/frame-bus.js';
import { type Notice, withNotice, withoutErrors } from '../../state/notices.js';
import { paramLabel } from '../../state/param-labels.js';
import { applyPreset, PRESETS } from '../../state/presets.js';
import {
  type DrawMode,
  differingParams,
  type ExecutorMode,
  linkIssueText,
  readUrlState,
  writeUrlQuery,
} from '../../state/url-state.js';
import type { ParamChangeDetail, ParamValue } from '../param-field/param-field.component.js';
import type { PresetDetail } from '../param-panel/param-panel.component.js';
import type { CameraDetail, UrlDetail } from '../source-bar/source-bar.component.js';
import type { FilesDetail, Stage } from '../stage/stage.component.js';
import { emptyState } from './empty-state.js';
import { engineStatus } from './engine-status.js';
import { studioAppStyles } from './studio-app.styles.js';

/**
 * The studio: sources in, parameters (all in the URL), the live view, evidence, exports and
 * the handoff. Owns the state and wires the parts; each part is its own component or
 * controller (see studio/README.md).
 *
 * Listens to the events of its parts: gc-files, gc-url, gc-camera (sources), gc-param-change,
 * gc-preset, gc-params-reset (parameters). Fires nothing.
 */
export class StudioApp extends LitElement {
  static override styles = studioAppStyles;
  static override properties = {
    params: { state: true },
    source: { state: true },
    notices: { state: true },
    fontReady: { state: true },
  };

  declare params: RenderParams;
  declare source: StudioSource | null;
  declare notices: readonly Notice[];
  declare fontReady: boolean;

  /** Every rendered frame goes here; exports and the handoff subscribe. */
  readonly bus = new FrameBus();
  readonly traceId: string | null;
  readonly draw: DrawMode;
  readonly executor: ExecutorMode;
  private readonly gpu = new GpuDeviceController(this, (state) => this.onGpu(state));
  private readonly pipeline: RenderPipeline;
  private readonly sources: SourceController;
  private evidence: RenderEvidence | null = null;
  /** Why the GPU executor was given up (device loss it reported), or why it did not start. */
  private executorLost: string | null = null;
  /** What the stage is told once the executor reported device loss (made once, so the painter is not re-made). */
  private lostState: GpuState | null = null;
  private executorNote: string | null = null;
  /** The device the GPU executor is being made for (a late one for an old device is dropped). */
  private executorDevice: GPUDevice | null = null;
  /** How the stage draws `paintedParams` (remade when a frame of other params comes, not per frame). */
  private paintStyle: PaintStyle;
  private paintedParams: RenderParams;
  private nextNotice = 1;
  /** Why drawing with WebGPU failed, once it has (the stage then draws with Canvas 2D). */
  private drawFailed: string | null = null;
  private tunedFrom: DirectorEvidence | null = null;
  private tuned: ReadonlyMap<ParamName, ParamValue> = new Map();
  /** The notice about the opening link's unusable values, until the look is changed. */
  private linkNoticeId: number | null = null;
  /** The notice that undoes the last preset or Reset all, until the look is changed again. */
  private undoNoticeId: number | null = null;
  /** Frames rendered for the current source. */
  private sourceFrames = 0;
  /** Counts the sources shown: the panels end a recording or a handoff when it changes (even to a file of the same name). */
  private sourceId = 0;
  /** What was shown before an image URL was entered (a stream keeps playing): shown again when the URL fails. */
  private beforeUrl: StudioSource | null = null;
  /** The last image address that failed to render, shown in the URL field (SourceBar.address). */
  private refusedAddress = '';
  /** The notice of the last render that failed, dismissed by the next frame. */
  private renderErrorId: number | null = null;
  /** The notice of the last source that could not be opened: the next such failure replaces it. */
  private sourceErrorId: number | null = null;
  /** Why the current source has no picture: its last render failed (cleared by the next frame). */
  private unrendered: string | null = null;

  /** The image address the link opened the studio with (`image=`), opened once connected. */
  private readonly linkImage: string | null;

  constructor() {
    super();
    const url = readUrlState(location.search);
    this.linkImage = url.image;
    this.params = url.params;
    this.paintedParams = url.params;
    this.paintStyle = paintStyleOf(url.params);
    this.traceId = url.traceId;
    this.draw = url.draw;
    this.executor = url.executor;
    this.source = null;
    this.fontReady = false;
    this.notices = url.issues.length > 0 ? [this.linkNotice(url.issues)] : [];
    // the address says the look in force, in the one form the studio writes it: the values the
    // notice lists as unused leave it, and so do defaults and spellings (` 80 `, `080`), so Copy
    // link, a bookmark or a reload carry only the settings that differ, as they are shown
    this.rewriteLink(url.params);
    this.pipeline = new RenderPipeline(this, this.params, 0.5, {
      onFrame: (frame, source, params) => this.onFrame(frame, source, params),
      onError: (err, source) => this.onRenderError(err, source),
      onRendererLost: (err, renderer) => this.onRendererLost(err, renderer),
      onWarning: (text) => this.notify('warning', text),
    });
    this.pipeline.setTemporal(url.temporal);
    this.sources = new SourceController(this, () => this.renderRoot?.querySelector('video.source') ?? null, {
      onSource: (source) => this.onSource(source),
      onError: (text) => this.onSourceError(text),
    });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // a shared link to an image URL source renders it, as if typed in (the server fetches it)
    if (this.linkImage !== null && this.source === null) this.sources.openUrl(this.linkImage);
    void loadArtFont().then(() => {
      this.pipeline.setCellAspect(engineCellAspect());
      // the CPU Worker renders until the GPU executor is ready (or for good, without WebGPU)
      if (this.pipeline.rendererKind === null) this.pipeline.setRenderer(new CpuWorkerRenderer());
      this.fontReady = true;
      this.startGpuExecutor();
    });
  }

  protected override firstUpdated(): void {
    // Export and handoff are split off the initial bundle; they load once the studio is up.
    const load = () => {
      void import('../export-panel/export-panel.js');
      void import('../handoff-panel/handoff-panel.js');
    };
    if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 1500 });
    else setTimeout(load, 200);
  }

  private get stage(): Stage | null {
    return this.renderRoot.querySelector('gc-stage');
  }

  protected override render() {
    const status = engineStatus(
      this.pipeline.rendererKind,
      this.gpu.state,
      this.draw,
      this.executorLost,
      this.executorNote,
      this.pipeline.framePath,
      this.drawFailed,
    );
    const stream = isStream(this.source);
    const grid = this.bus.latest?.grid;
    return html`
      <header>
        <nav class="skip" aria-label="Skip links">
          <a href="#stage" @click=${(e: Event) => this.skipTo(e, 'gc-stage')}>Skip to the picture</a>
          <a href="#dock" @click=${(e: Event) => this.skipTo(e, '.dock')}>Skip to export and handoff</a>
        </nav>
        <h1 aria-label="glyphcast studio">glyph<span>cast</span><small>studio</small></h1>
        <gc-source-bar
          .cameras=${this.sources.camera?.devices ?? []}
          .cameraId=${this.sources.camera?.deviceId ?? ''}
          ?cameraActive=${this.source?.kind === 'camera'}
          ?cameraStarting=${this.sources.camera?.starting ?? false}
          .address=${this.refusedAddress}
          @gc-files=${(e: CustomEvent<FilesDetail>) => this.sources.openFiles(e.detail.files)}
          @gc-url=${(e: CustomEvent<UrlDetail>) => this.sources.openUrl(e.detail.url)}
          @gc-camera=${(e: CustomEvent<CameraDetail>) =>
            e.detail.action === 'stop' ? this.sources.stop() : this.sources.startCamera(e.detail.deviceId)}
        ></gc-source-bar>
        <gc-engine-pill .label=${status.label} .detail=${status.detail} ?fallback=${status.fallback}></gc-engine-pill>
      </header>
      <aside aria-label="Render parameters">
        <gc-param-panel
          .params=${this.params}
          .tuned=${this.tunedValues()}
          @gc-param-change=${(e: CustomEvent<ParamChangeDetail>) => this.setParam(e.detail)}
          @gc-preset=${(e: CustomEvent<PresetDetail>) => this.preset(e.detail)}
          @gc-params-reset=${() => this.changeLook(resolveParams({}, 'json'), 'Reset all')}
        ></gc-param-panel>
      </aside>
      <main>
        <div class="notices">
          ${this.notices.map(
            (n) => html`<div class="notice ${n.kind}" role=${n.kind === 'error' ? 'alert' : 'status'}>
              <p>${n.text}</p>
              ${
                n.action
                  ? html`<button class="action" @click=${() => this.closeNotice(n, n.action?.run)}>${n.action.label}</button>`
                  : nothing
              }
              <button class="icon" aria-label="Dismiss" @click=${() => this.closeNotice(n)}>✕</button>
            </div>`,
          )}
        </div>
        <gc-stage
          role="region"
          aria-label="Picture"
          aria-busy=${this.pipeline.stillRendering ? 'true' : 'false'}
          .gpu=${this.lostState ?? this.gpu.state}
          draw=${this.drawFailed !== null ? 'canvas2d' : stageDraw(this.draw, this.lostState ?? this.gpu.state)}
          ?monitor=${stream}
          @gc-files=${(e: CustomEvent<FilesDetail>) => this.sources.openFiles(e.detail.files)}
          @gc-url=${(e: CustomEvent<UrlDetail>) => this.sources.openUrl(e.detail.url)}
          @gc-draw-timed=${() => stream || this.requestUpdate()}
          @gc-draw-failed=${(e: CustomEvent<string>) => this.onDrawFailed(e.detail)}
        >
          ${
            grid
              ? html`<gc-hud slot="hud" ?stream=${stream} .figures=${{
                  fps: stream ? this.pipeline.stats.fps() : null,
                  frameMs: this.pipeline.stats.renderMs,
                  gpuMs: this.pipeline.gpuMs,
                  gpuTiming: this.pipeline.gpuTiming,
                  drawGpuMs: this.stage?.drawGpuMs ?? null,
                  columns: grid.columns,
                  rows: grid.rows,
                  changeRate: stream ? this.pipeline.stats.changeRate : null,
                  temporal: stream ? this.pipeline.temporalOn : null,
                  dropped: this.pipeline.stats.dropped,
                  rendering: !stream && this.pipeline.stillRendering,
                }}></gc-hud>`
              : nothing
          }
          <div slot="monitor" class="monitor" ?hidden=${!stream}>
            <video class="source" muted playsinline aria-label="Source video"></video>
            <span>${this.source?.kind === 'camera' ? 'camera' : 'source'}</span>
          </div>
          <div slot="empty" class="empty">${emptyState(this.source, this.unrendered)}</div>
        </gc-stage>
        ${this.source?.kind === 'video' ? html`<gc-transport .video=${this.source.element} .frames=${this.source.frames ?? null}></gc-transport>` : nothing}
        <section class="dock" tabindex="-1" aria-label="Evidence, export and handoff">
          <gc-evidence-panel
            tabindex="0"
            role="region"
            aria-label="Auto Director"
            .evidence=${this.evidence}
            .autoOptimize=${this.params.autoOptimize}
            .tunes=${this.pipeline.streamTunes}
          ></gc-evidence-panel>
          <gc-export-panel
            .bus=${this.bus}
            .sourceId=${this.sourceId}
            .sourceName=${this.source?.name ?? ''}
            ?stream=${stream}
          ></gc-export-panel>
          <gc-handoff-panel
            .bus=${this.bus}
            .sourceId=${this.sourceId}
            ?unrendered=${this.unrendered !== null}
            .sourceKind=${this.source?.kind ?? null}
            .traceId=${this.traceId}
          ></gc-handoff-panel>
        </section>
      </main>
    `;
  }

  // Parameters ---------------------------------------------------------------------------

  /** What the Auto Director rendered instead of the controls' values, remade only when its evidence changes. */
  private tunedValues(): ReadonlyMap<ParamName, ParamValue> {
    const director = this.evidence?.director ?? null;
    if (director !== this.tunedFrom) {
      this.tunedFrom = director;
      this.tuned = new Map((director?.changes ?? []).map((c) => [c.param as ParamName, c.to as ParamValue]));
    }
    return this.tuned;
  }

  private setParam({ name, value }: ParamChangeDetail): void {
    this.commit(Object.freeze({ ...this.params, [name]: value }) as RenderParams);
  }

  private preset({ target }: PresetDetail): void {
    const preset = PRESETS.find((p) => p.target === target);
    if (preset) this.changeLook(applyPreset(this.params, preset), `The ${preset.label} preset`);
  }

  /**
   * A change of several settings at once (a preset, Reset all) says what it changed and can be
   * undone, so a tuned look is never lost to one click. The next change of the look retires the undo.
   */
  private changeLook(params: RenderParams, what: string): void {
    const before = this.params;
    const changed = differingParams(before, params);
    // nothing to change (the preset in force, pressed again): the undo on screen stays
    if (changed.length === 0) return;
    this.commit(params);
    const names = changed.map(paramLabel).join(', ');
    this.undoNoticeId = this.nextNotice;
    this.notices = withNotice(this.notices, {
      id: this.nextNotice++,
      kind: 'info',
      text: `${what} changed ${changed.length === 1 ? 'one setting' : `${changed.length} settings`}: ${names}.`,
      action: { label: 'Undo', run: () => this.commit(before) },
    });
  }

  private commit(params: RenderParams): void {
    // the link is rewritten from the params now: what it said about the old link is moot
    if (this.linkNoticeId !== null) this.dismiss(this.linkNoticeId);
    this.linkNoticeId = null;
    if (this.undoNoticeId !== null) this.dismiss(this.undoNoticeId);
    this.undoNoticeId = null;
    this.params = params;
    this.rewriteLink(params);
    this.pipeline.setParams(params);
  }

  private rewriteLink(params: RenderParams): void {
    const image = this.source?.kind === 'url' ? this.source.url : null;
    const query = writeUrlQuery(params, location.search, image);
    history.replaceState(history.state, '', `${location.pathname}${query}${location.hash}`);
  }

  // Sources and frames -------------------------------------------------------------------

  private onSource(source: StudioSource | null): void {
    if (source?.kind === 'url') this.beforeUrl = this.sourceFrames > 0 ? this.source : this.beforeUrl;
    // a new source makes the errors of earlier ones moot
    this.notices = withoutErrors(this.notices);
    this.renderErrorId = null;
    this.unrendered = null;
    this.sourceFrames = 0;
    this.sourceId++;
    this.source = source;
    this.evidence = null;
    this.bus.clear();
    this.stage?.clear();
    this.pipeline.setSource(source);
    // the link opens the image address on show, and no other source's
    this.rewriteLink(this.params);
  }

  private onFrame(frame: RenderedFrame, source: StudioSource, params: RenderParams): void {
    const { grid } = frame;
    // a URL's first frame: the stream it replaced, kept in case it failed, can go
    if (this.sourceFrames++ === 0 && source.kind === 'url') this.sources.confirm();
    // drawn and published with the params it was rendered with, which the controls may have left
    if (params !== this.paintedParams) {
      this.paintedParams = params;
      this.paintStyle = paintStyleOf(params);
    }
    this.stage?.paint(grid, this.paintStyle);
    this.evidence = grid.evidence;
    this.bus.publish(grid, params, isStream(source), this.pipeline.mediaTime);
    // a render that works again retires the error of the one that failed
    if (this.renderErrorId !== null) this.dismiss(this.renderErrorId);
    this.renderErrorId = null;
    this.unrendered = null;
  }

  /** Drawing with WebGPU threw: Canvas 2D draws from now on, and the user is told why. */
  private onDrawFailed(message: string): void {
    if (this.drawFailed !== null) return;
    this.drawFailed = message;
    this.notify('warning', `Drawing with WebGPU failed (${message}); the art is drawn with Canvas 2D.`);
    this.requestUpdate();
  }

  /** An image URL that never rendered gives the stage back to what it showed before. */
  private onRenderError(err: Error, source: StudioSource): void {
    if (source.kind !== 'url' || this.sourceFrames > 0) {
      if (this.sourceFrames === 0 || UNRENDERABLE.has((err as { code?: unknown }).code as RenderErrorCode)) {
        // no picture yet, or one of earlier settings that would pass for these (on the stage, in
        // the HUD, in an export): the stage says why there is none instead, until a render works
        this.unrendered = err.message;
        this.evidence = null;
        this.bus.clear();
        this.stage?.clear();
      }
      // one notice for the failure in force: an earlier one goes
      if (this.renderErrorId !== null) this.dismiss(this.renderErrorId);
      this.renderErrorId = this.notify('error', err.message);
      return;
    }
    // shown again first: that clears the earlier errors, not this one
    this.sources.show(this.beforeUrl);
    this.notify('error', `${source.name}: ${err.message}`);
    // the link drops an address that did not render; the URL field keeps it, to be mended
    this.refusedAddress = source.url;
  }

  private onGpu(state: GpuState): void {
    if (state.status === 'ready') this.startGpuExecutor();
    if (state.status === 'lost') this.fallBack(state.reason);
  }

  /**
   * Once the font is measured and a device is ready: the GPU executor replaces the CPU Worker,
   * unless the link or the adapter says otherwise (engine-choice.ts).
   */
  private startGpuExecutor(): void {
    const state = this.gpu.state;
    if (!this.fontReady || state.status !== 'ready' || this.executorDevice === state.device) return;
    const device = state.device;
    const cpuReason = cpuWorkerReason(this.executor, state);
    if (cpuReason !== null) {
      this.executorNote = cpuReason;
      this.requestUpdate();
      return;
    }
    this.executorDevice = device;
    import('../../render/gpu-frame-renderer.js')
      .then(({ GpuFrameRenderer }) => GpuFrameRenderer.create(device))
      .then(
        (renderer) => {
          const now = this.gpu.state;
          if (now.status !== 'ready' || now.device !== device || this.executorLost) renderer.dispose();
          else {
            this.executorNote = null;
            this.pipeline.setRenderer(renderer);
            this.requestUpdate();
          }
        },
        (err: Error) => {
          this.executorNote = `the WebGPU executor did not start: ${err.message}`;
          this.requestUpdate();
        },
      );
  }

  private onRendererLost(err: Error, renderer: FrameRenderer): void {
    if (renderer.kind === 'gpu') this.fallBack(err.message);
  }

  /** The GPU is gone: render with the CPU Worker, draw with Canvas 2D, and say so. */
  private fallBack(reason: string): void {
    if (this.executorLost !== null) return;
    this.executorLost = reason;
    this.lostState = { status: 'lost', reason };
    if (this.pipeline.rendererKind === 'gpu') this.pipeline.setRenderer(new CpuWorkerRenderer());
    this.notify(
      'warning',
      `The WebGPU device was lost (${reason}); rendering continues on the CPU in a Worker, drawn with Canvas 2D.`,
    );
    this.requestUpdate();
  }

  // Notices ------------------------------------------------------------------------------

  private linkNotice(issues: readonly ParamIssue[]): Notice {
    const list = issues.map(linkIssueText).join('; ');
    this.linkNoticeId = this.nextNotice;
    return {
      id: this.nextNotice++,
      kind: 'warning',
      text: `Some values in this link were not used and their defaults apply instead: ${list}.`,
    };
  }

  /** Shows a notice; returns its id. */
  private notify(kind: Notice['kind'], text: string): number {
    const id = this.nextNotice++;
    this.notices = withNotice(this.notices, { id, kind, text });
    return id;
  }

  /**
   * A skip link moves the keyboard past the header and the parameter panel (some 50 stops). Its
   * target is inside this shadow root, where a #fragment cannot reach, so the link focuses it.
   * The target is focusable (tabindex -1) only until it loses the focus: on a shadow host such
   * as gc-stage, a standing tabindex of -1 would take its buttons out of the Tab order.
   */
  private skipTo(event: Event, selector: string): void {
    event.preventDefault();
    this.focusOn(selector);
  }

  /** Focuses `selector`'s element; `scroll` brings it into view (a skip link), else the page stays put. */
  private focusOn(selector: string, scroll = true): void {
    const target = this.renderRoot.querySelector<HTMLElement>(selector);
    if (!target) return;
    if (!target.hasAttribute('tabindex')) {
      target.tabIndex = -1;
      target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
    }
    target.focus({ preventScroll: !scroll });
    if (scroll) target.scrollIntoView({ block: 'nearest' });
  }

  /**
   * A notice closed from its own button (Dismiss, Undo): the keyboard's focus goes to the notice
   * that takes its place, else to the picture, not back to the top of the page.
   */
  private async closeNotice(notice: Notice, run?: () => void): Promise<void> {
    const index = this.notices.indexOf(notice);
    this.dismiss(notice.id);
    run?.();
    await this.updateComplete;
    const left = this.renderRoot.querySelectorAll<HTMLElement>('.notice button.icon');
    const next = left[Math.min(index, left.length - 1)];
    // the page does not move: the notice was just above the picture
    if (next) next.focus({ preventScroll: true });
    else this.focusOn('gc-stage', false);
  }

  private onSourceError(text: string): void {
    if (this.sourceErrorId !== null) this.dismiss(this.sourceErrorId);
    this.sourceErrorId = this.notify('error', text);
  }

  private dismiss(id: number): void {
    this.notices = this.notices.filter((n) => n.id !== id);
  }
}

/**
 * Render refusals that are about the image or the settings (the engine's, from either executor,
 * or the server's for an image URL): no picture can stand for them. Any other failure (a worker
 * or the GPU failing) leaves the picture on screen and says so in a notice.
 */
const UNRENDERABLE: ReadonlySet<RenderErrorCode> = new Set(['grid_too_large', 'empty_image', 'invalid_rows']);

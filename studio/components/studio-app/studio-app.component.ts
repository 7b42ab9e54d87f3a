import { html, LitElement, nothing, type PropertyValues } from 'lit';
import type { RenderEvidence } from '../../../engine/index.js';
import { type RenderParams, resolveParams } from '../../../engine/index.js';
import { ExecutorController } from '../../controllers/executor-controller.js';
import { NoticeBoard } from '../../controllers/notice-board.js';
import { PictureChooser } from '../../controllers/picture-chooser.js';
import { RenderPipeline } from '../../controllers/render-pipeline.js';
import { ServerFacts } from '../../controllers/server-facts.js';
import { SourceController } from '../../controllers/source-controller.js';
import { engineCellAspect, loadArtFont } from '../../render/cell-metrics.js';
import type { RenderedFrame } from '../../render/frame-renderer.js';
import { type PaintStyle, paintStyleOf } from '../../render/grid-painter.js';
import { SAMPLES, type Sample, sampleKey } from '../../sources/samples.js';
import { isStream, type StudioSource } from '../../sources/source.js';
import { stageDraw } from '../../state/engine-choice.js';
import { FrameBus } from '../../state/frame-bus.js';
import type { Notice } from '../../state/notices.js';
import { paramLabel } from '../../state/param-labels.js';
import { applyPreset, PRESETS } from '../../state/presets.js';
import {
  changedParams,
  type DrawMode,
  differingParams,
  type ExecutorMode,
  readUrlState,
  withReadableWidth,
  writeUrlQuery,
} from '../../state/url-state.js';
import type { ParamChangeDetail } from '../param-field/param-field.component.js';
import type { PresetDetail } from '../param-panel/param-panel.component.js';
import type { UrlDetail } from '../source-bar/source-bar.component.js';
import type { FilesDetail, Stage } from '../stage/stage.component.js';
import { emptyState, unrenderable } from './empty-state.js';
import { engineStatus } from './engine-status.js';
import { focusOn } from './focus.js';
import { headerView } from './header-view.js';
import { dockView, hudFigures, linkNoticeText, noticeList, TunedValues, withDirector } from './parts.js';
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
    fontReady: { state: true },
    diagnostics: { state: true },
  };

  declare params: RenderParams;
  declare source: StudioSource | null;
  declare fontReady: boolean;
  /** The diagnostics view (the link's `diagnostics=on`, or its toggle): engineers' figures shown. */
  declare diagnostics: boolean;

  /** Every rendered frame goes here; exports and the handoff subscribe. */
  readonly bus = new FrameBus();
  readonly traceId: string | null;
  readonly draw: DrawMode;
  readonly executor: ExecutorMode;
  private readonly pipeline: RenderPipeline;
  private readonly sources: SourceController;
  private readonly executors: ExecutorController;
  private evidence: RenderEvidence | null = null;
  /** How the stage draws `paintedParams` (remade when a frame of other params comes, not per frame). */
  private paintStyle: PaintStyle;
  private paintedParams: RenderParams;
  private readonly board = new NoticeBoard(this);
  private readonly server = new ServerFacts(this);
  private readonly chooser: PictureChooser;
  /** The sample the link opens, or null. */
  private readonly linkSample: Sample | null;
  /** Why drawing with WebGPU failed, once it has (the stage then draws with Canvas 2D). */
  private drawFailed: string | null = null;
  private readonly tuned = new TunedValues();
  private sourceFrames = 0; // frames rendered for the current source
  /** Counts the sources shown: the panels end a recording or a handoff when it changes (even to a file of the same name). */
  private sourceId = 0;
  /** What was shown before an image URL was entered (a stream keeps playing): shown again when the URL fails. */
  private beforeUrl: StudioSource | null = null;
  /** The last image address that failed to render, shown in the URL field (SourceBar.address). */
  private refusedAddress = '';
  /** Why the current source has no picture: its last render failed (cleared by the next frame). */
  private unrendered: string | null = null;
  /** The link set a look but named no picture: the empty stage says a picture is needed. */
  private readonly sharedLook: boolean;
  /** The image address the link opened the studio with (`image=`), opened once connected. */
  private readonly linkImage: string | null;

  constructor() {
    super();
    const url = readUrlState(location.search);
    this.linkImage = url.image;
    this.sharedLook = Object.keys(changedParams(url.params)).length > 0 && !url.image && !url.sample;
    this.linkSample = SAMPLES.find((s) => sampleKey(s) === url.sample) ?? null;
    // a phone opened without a width gets one whose glyphs can be read (120 columns in 360 px are noise)
    const params = new URLSearchParams(location.search).has('columns')
      ? url.params
      : withReadableWidth(url.params, window.innerWidth);
    this.params = params;
    this.paintedParams = params;
    this.paintStyle = paintStyleOf(params);
    this.traceId = url.traceId;
    this.draw = url.draw;
    this.executor = url.executor;
    this.source = null;
    this.fontReady = false;
    this.diagnostics = url.diagnostics;
    if (url.issues.length > 0) this.board.notify('warning', linkNoticeText(url.issues), 'link');
    this.pipeline = new RenderPipeline(this, this.params, 0.5, {
      onFrame: (frame, source, params) => this.onFrame(frame, source, params),
      onError: (err, source) => this.onRenderError(err, source),
      onRendererLost: (err, renderer) => this.executors.rendererLost(err, renderer),
      onWarning: (text) => this.board.notify('warning', text),
      wantsGrid: () => this.bus.wantsEveryFrame || !this.stage?.drawsFromDevice,
    });
    this.pipeline.setTemporal(url.temporal);
    this.executors = new ExecutorController(this, this.pipeline, url.executor, (text) =>
      this.board.notify('warning', text),
    );
    this.sources = new SourceController(this, () => this.renderRoot?.querySelector('video.source') ?? null, {
      onSource: (source) => this.onSource(source),
      onError: (text) => this.onSourceError(text),
      onFileShown: (file) => this.chooser.shown(file),
    });
    this.chooser = new PictureChooser(this.sources, (text) => this.onSourceError(text));
    // the address says the look in force, in the one form the studio writes it: the values the
    // notice lists as unused leave it, and so do defaults and spellings (` 80 `, `080`), so Copy
    // link, a bookmark or a reload carry only the settings that differ, as they are shown
    this.rewriteLink(params);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // a shared link to an image URL source renders it, as if typed in (the server fetches it)
    if (this.linkImage !== null && this.source === null) this.sources.openUrl(this.linkImage);
    else if (this.linkSample && this.source === null) this.chooser.openSample(this.linkSample);
    // else the picture of the last visit, kept in this browser (Close forgets it)
    else this.chooser.restore();
    void loadArtFont().then(() => {
      this.pipeline.setCellAspect(engineCellAspect());
      this.fontReady = true;
      this.executors.start();
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

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('diagnostics')) this.pipeline.sampling = this.diagnostics; // the HUD's figures
  }

  private get stage(): Stage | null {
    return this.renderRoot.querySelector('gc-stage');
  }

  protected override render() {
    const status = engineStatus(
      this.pipeline.rendererKind,
      this.executors.deviceState,
      this.draw,
      this.executors.lost,
      this.executors.note,
      this.pipeline.framePath,
      this.drawFailed,
    );
    const stream = isStream(this.source);
    const grid = this.bus.latest?.grid;
    return html`
      ${headerView({
        root: this.renderRoot,
        sources: this.sources,
        source: this.source,
        refusedAddress: this.refusedAddress,
        urlField: this.server.urlFetching || this.diagnostics || this.linkImage !== null || this.refusedAddress !== '',
        diagnostics: this.diagnostics,
        status,
        close: () => this.chooser.close(),
      })}
      <aside aria-label="Render parameters">
        <gc-param-panel
          .params=${this.params}
          .tuned=${this.tuned.of(this.evidence?.director ?? null)}
          @gc-param-change=${(e: CustomEvent<ParamChangeDetail>) => this.setParam(e.detail)}
          @gc-preset=${(e: CustomEvent<PresetDetail>) => this.preset(e.detail)}
          @gc-params-reset=${() => this.changeLook(resolveParams({}, 'json'), 'Reset all')}
        ></gc-param-panel>
        <button class="diagnostics" aria-pressed=${String(this.diagnostics)} @click=${() => this.toggleDiagnostics()}>
          Diagnostics
        </button>
      </aside>
      <main>
        <div class="notices">
          ${noticeList(this.board.notices, (notice, run) => this.closeNotice(notice, run))}
        </div>
        <gc-stage
          role="region"
          aria-label="Picture"
          aria-busy=${this.pipeline.stillRendering ? 'true' : 'false'}
          .gpu=${this.executors.gpuState}
          draw=${this.drawFailed !== null ? 'canvas2d' : stageDraw(this.draw, this.executors.gpuState)}
          ?monitor=${stream}
          @gc-files=${(e: CustomEvent<FilesDetail>) => this.sources.openFiles(e.detail.files)}
          @gc-url=${(e: CustomEvent<UrlDetail>) => this.sources.openUrl(e.detail.url)}
          @gc-draw-timed=${() => stream || this.requestUpdate()}
          @gc-draw-failed=${(e: CustomEvent<string>) => this.onDrawFailed(e.detail)}
        >
          ${
            grid && this.diagnostics
              ? html`<gc-hud slot="hud" ?stream=${stream} .figures=${hudFigures(this.pipeline, grid, stream, this.stage?.drawGpuMs ?? null)}></gc-hud>`
              : nothing
          }
          <div slot="monitor" class="monitor" ?hidden=${!stream}>
            <video class="source" muted playsinline aria-label="Source video"></video>
            <span>${this.source?.kind === 'camera' ? 'camera' : 'source'}</span>
          </div>
          <div slot="empty" class="empty">${emptyState(this.source, {
            unrendered: this.unrendered,
            open: (s) => this.chooser.openSample(s),
            urlField: this.server.urlFetching,
            sharedLook: this.sharedLook,
          })}</div>
        </gc-stage>
        ${this.source?.kind === 'video' ? html`<gc-transport .video=${this.source.element} .frames=${this.source.frames ?? null}></gc-transport>` : nothing}
        ${dockView({
          bus: this.bus,
          evidence: this.evidence,
          autoOptimize: this.params.autoOptimize,
          tunes: this.pipeline.streamTunes,
          sourceId: this.sourceId,
          source: this.source,
          unrendered: this.unrendered !== null,
          traceId: this.traceId,
          handoff: this.server.receiver || this.diagnostics,
          diagnostics: this.diagnostics,
        })}
      </main>
    `;
  }

  // Parameters ---------------------------------------------------------------------------

  private setParam({ name, value }: ParamChangeDetail): void {
    // Photo look is color behind the glyphs: turned on, it turns Colour on too (as the CLI's
    // --background does); Colour turned off leaves it waiting for Colour again
    const also = name === 'background' && value === true ? { color: true } : {};
    this.commit(Object.freeze({ ...this.params, [name]: value, ...also }) as RenderParams);
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
    const text = `${what} changed ${changed.length === 1 ? 'one setting' : `${changed.length} settings`}: ${names}.`;
    this.board.notify('info', text, 'undo', { label: 'Undo', run: () => this.commit(before) });
  }

  private commit(params: RenderParams): void {
    // the link is rewritten from the params now: what it said about the old link is moot
    this.board.drop('link', 'undo');
    this.params = params;
    this.rewriteLink(params);
    this.pipeline.setParams(params);
  }

  /** Shows or hides the engineers' figures; the link keeps the choice. */
  private toggleDiagnostics(): void {
    this.diagnostics = !this.diagnostics;
    this.rewriteLink(this.params);
  }

  private rewriteLink(params: RenderParams): void {
    const image = this.source?.kind === 'url' ? this.source.url : null;
    const current = new URLSearchParams(location.search);
    if (this.diagnostics) current.set('diagnostics', 'on');
    else current.delete('diagnostics');
    const query = writeUrlQuery(params, current.toString(), image, this.chooser.linkName(this.source));
    history.replaceState(history.state, '', `${location.pathname}${query}${location.hash}`);
  }

  // Sources and frames -------------------------------------------------------------------

  private onSource(source: StudioSource | null): void {
    if (source?.kind === 'url') this.beforeUrl = this.sourceFrames > 0 ? this.source : this.beforeUrl;
    // a new source makes the errors of earlier ones moot
    this.board.dropErrors();
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
    const { grid, onDevice } = frame;
    // a URL's first frame: the stream it replaced, kept in case it failed, can go
    if (this.sourceFrames++ === 0 && source.kind === 'url') this.sources.confirm();
    // drawn and published with the params it was rendered with, which the controls may have left
    if (params !== this.paintedParams) {
      this.paintedParams = params;
      this.paintStyle = paintStyleOf(params);
    }
    // drawn from the GPU where the painter can (nothing copied), else from the grid
    const drawn = onDevice && this.stage?.drawsFromDevice ? onDevice : grid;
    if (drawn) this.stage?.paint(drawn, this.paintStyle);
    if (grid) {
      this.evidence = grid.evidence;
      this.bus.publish(grid, params, isStream(source), this.pipeline.mediaTime);
    } else if (onDevice) {
      this.bus.shownOnDevice(() => this.pipeline.readBack(onDevice), params, this.pipeline.mediaTime);
      this.evidence = withDirector(this.evidence, this.pipeline.streamEvidence);
    }
    // a render that works again retires the error of the one that failed
    this.board.drop('render');
    this.unrendered = null;
  }

  /** Drawing with WebGPU threw: Canvas 2D draws from now on, and the user is told why. */
  private onDrawFailed(message: string): void {
    if (this.drawFailed !== null) return;
    this.drawFailed = message;
    this.board.notify('warning', `Drawing with WebGPU failed (${message}); the art is drawn with Canvas 2D.`);
    this.requestUpdate();
  }

  /** An image URL that never rendered gives the stage back to what it showed before. */
  private onRenderError(err: Error, source: StudioSource): void {
    if (source.kind !== 'url' || this.sourceFrames > 0) {
      if (this.sourceFrames === 0 || unrenderable(err)) {
        // no picture yet, or one of earlier settings that would pass for these (on the stage, in
        // the HUD, in an export): the stage says why there is none instead, until a render works
        this.unrendered = err.message;
        this.evidence = null;
        this.bus.clear();
        this.stage?.clear();
      }
      // one notice for the failure in force: an earlier one goes
      this.board.notify('error', err.message, 'render');
      return;
    }
    // shown again first: that clears the earlier errors, not this one
    this.sources.show(this.beforeUrl);
    this.board.notify('error', `${source.name}: ${err.message}`);
    // the link drops an address that did not render; the URL field keeps it, to be mended
    this.refusedAddress = source.url;
  }

  // Notices ------------------------------------------------------------------------------

  /**
   * A notice closed from its own button (Dismiss, Undo): the keyboard's focus goes to the notice
   * that takes its place, else to the picture, not back to the top of the page.
   */
  private async closeNotice(notice: Notice, run?: () => void): Promise<void> {
    const index = this.board.notices.indexOf(notice);
    this.board.dismiss(notice.id);
    run?.();
    await this.updateComplete;
    const left = this.renderRoot.querySelectorAll<HTMLElement>('.notice button.icon');
    const next = left[Math.min(index, left.length - 1)];
    // the page does not move: the notice was just above the picture
    if (next) next.focus({ preventScroll: true });
    else focusOn(this.renderRoot, 'gc-stage', false);
  }

  private readonly onSourceError = (text: string): void => this.board.notify('error', text, 'source');
}

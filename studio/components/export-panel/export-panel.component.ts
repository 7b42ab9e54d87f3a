import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { encode, FORMAT_INFO, FORMATS, type Format } from '../../../engine/index.js';
import { FrameBusController } from '../../controllers/frame-bus-controller.js';
import { type Clip, ClipRecorder, clipToHtmlFlipbook, clipToJsonLines } from '../../export/clip.js';
import { clipToWebm, webmType } from '../../export/clip-video.js';
import { clipFileName, exportFileName } from '../../export/file-names.js';
import { FORMAT_BUTTON_TEXT } from '../../export/format-buttons.js';
import { saveBlob, saveText } from '../../export/save.js';
import type { BusFrame, FrameBus } from '../../state/frame-bus.js';
import { STUDIO_KEY_SET } from '../../state/url-state.js';
import { exportPanelStyles } from './export-panel.styles.js';

/**
 * Export of the frame on screen: a download in each of the six formats (SPEC 2.3 extensions),
 * text or ANSI to the clipboard, the link to the look, and a short clip of the frames of a
 * stream (JSON lines, an HTML flipbook, or a WebM video of it). Encodes with the engine's encoders and the params the frame was rendered
 * with, so a download equals the server's render of the same pixels and params.
 * Loaded on demand (not part of the initial bundle).
 */
export class ExportPanel extends LitElement {
  static override styles = exportPanelStyles;
  static override properties = {
    bus: { attribute: false },
    sourceId: { type: Number },
    sourceName: { type: String },
    stream: { type: Boolean },
    hasFrame: { state: true },
    recording: { state: true },
    clip: { state: true },
    videoDone: { state: true },
    message: { state: true },
  };

  declare bus: FrameBus | null;
  /** Changes with every new source, also one of the same name (a file opened again). */
  declare sourceId: number;
  declare sourceName: string;
  declare stream: boolean;
  declare hasFrame: boolean;
  declare recording: ClipRecorder | null;
  declare clip: Clip | null;
  /** While the clip's video is being made: the share done, 0 to 1. */
  declare videoDone: number | null;
  declare message: string;

  private readonly frames = new FrameBusController(
    this,
    (frame) => this.onFrame(frame),
    () => (this.hasFrame = false),
  );
  private tick = 0;

  constructor() {
    super();
    this.bus = null;
    this.sourceId = 0;
    this.sourceName = '';
    this.stream = false;
    this.hasFrame = false;
    this.recording = null;
    this.clip = null;
    this.videoDone = null;
    this.message = '';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('bus')) {
      this.frames.use(this.bus);
      this.hasFrame = this.bus?.latest != null;
    }
    // a recording ends with its source; the clip stays downloadable until the next recording
    if (changed.has('sourceId') && this.recording) this.stop();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.bus?.want(this, false);
    clearInterval(this.tick);
  }

  protected override render() {
    const off = !this.hasFrame;
    return html`<h2>Export</h2>
      <div class="formats" role="group" aria-label="Download the current frame">
        ${FORMATS.map(
          (f) => html`<button ?disabled=${off} title=${FORMAT_INFO[f].label} @click=${() => this.download(f)}>
            <span class="visually-hidden">Download </span>${FORMAT_BUTTON_TEXT[f]} <small>.${FORMAT_INFO[f].extension}</small>
          </button>`,
        )}
      </div>
      <div class="row">
        <button ?disabled=${off} @click=${() => this.copy('text')}>Copy text</button>
        <button ?disabled=${off} @click=${() => this.copy('ansi')}>Copy ANSI</button>
        <button title="A link that opens the studio with this look" @click=${this.copyLink}>Copy link</button>
        ${this.recordButton(off)}
      </div>
      ${
        this.clip
          ? html`<div class="row" role="group" aria-label="Recorded clip">
              <button @click=${() => this.saveClip('jsonl')}>Download frames (.jsonl)</button>
              <button @click=${() => this.saveClip('html')}>Download flipbook (.html)</button>
              ${this.videoButton()}
            </div>`
          : ''
      }
      <p role="status">${this.message}</p>`;
  }

  /**
   * Record clip, and Stop recording while it records: one button, so the focus stays on it (two
   * buttons swapped in and out dropped the focus to the page's top, far from Stop recording).
   */
  private recordButton(off: boolean) {
    const recording = this.recording;
    return html`<button
      class=${recording ? 'rec' : ''}
      ?disabled=${!recording && (off || !this.stream)}
      title=${recording ? nothing : 'Records up to 10 s of a video or webcam stream'}
      @click=${recording ? this.stop : this.record}
    >
      ${recording ? `Stop recording (${(recording.durationMs / 1000).toFixed(1)} s)` : 'Record clip'}
    </button>`;
  }

  private onFrame(frame: BusFrame): void {
    if (!this.hasFrame) this.hasFrame = true;
    const recording = this.recording;
    if (recording && !recording.add(frame.grid, frame.params, performance.now(), frame.mediaTime)) this.stop();
  }

  private async download(format: Format): Promise<void> {
    // the frame on screen (a stream drawn on the GPU reads it back now)
    const frame = await this.bus?.current();
    if (!frame) return;
    const out = encode(frame.grid, { ...frame.params, format });
    saveText(out.body, out.contentType, exportFileName(this.sourceName, format, frame.grid.columns, frame.grid.rows));
    this.message = `Saved ${FORMAT_INFO[format].label}, ${frame.grid.columns}×${frame.grid.rows}.`;
  }

  private async copy(format: 'text' | 'ansi'): Promise<void> {
    const frame = await this.bus?.current();
    if (!frame) return;
    try {
      await navigator.clipboard.writeText(encode(frame.grid, { ...frame.params, format }).body);
      this.message = `Copied ${frame.grid.rows} lines of ${format === 'text' ? 'text' : 'ANSI'} to the clipboard.`;
    } catch (err) {
      this.message = `The clipboard refused the copy (${(err as Error).message}).`;
    }
  }

  /**
   * The page's link is the look (every setting that differs from its default, see url-state.ts),
   * less the handoff's trace id: a trace belongs to this session, not to whoever opens the link.
   */
  private readonly copyLink = async (): Promise<void> => {
    const url = new URL(location.href);
    url.searchParams.delete('traceId');
    url.hash = '';
    try {
      await navigator.clipboard.writeText(url.href);
      // the studio's own keys (draw, executor, temporal) say how it runs, not the look
      const settings = [...url.searchParams.keys()].filter((k) => !STUDIO_KEY_SET.has(k)).length;
      const image = url.searchParams.has('image') ? ' and the image address' : '';
      this.message =
        settings === 0
          ? `Copied the link: it opens the studio with the default look${image}.`
          : `Copied the link to this look (${settings === 1 ? '1 setting differs' : `${settings} settings differ`} from the defaults)${image}.`;
    } catch (err) {
      this.message = `The clipboard refused the copy (${(err as Error).message}).`;
    }
  };

  private readonly record = async (): Promise<void> => {
    // every frame's grid from now on, read back from the GPU as it renders
    this.bus?.want(this, true);
    const frame = await this.bus?.current();
    if (!frame) {
      this.bus?.want(this, false);
      return;
    }
    this.clip = null;
    this.recording = new ClipRecorder(this.sourceName, frame.params);
    // the clip starts with the frame on screen: a Stop pressed before the next frame arrives (a
    // paused video, a quick press) still records what was seen
    this.recording.add(frame.grid, frame.params, performance.now(), frame.mediaTime);
    this.message = 'Recording…';
    this.tick = window.setInterval(() => this.requestUpdate(), 250);
  };

  private readonly stop = (): void => {
    if (!this.recording) return;
    this.bus?.want(this, false);
    clearInterval(this.tick);
    this.clip = this.recording.finish();
    this.recording = null;
    const count = this.clip.frames.length;
    this.message = `Recorded ${count === 1 ? '1 frame' : `${count} frames`} (${((this.clip.frames.at(-1)?.t ?? 0) / 1000).toFixed(1)} s).`;
  };

  /**
   * Download video, or its progress while it is made: one button, marked busy with aria-disabled
   * rather than disabled, so the focus stays on it (a disabled button drops it).
   */
  private videoButton() {
    const type = webmType();
    const making = this.videoDone !== null;
    return html`<button
      ?disabled=${!type}
      aria-disabled=${making ? 'true' : 'false'}
      title=${type ? 'Plays the clip once to record it (as long as the clip)' : 'This browser cannot record WebM video'}
      @click=${this.saveVideo}
    >
      ${making ? `Making video… ${Math.round((this.videoDone ?? 0) * 100)} %` : 'Download video (.webm)'}
    </button>`;
  }

  private readonly saveVideo = async (): Promise<void> => {
    const clip = this.clip;
    if (!clip || this.videoDone !== null) return;
    this.videoDone = 0;
    const seconds = ((clip.frames.at(-1)?.t ?? 0) / 1000).toFixed(1);
    this.message = `Making the video: the clip plays once (${seconds} s); keep this page in front.`;
    try {
      const video = await clipToWebm(clip, (done) => (this.videoDone = done));
      saveBlob(video, clipFileName(clip.source, 'webm'));
      this.message = `Saved the video (${clip.frames.length} frames, ${(video.size / 1e6).toFixed(1)} MB).`;
    } catch (err) {
      this.message = `The video could not be made: ${(err as Error).message}.`;
    } finally {
      this.videoDone = null;
    }
  };

  private saveClip(kind: 'jsonl' | 'html'): void {
    if (!this.clip) return;
    const name = clipFileName(this.clip.source, kind);
    if (kind === 'jsonl') saveText(clipToJsonLines(this.clip), 'application/jsonl', name);
    else saveText(clipToHtmlFlipbook(this.clip), 'text/html', name);
  }
}

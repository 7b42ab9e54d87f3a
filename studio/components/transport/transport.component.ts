import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { live } from 'lit/directives/live.js';
import type { FramePlayer } from '../../sources/animated-image.js';
import { transportStyles } from './transport.styles.js';

const clock = (s: number) => {
  if (!Number.isFinite(s)) return '0:00';
  const m = Math.floor(s / 60);
  return `${m}:${String(Math.floor(s - m * 60)).padStart(2, '0')}`;
};

/** Seconds an arrow key seeks by (Page Up / Page Down: a tenth of the video); Home and End are the slider's own. */
const ARROW_SEEK_S = 1;
const SEEK_KEYS: Readonly<Record<string, (duration: number) => number>> = {
  ArrowRight: () => ARROW_SEEK_S,
  ArrowUp: () => ARROW_SEEK_S,
  ArrowLeft: () => -ARROW_SEEK_S,
  ArrowDown: () => -ARROW_SEEK_S,
  PageUp: (d) => d / 10,
  PageDown: (d) => -d / 10,
};

/** Media events that change what the transport shows. */
const MEDIA_EVENTS = ['play', 'pause', 'timeupdate', 'durationchange', 'seeked', 'ended'] as const;

/**
 * Play, pause, seek and loop for a video file. The seek slider drags to the frame, the video
 * held there while the thumb is (it plays on from there once let go, if it was playing); its
 * arrow keys move one second, Page Up and Page Down a tenth of the video. A video that does not say
 * how long it is (a WebM written live) shows `–:––` and cannot be seeked until its length is known.
 * An animated image (`frames`) plays in the element as a stream, which has no length or time to
 * seek to: Play, Pause and the slider act on the animation itself, by frame ("frame 3 / 12";
 * arrow keys step a frame), so a frame can be picked and exported. Listens to the element
 * (and the animation) it is given and stops listening when they change or the transport leaves
 * the page.
 *
 * @csspart seek - the seek slider (by frame for an animated image).
 */
export class Transport extends LitElement {
  static override styles = transportStyles;
  static override properties = { video: { attribute: false }, frames: { attribute: false } };

  declare video: HTMLVideoElement | null;
  /** Set for an animated image: its transport, by frame. */
  declare frames: FramePlayer | null;
  private listening: HTMLVideoElement | null = null;
  private listeningFrames: FramePlayer | null = null;
  /**
   * While a slider's thumb is dragged: whether to play on once it is let go. Playing on under
   * the thumb, the video (or animation) moved the thumb away from the pointer, which pulled it
   * back at its next move.
   */
  private playAfterScrub: boolean | null = null;

  constructor() {
    super();
    this.video = null;
    this.frames = null;
  }

  protected override render() {
    const v = this.video;
    if (!v) return html``;
    const position = this.frames ? this.framePosition(this.frames) : this.timePosition(v);
    // an animation shows only while its element plays too (a video's menu can pause the element);
    // held under a dragged thumb, it still reads as playing
    const paused = (this.frames ? this.frames.paused || v.paused : v.paused) && !this.playAfterScrub;
    return html`
      <button class="play" @click=${this.toggle}>${paused ? 'Play' : 'Pause'}</button>
      ${position}
      <label><input type="checkbox" .checked=${live(v.loop)} @change=${this.toggleLoop} />Loop</label>
    `;
  }

  /** Which frame of an animated image is on screen: a slider by frame, and "frame 3 / 12". */
  private framePosition(frames: FramePlayer) {
    const { frame, frameCount } = frames;
    return html`
      <input
        part="seek"
        type="range"
        aria-label="Frame"
        aria-valuetext="frame ${frame + 1} of ${frameCount}"
        min="1"
        max=${frameCount}
        step="1"
        .value=${live(String(frame + 1))}
        @pointerdown=${this.startScrub}
        @input=${(e: Event) => frames.seek(Number((e.target as HTMLInputElement).value) - 1)}
      />
      <span class="time mono">frame ${frame + 1} / ${frameCount}</span>
    `;
  }

  /** Where a video is: the seek slider, and "0:07 / 1:30". */
  private timePosition(v: HTMLVideoElement) {
    // a WebM written live (MediaRecorder's, say) has no duration until it has played through
    // (Infinity): its length is not known, so there is nothing to seek along yet
    const known = Number.isFinite(v.duration) && v.duration > 0;
    const duration = known ? v.duration : 0;
    const length = known ? clock(duration) : '–:––';
    return html`
      <input
        part="seek"
        type="range"
        aria-label="Seek"
        aria-valuetext="${clock(v.currentTime)} of ${known ? length : 'a length not known yet'}"
        title=${known ? nothing : 'The video does not say how long it is: seeking works once it has played through'}
        ?disabled=${!known}
        min="0"
        max=${duration}
        step="0.01"
        .value=${live(String(v.currentTime))}
        @pointerdown=${this.startScrub}
        @input=${(e: Event) => {
          v.currentTime = Number((e.target as HTMLInputElement).value);
        }}
        @keydown=${(e: KeyboardEvent) => this.seekByKey(e, duration)}
      />
      <span class="time mono">${clock(v.currentTime)} / ${length}</span>
    `;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('video') || changed.has('frames')) this.finishScrub(false);
    if (changed.has('video')) this.listen(this.video);
    if (changed.has('frames')) this.listenFrames(this.frames);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.listen(this.video);
    this.listenFrames(this.frames);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.finishScrub(false);
    this.listen(null);
    this.listenFrames(null);
  }

  /** A thumb taken by the pointer: what plays is held until it is let go (anywhere on the page). */
  private readonly startScrub = () => {
    const v = this.video;
    if (!v || this.playAfterScrub !== null) return;
    const frames = this.frames;
    this.playAfterScrub = frames ? !frames.paused && !v.paused : !v.paused;
    if (frames) frames.pause();
    else v.pause();
    addEventListener('pointerup', this.endScrub);
    addEventListener('pointercancel', this.endScrub);
  };

  private readonly endScrub = () => this.finishScrub(true);

  /** The thumb let go: plays on if it played before (`playOn`; not when the source has changed). */
  private finishScrub(playOn: boolean): void {
    if (this.playAfterScrub === null) return;
    removeEventListener('pointerup', this.endScrub);
    removeEventListener('pointercancel', this.endScrub);
    const play = playOn && this.playAfterScrub;
    this.playAfterScrub = null;
    if (play && this.frames) this.frames.play();
    else if (play) void this.video?.play();
    this.requestUpdate();
  }

  private listenFrames(frames: FramePlayer | null): void {
    if (this.listeningFrames === frames) return;
    this.listeningFrames?.removeEventListener('change', this.onMedia);
    this.listeningFrames = frames;
    frames?.addEventListener('change', this.onMedia);
  }

  private listen(video: HTMLVideoElement | null): void {
    if (this.listening === video) return;
    for (const type of MEDIA_EVENTS) this.listening?.removeEventListener(type, this.onMedia);
    this.listening = video;
    for (const type of MEDIA_EVENTS) video?.addEventListener(type, this.onMedia);
  }

  private readonly onMedia = () => this.requestUpdate();

  /** The slider's step is fine for dragging; keys move by whole seconds instead of 10 ms. */
  private seekByKey(e: KeyboardEvent, duration: number): void {
    const by = SEEK_KEYS[e.key];
    const v = this.video;
    if (!by || !v || duration <= 0) return;
    e.preventDefault();
    v.currentTime = Math.min(duration, Math.max(0, v.currentTime + by(duration)));
  }

  private readonly toggle = () => {
    const v = this.video;
    if (!v) return;
    if (!this.frames) {
      if (v.paused) void v.play();
      else v.pause();
    } else if (this.frames.paused || v.paused) {
      void v.play();
      this.frames.play();
    } else this.frames.pause();
  };

  private readonly toggleLoop = (e: Event) => {
    if (this.video) this.video.loop = (e.target as HTMLInputElement).checked;
    this.requestUpdate();
  };
}

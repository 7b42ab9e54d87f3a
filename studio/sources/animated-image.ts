/**
 * An animated GIF, WebP, PNG or AVIF as a video stream: its frames (WebCodecs' ImageDecoder) drawn on
 * a canvas at their own durations, and the canvas captured as a MediaStream that plays in the
 * studio's video element, so it renders like a video file (the temporal filter, recording, the
 * handoff's video-stream). The transport plays, pauses and seeks it by frame (FramePlayer);
 * with Loop off it stops on the last frame. Browsers without ImageDecoder show the first
 * frame, as a still.
 */
import { MAX_IMAGE_PIXELS } from './decode-image.js';

/** Frame durations under this are shown for DEFAULT_FRAME_MS, as browsers show such GIFs. */
const MIN_FRAME_MS = 20;
const DEFAULT_FRAME_MS = 100;

const ANIMATED_TYPES = new Set(['image/gif', 'image/webp', 'image/png', 'image/apng', 'image/avif']);

/**
 * An animation's transport: the frame shown (0-based) of how many, and whether it plays. A
 * `change` event says either moved; `seeking`, as a video element's, comes just before a frame
 * sought is drawn. A stream has no duration or time to seek to, so the transport plays, pauses
 * and seeks the animation here, by frame, while the video element it plays in keeps playing
 * (a paused element would not show a frame sought).
 */
export interface FramePlayer extends EventTarget {
  readonly frame: number;
  readonly frameCount: number;
  readonly paused: boolean;
  play(): void;
  pause(): void;
  /** Shows frame `frame` (0-based) now, paused or playing; playing goes on from there. */
  seek(frame: number): void;
}

export class AnimatedImage extends EventTarget implements FramePlayer {
  private stopped = false;
  /** The frame on the canvas (0-based). */
  frame = 0;
  paused = false;
  /** The frame to draw next. */
  private index = 0;
  /** A frame sought: drawn at once, even while paused. */
  private sought = false;
  /** Stopped after its last frame (Loop off): Play starts it again. */
  private atEnd = false;
  /** Ends the current wait (a frame's duration, or a pause) early. */
  private wake: (() => void) | null = null;
  private readonly canvas: HTMLCanvasElement;
  readonly stream: MediaStream;

  private constructor(
    private readonly decoder: ImageDecoder,
    readonly frameCount: number,
    width: number,
    height: number,
  ) {
    super();
    this.canvas = document.createElement('canvas');
    this.canvas.width = width;
    this.canvas.height = height;
    this.stream = this.canvas.captureStream();
  }

  /** Whether `file` may hold an animation this browser plays (a type that has them, and ImageDecoder). */
  static mayBe(file: Blob): boolean {
    return ANIMATED_TYPES.has(file.type) && typeof ImageDecoder !== 'undefined';
  }

  /**
   * The animation in `file`, or null when it is not one (one frame, a type that has none, a
   * browser without ImageDecoder): the caller decodes it as a still. Throws for an animation
   * whose frames are over the studio's pixel limit.
   */
  static async open(file: Blob): Promise<AnimatedImage | null> {
    if (!AnimatedImage.mayBe(file)) return null;
    let decoder: ImageDecoder;
    try {
      if (!(await ImageDecoder.isTypeSupported(file.type))) return null;
      decoder = new ImageDecoder({ data: await file.arrayBuffer(), type: file.type });
      await decoder.tracks.ready;
      await decoder.completed;
    } catch {
      return null; // the still decode says what is wrong with it
    }
    const track = decoder.tracks.selectedTrack;
    if (!track?.animated || track.frameCount < 2) {
      decoder.close();
      return null;
    }
    let width: number;
    let height: number;
    try {
      const { image } = await decoder.decode({ frameIndex: 0 });
      [width, height] = [image.displayWidth, image.displayHeight];
      image.close();
    } catch {
      decoder.close();
      return null; // its first frame does not decode: the still decode says why
    }
    if (width * height > MAX_IMAGE_PIXELS) {
      decoder.close();
      throw new Error(`its frames are ${width} x ${height} pixels; the limit is ${MAX_IMAGE_PIXELS / 1e6} megapixels`);
    }
    return new AnimatedImage(decoder, track.frameCount, width, height);
  }

  /**
   * Draws the frames into the stream, at their durations, until `stop`; with `loop` false it
   * pauses on the last frame. Never rejects: a frame that cannot be decoded ends the animation
   * and is reported to `failed`.
   */
  async run(loop: () => boolean, failed: (message: string) => void): Promise<void> {
    try {
      await this.drawFrames(loop);
    } catch (err) {
      if (!this.stopped) failed(`frame could not be decoded (${(err as Error).message})`);
    }
  }

  play(): void {
    if (!this.paused) return;
    if (this.atEnd) this.seek(0);
    this.paused = false;
    this.changed();
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.changed();
  }

  seek(frame: number): void {
    this.index = Math.min(this.frameCount - 1, Math.max(0, Math.trunc(frame)));
    this.sought = true;
    this.atEnd = false;
    this.wake?.();
  }

  private changed(): void {
    this.wake?.();
    this.dispatchEvent(new Event('change'));
  }

  private async drawFrames(loop: () => boolean): Promise<void> {
    const ctx = this.canvas.getContext('2d') as CanvasRenderingContext2D;
    while (!this.stopped) {
      if (this.paused && !this.sought) {
        await this.wait(Number.POSITIVE_INFINITY);
        continue;
      }
      const sought = this.sought;
      this.sought = false;
      const index = this.index;
      const { image } = await this.decoder.decode({ frameIndex: index });
      if (this.stopped) {
        image.close();
        return;
      }
      // as a video element's: the frame that follows is not a continuation of the last (the temporal filter starts anew)
      if (sought) this.dispatchEvent(new Event('seeking'));
      ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
      ctx.drawImage(image, 0, 0);
      const ms = (image.duration ?? 0) / 1000;
      image.close();
      this.frame = index;
      this.dispatchEvent(new Event('change'));
      // a seek or Pause (during the decode, or the frame's time): the next turn says what comes next
      if (this.paused || this.sought) continue;
      if ((await this.wait(ms < MIN_FRAME_MS ? DEFAULT_FRAME_MS : ms)) || this.paused || this.sought) continue;
      const next = (index + 1) % this.frameCount;
      if (next === 0 && !loop()) {
        // Loop off: the last frame stays, paused; Play starts it again
        this.atEnd = true;
        this.pause();
        continue;
      }
      this.index = next;
    }
  }

  /** Waits `ms`, or until woken; true when woken. */
  private wait(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const end = (woken: boolean) => {
        clearTimeout(timer);
        this.wake = null;
        resolve(woken);
      };
      const timer = Number.isFinite(ms) ? setTimeout(() => end(false), ms) : undefined;
      this.wake = () => end(true);
    });
  }

  stop(): void {
    this.stopped = true;
    this.wake?.();
    for (const track of this.stream.getTracks()) track.stop();
    this.decoder.close();
  }
}

/**
 * An animated GIF, WebP, PNG or AVIF as a video stream: its frames (WebCodecs' ImageDecoder) drawn on
 * a canvas at their own durations, and the canvas captured as a MediaStream that plays in the
 * studio's video element, so it renders like a video file (the temporal filter, recording, the
 * handoff's video-stream). Play and Pause pause the frames too; with Loop off it stops after
 * the last frame. Browsers without ImageDecoder show the first frame, as a still.
 */
import { MAX_IMAGE_PIXELS } from './decode-image.js';

/** Frame durations under this are shown for DEFAULT_FRAME_MS, as browsers show such GIFs. */
const MIN_FRAME_MS = 20;
const DEFAULT_FRAME_MS = 100;

const ANIMATED_TYPES = new Set(['image/gif', 'image/webp', 'image/png', 'image/apng', 'image/avif']);

/**
 * Where an animation is: the frame shown (0-based) of how many. A `frame` event says it moved.
 * (A stream has no duration or time to seek to, so the transport shows this instead.)
 */
export interface FramePosition extends EventTarget {
  readonly frame: number;
  readonly frameCount: number;
}

export class AnimatedImage extends EventTarget implements FramePosition {
  private stopped = false;
  /** The frame on the canvas (0-based). */
  frame = 0;
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
   * Draws the frames into the stream while `video` plays, until `stop`. Never rejects: a frame
   * that cannot be decoded ends the animation and is reported to `failed`.
   */
  async play(video: HTMLVideoElement, failed: (message: string) => void): Promise<void> {
    try {
      await this.drawFrames(video);
    } catch (err) {
      if (!this.stopped) failed(`frame could not be decoded (${(err as Error).message})`);
    }
  }

  private async drawFrames(video: HTMLVideoElement): Promise<void> {
    const ctx = this.canvas.getContext('2d') as CanvasRenderingContext2D;
    let index = 0;
    while (!this.stopped) {
      if (video.paused) {
        await new Promise((resolve) => video.addEventListener('play', resolve, { once: true }));
        continue;
      }
      const { image } = await this.decoder.decode({ frameIndex: index });
      if (this.stopped) {
        image.close();
        return;
      }
      ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
      ctx.drawImage(image, 0, 0);
      const ms = (image.duration ?? 0) / 1000;
      image.close();
      this.frame = index;
      this.dispatchEvent(new Event('frame'));
      await new Promise((resolve) => setTimeout(resolve, ms < MIN_FRAME_MS ? DEFAULT_FRAME_MS : ms));
      index = (index + 1) % this.frameCount;
      // Loop off: the last frame stays, paused; Play starts it again
      if (index === 0 && !video.loop) video.pause();
    }
  }

  stop(): void {
    this.stopped = true;
    for (const track of this.stream.getTracks()) track.stop();
    this.decoder.close();
  }
}

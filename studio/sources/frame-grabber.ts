/**
 * Copies the frame a video element shows into one reusable RGBA buffer, for the CPU path.
 *
 * `VideoFrame.copyTo(buffer, { format: 'RGBA' })` converts in the browser and writes into the
 * buffer given, so no pixel buffer is allocated per frame. The buffer is lent out (to the
 * Worker) and handed back with `giveBack`; while it is out, `grab` answers null and the frame
 * is dropped. Where copyTo cannot convert to RGBA, a 2D canvas (willReadFrequently) is used;
 * so it is for a frame that copyTo would not write as the element shows it (engine/gpu/frame-source.ts
 * copiesUpright).
 */
import { copiesUpright } from '../../engine/index.js';

export interface GrabbedFrame {
  readonly width: number;
  readonly height: number;
  /** width x height x 4 bytes at the start of this buffer (which may be larger). */
  readonly pixels: ArrayBuffer;
}

export class FrameGrabber {
  private buffer: ArrayBuffer | null = new ArrayBuffer(0);
  private canvas: OffscreenCanvas | null = null;
  private copyToRgba = typeof VideoFrame !== 'undefined';

  /** The current frame of `video`, or null when the buffer is lent out or no frame is ready. */
  async grab(video: HTMLVideoElement): Promise<GrabbedFrame | null> {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!this.buffer || width === 0 || height === 0 || video.readyState < 2) return null;
    const bytes = width * height * 4;
    if (this.buffer.byteLength < bytes) this.buffer = new ArrayBuffer(bytes);
    const pixels = this.buffer;
    this.buffer = null;
    try {
      let copied = false;
      if (this.copyToRgba) {
        const frame = new VideoFrame(video);
        try {
          if (copiesUpright(frame, width, height)) {
            await frame.copyTo(new Uint8Array(pixels, 0, bytes), { format: 'RGBA', colorSpace: 'srgb' });
            copied = true;
          }
        } catch {
          this.copyToRgba = false;
        } finally {
          frame.close();
        }
      }
      if (!copied) this.drawAndRead(video, width, height, new Uint8Array(pixels, 0, bytes));
      return { width, height, pixels };
    } catch (err) {
      this.buffer = pixels;
      throw err;
    }
  }

  /** Hands a buffer back after the Worker returned it. */
  giveBack(pixels: ArrayBuffer | null): void {
    if (pixels) this.buffer = pixels;
  }

  private drawAndRead(video: HTMLVideoElement, width: number, height: number, out: Uint8Array): void {
    if (!this.canvas || this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas = new OffscreenCanvas(width, height);
    }
    const ctx = this.canvas.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D;
    ctx.drawImage(video, 0, 0, width, height);
    out.set(ctx.getImageData(0, 0, width, height).data);
  }
}

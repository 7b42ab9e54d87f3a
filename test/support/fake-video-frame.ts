/**
 * Fakes of the platform's VideoFrame and OffscreenCanvas for reading video frames in Node: what
 * each writes tells which path a reader took. `VideoFrame.copyTo` writes the visible rectangle
 * as coded (whatever the element shows), filled with COPIED; the canvas reads back DRAWN.
 */
import { vi } from 'vitest';

export const COPIED = 1;
export const DRAWN = 2;

/** The orientation, visible (coded) size and shown size (default: the visible one) of the next fake frame. */
export interface FrameShape {
  readonly rotation: number;
  readonly flip: boolean;
  readonly visible: { readonly width: number; readonly height: number };
  readonly display?: { readonly width: number; readonly height: number };
}

let next: FrameShape = { rotation: 0, flip: false, visible: { width: 1, height: 1 } };

/** Sets the shape of the frames made from now on. */
export function nextFrameShape(shape: FrameShape): void {
  next = shape;
}

export class FakeVideoFrame {
  readonly rotation = next.rotation;
  readonly flip = next.flip;
  readonly visibleRect = { x: 0, y: 0, ...next.visible };
  readonly displayWidth = (next.display ?? next.visible).width;
  readonly displayHeight = (next.display ?? next.visible).height;
  async copyTo(out: Uint8Array): Promise<void> {
    out.fill(COPIED, 0, this.visibleRect.width * this.visibleRect.height * 4);
  }
  close(): void {}
}

export class FakeCanvas {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}
  getContext() {
    return {
      drawImage: () => {},
      getImageData: (_x: number, _y: number, w: number, h: number) => ({
        data: new Uint8ClampedArray(w * h * 4).fill(DRAWN),
      }),
    };
  }
}

/** Puts the fakes in place of the platform's VideoFrame and OffscreenCanvas (undo: vi.unstubAllGlobals). */
export function stubVideoFrames(): void {
  vi.stubGlobal('VideoFrame', FakeVideoFrame);
  vi.stubGlobal('OffscreenCanvas', FakeCanvas);
}

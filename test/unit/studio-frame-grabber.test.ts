/**
 * FrameGrabber: a video frame is read as the element shows it. `VideoFrame.copyTo` writes the
 * coded picture, so a frame the file turns (a phone's portrait video) or shows wider than coded
 * is read through the canvas, which draws it as shown. The platform is faked at its edges.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameGrabber } from '../../studio/sources/frame-grabber.js';
import { COPIED, DRAWN, nextFrameShape, stubVideoFrames } from '../support/fake-video-frame.js';

/** A video element showing width x height. */
const video = (width: number, height: number) =>
  ({ videoWidth: width, videoHeight: height, readyState: 4 }) as unknown as HTMLVideoElement;

async function read(shown: { width: number; height: number }): Promise<Set<number>> {
  const grabbed = await new FrameGrabber().grab(video(shown.width, shown.height));
  if (!grabbed) throw new Error('no frame');
  return new Set(new Uint8Array(grabbed.pixels, 0, shown.width * shown.height * 4));
}

describe('FrameGrabber', () => {
  beforeEach(() => {
    stubVideoFrames();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('copies an upright frame with VideoFrame.copyTo', async () => {
    nextFrameShape({ rotation: 0, flip: false, visible: { width: 320, height: 240 } });
    expect(await read({ width: 320, height: 240 })).toEqual(new Set([COPIED]));
  });

  it("reads a frame the file turns (a phone's portrait video) through the canvas, as shown", async () => {
    // coded 320 x 240, turned a quarter: the element shows 240 x 320 (copyTo would write 320-wide rows)
    nextFrameShape({ rotation: 90, flip: false, visible: { width: 320, height: 240 } });
    expect(await read({ width: 240, height: 320 })).toEqual(new Set([DRAWN]));
  });

  it('reads a flipped frame, or one shown wider than coded (non-square pixels), through the canvas', async () => {
    nextFrameShape({ rotation: 0, flip: true, visible: { width: 320, height: 240 } });
    expect(await read({ width: 320, height: 240 })).toEqual(new Set([DRAWN]));
    nextFrameShape({ rotation: 0, flip: false, visible: { width: 720, height: 576 } });
    expect(await read({ width: 1024, height: 576 })).toEqual(new Set([DRAWN]));
  });

  it('keeps copyTo for the upright frames after a turned one', async () => {
    const grabber = new FrameGrabber();
    nextFrameShape({ rotation: 270, flip: false, visible: { width: 320, height: 240 } });
    const turned = await grabber.grab(video(240, 320));
    grabber.giveBack(turned?.pixels ?? null);
    nextFrameShape({ rotation: 0, flip: false, visible: { width: 320, height: 240 } });
    const upright = await grabber.grab(video(320, 240));
    expect(new Set(new Uint8Array(upright?.pixels ?? new ArrayBuffer(0), 0, 320 * 240 * 4))).toEqual(new Set([COPIED]));
  });
});

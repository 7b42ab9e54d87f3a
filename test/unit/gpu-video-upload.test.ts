/**
 * FrameUploader's CPU read of a video frame (an adapter that neither imports nor copies it, as
 * SwiftShader): a frame the file turns (a phone's portrait video) is read as shown, through a
 * canvas, not as coded by VideoFrame.copyTo. The device and the platform are faked at their edges.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Kernels } from '../../engine/gpu/kernels.js';
import type { FrameResources } from '../../engine/gpu/resources.js';
import { FrameUploader } from '../../engine/gpu/upload.js';
import { COPIED, DRAWN, FakeVideoFrame, nextFrameShape, stubVideoFrames } from '../support/fake-video-frame.js';

/** The frame's orientation, coded size and the size the element shows. */
let shape: { rotation: number; visible: { width: number; height: number }; display: { width: number; height: number } };

/** Uploads one frame on a device that refuses to import or copy it; the bytes written to the GPU. */
async function uploaded(): Promise<Set<number>> {
  let written: Uint8Array | null = null;
  const device = {
    importExternalTexture: () => {
      throw new Error('refused');
    },
    createTexture: ({ size }: { size: { width: number; height: number } }) => ({ ...size, destroy() {} }),
    queue: {
      copyExternalImageToTexture: () => {
        throw new Error('refused');
      },
      writeBuffer: (_buffer: unknown, _offset: number, data: Uint8Array) => {
        written = data.slice();
      },
    },
  };
  const uploader = new FrameUploader(device as unknown as GPUDevice, {} as Kernels);
  const { width, height } = shape.display;
  nextFrameShape({ ...shape, flip: false });
  const frame = new FakeVideoFrame() as unknown as VideoFrame;
  await uploader.upload(frame, width, height, { rgba: {} } as FrameResources, undefined);
  expect(uploader.path).toBe('cpu-copy');
  return new Set(written ?? []);
}

describe('FrameUploader, a video frame read on the CPU', () => {
  beforeEach(() => {
    stubVideoFrames();
    vi.stubGlobal('GPUTextureUsage', { COPY_DST: 2, COPY_SRC: 1, RENDER_ATTACHMENT: 16 });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('copies an upright frame with VideoFrame.copyTo', async () => {
    shape = { rotation: 0, visible: { width: 32, height: 24 }, display: { width: 32, height: 24 } };
    expect(await uploaded()).toEqual(new Set([COPIED]));
  });

  it("reads a frame the file turns (a phone's portrait video) as shown, through a canvas", async () => {
    shape = { rotation: 90, visible: { width: 32, height: 24 }, display: { width: 24, height: 32 } };
    expect(await uploaded()).toEqual(new Set([DRAWN]));
  });
});

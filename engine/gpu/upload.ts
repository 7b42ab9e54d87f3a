/**
 * Brings a frame's pixels into the packed `rgba` buffer (see frame-source.ts for the kinds and
 * why): a buffer write, an image copy through a texture kept per size, an external texture for
 * the frame-import pass, or, for video the adapter will neither import nor copy, a CPU read into
 * an array kept per size. Remembers what it uploaded so an unchanged source is not sent again.
 */
import { GpuExecutorError } from './errors.js';
import { copiesUpright, frameKind, frameSize, type GpuFrame, isRgbaImage } from './frame-source.js';
import type { Kernels } from './kernels.js';
import type { FrameResources } from './resources.js';

/** How this frame's pixels reach `rgba`. */
export type Upload =
  | { readonly kind: 'buffer'; readonly stride: number }
  | { readonly kind: 'copy'; readonly stride: number; readonly texture: GPUTexture }
  | {
      readonly kind: 'external';
      readonly stride: number;
      readonly pipeline: GPUComputePipeline;
      readonly bindGroup: GPUBindGroup;
    };

export type FramePath = 'buffer' | 'copy' | 'external' | 'cpu-copy';

export class FrameUploader {
  /** How the last frame's pixels reached the GPU. */
  path: FramePath | null = null;
  private texture: GPUTexture | null = null;
  private videoPixels: Uint8Array<ArrayBuffer> | null = null;
  private canvas: OffscreenCanvas | null = null;
  private last: { key: string | number; resources: FrameResources } | null = null;
  private importRefused = false;
  private copyRefused = false;

  constructor(
    private readonly device: GPUDevice,
    private readonly kernels: Kernels,
  ) {}

  /** Forgets the last upload (its buffers are gone). */
  forget(): void {
    this.last = null;
  }

  destroy(): void {
    this.texture?.destroy();
    this.texture = null;
  }

  async upload(
    frame: GpuFrame,
    width: number,
    height: number,
    res: FrameResources,
    sourceKey: string | number | undefined,
  ): Promise<Upload> {
    const kind = frameKind(frame);
    const size = frameSize(frame);
    if (size && (size.width !== width || size.height !== height)) {
      throw new GpuExecutorError(
        'bad_frame',
        `frame is ${size.width} x ${size.height} but the plan was made for ${width} x ${height}`,
      );
    }
    if (kind === 'buffer' && isRgbaImage(frame)) {
      if (frame.data.length !== width * height * 4) {
        throw new GpuExecutorError(
          'bad_frame',
          `RGBA buffer holds ${frame.data.length} bytes; ${width} x ${height} needs ${width * height * 4}`,
        );
      }
      const reuse = sourceKey !== undefined && this.last?.key === sourceKey && this.last.resources === res;
      if (!reuse) this.device.queue.writeBuffer(res.rgba, 0, frame.data as Uint8Array<ArrayBuffer>);
      this.last = sourceKey === undefined ? null : { key: sourceKey, resources: res };
      this.path = 'buffer';
      return { kind: 'buffer', stride: width };
    }
    this.last = null;
    let external: GPUExternalTexture | null = kind === 'external' ? (frame as GPUExternalTexture) : null;
    if (kind === 'video' && !this.importRefused) {
      try {
        external = this.device.importExternalTexture({
          label: 'glyphcast.videoFrame',
          source: frame as VideoFrame | HTMLVideoElement,
        });
      } catch {
        // some adapters (SwiftShader) refuse frames without a GPU backing: copy them instead
        this.importRefused = true;
      }
    }
    if (external) {
      this.path = 'external';
      const pipeline = await this.kernels.importPipeline();
      const bindGroup = this.device.createBindGroup({
        label: 'glyphcast.frameImport',
        layout: this.kernels.layouts.frameImport,
        entries: [
          { binding: 0, resource: external },
          { binding: 1, resource: { buffer: res.rgba } },
        ],
      });
      return { kind: 'external', stride: width, pipeline, bindGroup };
    }
    if (kind === 'copy' || !this.copyRefused) {
      const texture = this.textureFor(width, height);
      try {
        this.device.queue.copyExternalImageToTexture(
          { source: frame as GPUCopyExternalImageSource },
          { texture, premultipliedAlpha: false },
          { width, height },
        );
        this.path = 'copy';
        return { kind: 'copy', stride: res.textureStride, texture };
      } catch (e) {
        if (kind === 'copy') throw e;
        this.copyRefused = true;
      }
    }
    // a video frame the GPU can neither import nor copy: read its pixels on the CPU
    await this.readVideoFrame(frame as VideoFrame | HTMLVideoElement, res, width, height);
    this.path = 'cpu-copy';
    return { kind: 'buffer', stride: width };
  }

  /** VideoFrame.copyTo as RGBA into a reused array, then a buffer upload. */
  private async readVideoFrame(
    source: VideoFrame | HTMLVideoElement,
    res: FrameResources,
    width: number,
    height: number,
  ): Promise<void> {
    const frame = source instanceof VideoFrame ? source : new VideoFrame(source);
    try {
      if (this.videoPixels?.length !== width * height * 4) this.videoPixels = new Uint8Array(width * height * 4);
      if (copiesUpright(frame, width, height))
        await frame.copyTo(this.videoPixels, { format: 'RGBA', colorSpace: 'srgb' });
      else this.videoPixels.set(this.drawVideoFrame(frame, width, height));
    } finally {
      if (frame !== source) frame.close();
    }
    this.device.queue.writeBuffer(res.rgba, 0, this.videoPixels);
  }

  /**
   * A frame copyTo would not write as shown (turned by the file's rotation, flipped, non-square
   * pixels: see copiesUpright), drawn as shown on a canvas kept per size and read back.
   */
  private drawVideoFrame(frame: VideoFrame, width: number, height: number): Uint8ClampedArray {
    if (this.canvas?.width !== width || this.canvas.height !== height) this.canvas = new OffscreenCanvas(width, height);
    const ctx = this.canvas.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D;
    ctx.drawImage(frame, 0, 0, width, height);
    return ctx.getImageData(0, 0, width, height).data;
  }

  private textureFor(width: number, height: number): GPUTexture {
    const t = this.texture;
    if (t && t.width === width && t.height === height) return t;
    t?.destroy();
    this.texture = this.device.createTexture({
      label: 'glyphcast.sourceTexture',
      size: { width, height },
      format: 'rgba8unorm',
      usage: GPUTextureUsage.COPY_DST | GPUTextureUsage.COPY_SRC | GPUTextureUsage.RENDER_ATTACHMENT,
    });
    return this.texture;
  }
}

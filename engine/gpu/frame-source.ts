/**
 * What the GPU executor accepts as a frame, and how each kind reaches the packed `rgba` buffer
 * linearize reads, without a CPU copy where the platform allows it:
 *   RgbaImage, ImageData queue.writeBuffer of its bytes (the layout is already r | g << 8 | ...)
 *   ImageBitmap, canvases, <img>
 *                        copyExternalImageToTexture into an rgba8unorm texture (unpremultiplied),
 *                        then copyTextureToBuffer: exact bytes, rows 256-byte aligned
 *   VideoFrame, <video>  importExternalTexture, then the frame-import pass (texture_external)
 *   GPUExternalTexture   the frame-import pass directly
 * The first two are bit-exact; external textures go through the browser's float color conversion.
 */
import type { RgbaImage } from '../image.js';

export type GpuFrame =
  | RgbaImage
  | ImageBitmap
  | HTMLImageElement
  | HTMLCanvasElement
  | OffscreenCanvas
  | VideoFrame
  | HTMLVideoElement
  | GPUExternalTexture;

export type FrameKind = 'buffer' | 'copy' | 'video' | 'external';

export function isRgbaImage(frame: GpuFrame): frame is RgbaImage {
  return 'data' in frame && ArrayBuffer.isView((frame as RgbaImage).data);
}

/** A global class, or a class nothing is an instance of when this runtime lacks it (Node has no VideoFrame). */
function globalOf(name: string): abstract new (...args: never[]) => unknown {
  const c = (globalThis as Record<string, unknown>)[name];
  return typeof c === 'function' ? (c as abstract new (...args: never[]) => unknown) : class {};
}

export function frameKind(frame: GpuFrame): FrameKind {
  if (isRgbaImage(frame)) return 'buffer';
  if (frame instanceof globalOf('GPUExternalTexture')) return 'external';
  if (frame instanceof globalOf('VideoFrame') || frame instanceof globalOf('HTMLVideoElement')) return 'video';
  return 'copy';
}

/** The frame's pixel size, where it has one (an external texture does not: the plan's size is used). */
export function frameSize(frame: GpuFrame): { width: number; height: number } | null {
  if (frame instanceof globalOf('VideoFrame')) {
    const f = frame as VideoFrame;
    return { width: f.displayWidth, height: f.displayHeight };
  }
  if (frame instanceof globalOf('HTMLVideoElement')) {
    const v = frame as HTMLVideoElement;
    return { width: v.videoWidth, height: v.videoHeight };
  }
  if (frame instanceof globalOf('HTMLImageElement')) {
    const i = frame as HTMLImageElement;
    return { width: i.naturalWidth, height: i.naturalHeight };
  }
  if ('width' in frame && 'height' in frame && typeof frame.width === 'number') {
    return { width: frame.width, height: frame.height as number };
  }
  return null;
}

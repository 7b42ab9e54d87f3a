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

/**
 * Whether `VideoFrame.copyTo` writes `frame` as it is shown, `width` x `height`: it writes the
 * visible rectangle as coded, so a frame turned by the file's rotation (a phone's portrait
 * video: coded 1920 x 1080, shown 1080 x 1920), flipped, or with non-square pixels (shown wider
 * than coded) would come out as scrambled rows of the right byte count. Such a frame is drawn
 * on a canvas instead, which shows it as the video element does.
 */
export function copiesUpright(
  frame: Pick<VideoFrame, 'visibleRect'> & { readonly rotation?: number; readonly flip?: boolean },
  width: number,
  height: number,
): boolean {
  const rect = frame.visibleRect;
  return !frame.rotation && !frame.flip && rect?.width === width && rect?.height === height;
}

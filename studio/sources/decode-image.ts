/**
 * Decodes an image file to RGBA8 exactly as the server's sharp decode does for PNG: no color
 * space conversion, no premultiplication, EXIF orientation applied (createImageBitmap's
 * default), pixels read back with a 2D context made for reading.
 * (JPEG decoders differ between browsers and libvips by a few levels; PNG is bit-exact.)
 */
import type { RgbaImage } from '../../engine/image.js';

/** The server's decode limit (engine/node/decode.ts DEFAULT_MAX_PIXELS): 40 megapixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export class ImageDecodeError extends Error {
  override readonly name = 'ImageDecodeError';
}

export async function decodeImageBlob(blob: Blob): Promise<RgbaImage> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
  } catch {
    throw new ImageDecodeError('this file could not be read as an image (PNG, JPEG, WebP, GIF, AVIF)');
  }
  try {
    const { width, height } = bitmap;
    if (width * height > MAX_IMAGE_PIXELS) {
      throw new ImageDecodeError(
        `the image is ${width} x ${height} pixels; the limit is ${MAX_IMAGE_PIXELS / 1e6} megapixels`,
      );
    }
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D;
    ctx.drawImage(bitmap, 0, 0);
    return { width, height, data: ctx.getImageData(0, 0, width, height).data };
  } finally {
    bitmap.close();
  }
}

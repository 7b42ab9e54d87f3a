/**
 * Decodes an image file to RGBA8 exactly as the server's sharp decode does for PNG: no color
 * space conversion, no premultiplication, EXIF orientation applied (createImageBitmap's
 * default), pixels read back with a 2D context made for reading.
 * (JPEG decoders differ between browsers and libvips by a few levels; PNG is bit-exact.) BMP and
 * Netpbm are read by the engine's own readers, as the server reads them: bit-exact too.
 */
import type { RgbaImage } from '../../engine/index.js';
import { RASTER_HEAD_BYTES, rasterFormat } from '../../engine/index.js';

/** The server's decode limit (engine/node/decode.ts DEFAULT_MAX_PIXELS): 40 megapixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export class ImageDecodeError extends Error {
  override readonly name = 'ImageDecodeError';
}

export async function decodeImageBlob(blob: Blob): Promise<RgbaImage> {
  const head = new Uint8Array(await blob.slice(0, RASTER_HEAD_BYTES).arrayBuffer());
  if (rasterFormat(head)) return readRasterBlob(blob);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
  } catch {
    throw new ImageDecodeError(
      'this file could not be read as an image (PNG, JPEG, WebP, GIF, AVIF, BMP, PBM, PGM, PPM, PAM)',
    );
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

/** BMP and Netpbm through the engine's readers, loaded on demand (most files are neither). */
async function readRasterBlob(blob: Blob): Promise<RgbaImage> {
  const { DecodeError, readRaster } = await import('../../engine/raster/index.js');
  const bytes = new Uint8Array(await blob.arrayBuffer());
  try {
    return readRaster(bytes, MAX_IMAGE_PIXELS);
  } catch (err) {
    throw err instanceof DecodeError ? new ImageDecodeError(err.message) : err;
  }
}

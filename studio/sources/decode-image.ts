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
  if (bitmap.width * bitmap.height > MAX_IMAGE_PIXELS) bitmap = await shrinkToLimit(bitmap);
  try {
    const { width, height } = bitmap;
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D;
    ctx.drawImage(bitmap, 0, 0);
    return { width, height, data: ctx.getImageData(0, 0, width, height).data };
  } finally {
    bitmap.close();
  }
}

/**
 * A picture over MAX_IMAGE_PIXELS, scaled down to fit under it (its aspect kept): a grid of at
 * most 400 columns needs a small part of 40 megapixels, so a larger photo is shrunk, not refused
 * (the server, which reads no more than 40 megapixels, refuses it).
 */
async function shrinkToLimit(bitmap: ImageBitmap): Promise<ImageBitmap> {
  const scale = Math.sqrt(MAX_IMAGE_PIXELS / (bitmap.width * bitmap.height));
  const resizeWidth = Math.max(1, Math.floor(bitmap.width * scale));
  const resizeHeight = Math.max(1, Math.floor(bitmap.height * scale));
  try {
    return await createImageBitmap(bitmap, { resizeWidth, resizeHeight, resizeQuality: 'high' });
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

/**
 * The image formats the engine reads itself, the same in every host (sharp reads the others in
 * Node, the browser in the studio): BMP and the Netpbm family. Recognised by their first bytes,
 * whatever a file is called.
 */
import type { RgbaImage } from '../image.js';
import { readBmp } from './bmp.js';
import { readPnm } from './pnm.js';
import { pnmName } from './sniff.js';

export { DecodeError, type DecodeErrorCode } from './decode-error.js';
export { RASTER_HEAD_BYTES, rasterFormat } from './sniff.js';

/** A decoded image and the format it was read as ('bmp', 'pbm', 'pgm', 'ppm' or 'pam'). */
export interface RasterImage extends RgbaImage {
  readonly format: string;
}

/**
 * Decodes a BMP or Netpbm image (rasterFormat is not null) to RGBA8. Throws DecodeError (never
 * anything else) for bad input: an image over `maxPixels` among it, refused from its header.
 */
export function readRaster(bytes: Uint8Array, maxPixels: number): RasterImage {
  const name = pnmName(bytes);
  const image = name ? readPnm(bytes, maxPixels, name) : readBmp(bytes, maxPixels);
  return { ...image, format: name ? name.toLowerCase() : 'bmp' };
}

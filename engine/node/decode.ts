/**
 * Node host: image bytes -> RgbaImage with sharp, for the CLI and the server (BMP and Netpbm,
 * which libvips does not read here, with the engine's own readers: engine/raster).
 *
 * The pixel limit is checked from the header, before any pixel is allocated (and sharp's
 * `limitInputPixels` holds the decoder to it all the same); an image over it is refused, or
 * shrunk as it loads where the host asks (`shrinkToFit`, the CLI). Truncated or
 * corrupt data fails (`failOn: 'error'`). The first frame of an animation is used. EXIF
 * orientation is applied. Every color space (CMYK, grey, 16-bit) comes out as 8-bit sRGB
 * with alpha, which the engine treats as coverage over the page (black, or white under invert).
 */
import sharp from 'sharp';
import type { RgbaImage } from '../image.js';
import { DecodeError, type DecodeErrorCode, rasterFormat, readRaster } from '../raster/index.js';
import { isEmptyGif } from './gif-header.js';
import { isSrgbProfile } from './srgb-profile.js';

/** Default decode limit: 40 megapixels (an 8K photo is 33 MP). */
export const DEFAULT_MAX_PIXELS = 40_000_000;

/** The most pixels read from an image that is shrunk to the decode limit (`shrinkToFit`): 16 times the limit. */
export const MAX_INPUT_FACTOR = 16;

export { DecodeError, type DecodeErrorCode };

/**
 * Raster formats accepted as input. SVG is refused: librsvg would resolve references inside
 * the document (local files), which a server must never do on behalf of a caller.
 */
const SUPPORTED = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'avif', 'heif']); // sharp names AVIF `heif`

/** Every input format, as the refusal of other data names them. */
export const SUPPORTED_NAMES = 'PNG, JPEG, WebP, GIF, TIFF, AVIF, BMP, PBM, PGM, PPM, PAM';

export interface DecodeOptions {
  /** Largest width x height accepted (default 40 MP). */
  readonly maxPixels?: number;
  /**
   * An image over `maxPixels`, up to MAX_INPUT_FACTOR times it, is shrunk to fit (its aspect
   * kept; JPEG and WebP shrink as they load) instead of refused: the CLI, whose user's own
   * 48 MP phone photo should render. The render API refuses it (image_pixels_exceeded). BMP
   * and Netpbm images are read whole, so the limit holds for them.
   */
  readonly shrinkToFit?: boolean;
  /**
   * The smallest size the render needs, given the image's size (turned upright) from its header
   * (the engine's `neededSize`). An image at least twice that size each way is decoded straight
   * to about it, its aspect kept (JPEG and WebP shrink as they load): less time, and far less
   * memory than the whole picture. Render it with `fullSize` so the grid and the evidence follow
   * the picture as it was.
   */
  readonly fit?: (width: number, height: number) => { readonly width: number; readonly height: number };
  /**
   * Called once libvips is decoding the pixels, off the main thread: the time for work that does
   * not need them (the CLI makes the engine's tables: engine `prepareTables`). Not called for
   * BMP and Netpbm, which are read on the main thread.
   */
  readonly whileDecoding?: () => void;
}

export interface DecodedImage extends RgbaImage {
  /** The container format sharp detected ('png', 'jpeg', ...). */
  readonly format: string;
  /** The picture's size, upright, before any shrinking (`fit`, `shrinkToFit`): RenderOptions.fullSize. */
  readonly fullSize: { readonly width: number; readonly height: number };
}

/** libvips's words for data that stops short (JPEG, GIF, AVIF; libpng says only "read error"). */
const ENDS_EARLY = /premature end|unexpected end|bad seek/i;

/**
 * The opening bytes of the TIFF container, little- and big-endian, classic and BigTIFF. A TIFF
 * keeps its directory where the writer put it, often at the end: cut short, libvips no longer
 * knows it as a TIFF.
 */
const TIFF_MAGIC = [
  Uint8Array.of(0x49, 0x49, 0x2a, 0x00),
  Uint8Array.of(0x4d, 0x4d, 0x00, 0x2a),
  Uint8Array.of(0x49, 0x49, 0x2b, 0x00),
  Uint8Array.of(0x4d, 0x4d, 0x00, 0x2b),
];

const startsWith = (bytes: Uint8Array, magic: Uint8Array) => magic.every((b, i) => bytes[i] === b);

/** A decoder failure in our words: too large, not an image, or damaged. */
export function classify(err: unknown, maxPixels: number, bytes: Uint8Array): DecodeError {
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) {
    return new DecodeError('image_too_large', `image exceeds the decode limit of ${maxPixels} pixels`);
  }
  if (/unsupported image format/i.test(message) && !TIFF_MAGIC.some((magic) => startsWith(bytes, magic))) {
    return new DecodeError('not_an_image', `the data is not an image in a supported format (${SUPPORTED_NAMES})`);
  }
  // In our words (docs/api.md: no internal message is sent); libvips's stays on as the cause.
  const why = ENDS_EARLY.test(message) ? 'the file ends early (truncated)' : 'the file is damaged or truncated';
  return new DecodeError('corrupt_image', `the image could not be decoded: ${why}`, { cause: err });
}

/**
 * Decodes image bytes to RGBA8. Throws DecodeError (never anything else) for bad input: an
 * image over the decode limit among it (see `shrinkToFit`).
 */
export async function decodeImage(bytes: Uint8Array, options: DecodeOptions = {}): Promise<DecodedImage> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const maxInput = options.shrinkToFit ? maxPixels * MAX_INPUT_FACTOR : maxPixels;
  if (bytes.length === 0) throw new DecodeError('not_an_image', 'the image is empty (0 bytes)');
  const raster = rasterFormat(bytes);
  if (raster) return readRasterImage(bytes, raster, maxPixels, options.shrinkToFit ?? false);
  const open = () =>
    sharp(bytes, { limitInputPixels: maxInput, failOn: 'error', animated: false, sequentialRead: true });
  let format: string;
  let fitted: { width: number; height?: number } | null = null;
  let fullSize: { width: number; height: number };
  // an sRGB image tagged with an sRGB profile is already what the transform would make (srgb-profile.ts)
  let alreadySrgb = false;
  try {
    // the header alone, whatever size it claims: the limit is checked below, naming the size
    const meta = await sharp(bytes, { limitInputPixels: false, failOn: 'error', animated: false }).metadata();
    format = meta.format ?? 'unknown';
    alreadySrgb = meta.space === 'srgb' && isSrgbProfile(meta.icc);
    if (!meta.width || !meta.height) throw new Error('no dimensions in the image header');
    const pixels = meta.width * meta.height;
    if (pixels > maxInput) {
      const limit = options.shrinkToFit
        ? `the most read is ${maxInput} pixels (shrunk to the decode limit of ${maxPixels})`
        : `the decode limit is ${maxPixels} pixels`;
      throw new DecodeError('image_too_large', `image is ${meta.width} x ${meta.height} pixels; ${limit}`);
    }
    // EXIF orientations 5-8 turn the image a quarter: width and height trade places
    const quarter = (meta.orientation ?? 1) >= 5;
    const [width, height] = quarter ? [meta.height, meta.width] : [meta.width, meta.height];
    fullSize = { width, height };
    if (pixels > maxPixels) fitted = { width: fittedWidth(width, height, 1, maxPixels) };
    const needed = neededOrNone(options.fit, width, height);
    if (needed && width >= 2 * needed.width && height >= 2 * needed.height) {
      // fit 'outside' below: at least the needed size each way, the aspect kept
      const smaller = fitted ? fitted.width / width : 1;
      if (needed.width < width * smaller && needed.height < height * smaller) fitted = needed;
    }
  } catch (err) {
    throw err instanceof DecodeError ? err : classify(err, maxInput, bytes);
  }
  if (!SUPPORTED.has(format)) {
    throw new DecodeError('unsupported_image', `images in ${format} format are not supported`);
  }
  if (format === 'gif' && isEmptyGif(bytes)) {
    throw new DecodeError('corrupt_image', 'the image could not be decoded: the GIF is 0 pixels wide or high');
  }
  let decoding: Promise<{ data: Buffer; info: { width: number; height: number; channels: number } }>;
  try {
    const opened = open();
    const oriented = (alreadySrgb ? opened.keepIccProfile() : opened).rotate();
    decoding = (fitted ? oriented.resize({ ...fitted, fit: 'outside' }) : oriented)
      .toColourspace('srgb')
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw classify(err, maxInput, bytes);
  }
  if (options.whileDecoding) {
    // its failure is the caller's, not a damaged image's; the decode is still waited for
    try {
      options.whileDecoding();
    } catch (err) {
      await decoding.catch(() => undefined);
      throw err;
    }
  }
  try {
    const { data, info } = await decoding;
    if (info.channels !== 4) throw new Error(`expected 4 channels after decoding, got ${info.channels}`);
    return {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      format,
      fullSize,
    };
  } catch (err) {
    throw classify(err, maxInput, bytes);
  }
}

/** BMP and Netpbm: read whole (no shrinking as they load), so the decode limit holds even where `shrinkToFit` asks. */
function readRasterImage(bytes: Uint8Array, format: string, maxPixels: number, shrinkToFit: boolean): DecodedImage {
  try {
    const image = readRaster(bytes, maxPixels);
    return { ...image, fullSize: { width: image.width, height: image.height } };
  } catch (err) {
    if (!shrinkToFit || !(err instanceof DecodeError) || err.code !== 'image_too_large') throw err;
    throw new DecodeError(err.code, `${err.message} (a ${format.toUpperCase()} image is not shrunk as it loads)`);
  }
}

/** The frame width at which `pages` frames of width x height fit in `maxPixels` (the width itself when they do). */
export function fittedWidth(width: number, height: number, pages: number, maxPixels: number): number {
  if (width * height * pages <= maxPixels) return width;
  let w = Math.floor(width * Math.sqrt(maxPixels / (width * height * pages)));
  // the resized height is rounded: step down until the frames fit
  while (w > 1 && w * Math.round((height * w) / width) * pages > maxPixels) w--;
  return w;
}

/** What `fit` asks for, or nothing when it cannot say (a grid it refuses: the render says why). */
function neededOrNone(
  fit: DecodeOptions['fit'],
  width: number,
  height: number,
): { readonly width: number; readonly height: number } | undefined {
  try {
    return fit?.(width, height);
  } catch {
    return undefined;
  }
}

/**
 * The frames of an animated GIF or WebP, for hosts that play them (the CLI on a terminal). The
 * render API and the studio read the first frame only (decode.ts).
 */
import sharp from 'sharp';
import type { RgbaImage } from '../image.js';
import { classify, DEFAULT_MAX_PIXELS, DecodeError, type DecodeOptions } from './decode.js';

export interface DecodedAnimation {
  readonly width: number;
  readonly height: number;
  /** Each frame whole (disposal and blending applied by the decoder), RGBA8. */
  readonly frames: readonly RgbaImage[];
  /** How long each frame shows, ms (a delay under MIN_DELAY_MS is taken as DEFAULT_DELAY_MS). */
  readonly delaysMs: readonly number[];
  /** How many times the file says to play it; 0 is without end. */
  readonly loop: number;
}

/**
 * Browsers show a GIF frame delay under 20 ms (0 or 10 ms, written by tools that meant "as fast
 * as possible") for 100 ms; so does the player, or such a file would spin.
 */
export const MIN_DELAY_MS = 20;
export const DEFAULT_DELAY_MS = 100;

/**
 * The frames of an animation, or null for an image with one frame, a format without frames, or
 * bytes that are no image.
 * All the frames together may have at most `maxPixels` pixels (default 40 MP, as one image).
 * Throws DecodeError (never anything else) for bad input.
 */
export async function decodeAnimation(
  bytes: Uint8Array,
  options: DecodeOptions = {},
): Promise<DecodedAnimation | null> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const open = (animated: boolean) => sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', animated });
  // bytes that are no image are no animation: decoding them as a still says what is wrong
  const first = await open(false)
    .metadata()
    .catch(() => null);
  if (!first) return null;
  try {
    const pages = first.pages ?? 1;
    if (pages < 2 || (first.format !== 'gif' && first.format !== 'webp')) return null;
    const width = first.width ?? 0;
    const height = first.pageHeight ?? first.height ?? 0;
    if (width * height * pages > maxPixels) {
      throw new DecodeError(
        'image_too_large',
        `the animation is ${pages} frames of ${width} x ${height} pixels; the decode limit is ${maxPixels} pixels in all`,
      );
    }
    const { data, info } = await open(true)
      .toColourspace('srgb')
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const frameHeight = info.pageHeight ?? height;
    const count = Math.floor(info.height / frameHeight);
    const size = info.width * frameHeight * 4;
    const frames = Array.from({ length: count }, (_, i) => ({
      width: info.width,
      height: frameHeight,
      data: new Uint8Array(data.buffer, data.byteOffset + i * size, size),
    }));
    const delaysMs = frames.map((_, i) => {
      const delay = first.delay?.[i] ?? DEFAULT_DELAY_MS;
      return delay < MIN_DELAY_MS ? DEFAULT_DELAY_MS : delay;
    });
    return { width: info.width, height: frameHeight, frames, delaysMs, loop: first.loop ?? 0 };
  } catch (err) {
    throw err instanceof DecodeError ? err : classify(err, maxPixels, bytes);
  }
}

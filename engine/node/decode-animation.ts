/**
 * The frames of an animated GIF or WebP, for hosts that play them (the CLI on a terminal). The
 * render API and the studio read the first frame only (decode.ts).
 */
import sharp from 'sharp';
import type { RgbaImage } from '../image.js';
import {
  classify,
  DEFAULT_MAX_PIXELS,
  DecodeError,
  type DecodeOptions,
  fittedWidth,
  MAX_INPUT_FACTOR,
} from './decode.js';

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

export interface AnimationDecodeOptions extends DecodeOptions {
  /**
   * An animation over `maxPixels` in all its frames is shrunk to fit (every frame alike, its
   * aspect kept), as long as its frames stay this wide (what the art needs: its columns times
   * the samples per cell); without it, such an animation is refused.
   */
  readonly minFrameWidth?: number;
}

/** What an animation's header says: its frame size and count, delays and loop count. */
export interface AnimationHeader {
  readonly width: number;
  readonly height: number;
  readonly pages: number;
  /** As the file says (decodeAnimation applies MIN_DELAY_MS). */
  readonly delaysMs: readonly number[];
  readonly loop: number;
}

/**
 * The header of an animated GIF or WebP, without decoding its frames (a host can check the size
 * first); null for an image with one frame, a format without frames, or bytes that are no image
 * (decoding them as a still says what is wrong).
 */
export async function readAnimationHeader(bytes: Uint8Array): Promise<AnimationHeader | null> {
  const meta = await sharp(bytes, { limitInputPixels: false, failOn: 'error' })
    .metadata()
    .catch(() => null);
  const pages = meta?.pages ?? 1;
  if (!meta || pages < 2 || (meta.format !== 'gif' && meta.format !== 'webp')) return null;
  return {
    width: meta.width ?? 0,
    height: meta.pageHeight ?? meta.height ?? 0,
    pages,
    delaysMs: meta.delay ?? [],
    loop: meta.loop ?? 0,
  };
}

/**
 * The frames of an animation, or null for an image with one frame, a format without frames, or
 * bytes that are no image. All the frames together may have at most `maxPixels` pixels (default
 * 40 MP, as one image) once decoded: a larger animation is shrunk to fit (see `minFrameWidth`)
 * up to MAX_INPUT_FACTOR times that. Throws DecodeError (never anything else) for bad input.
 * `header`, when read already (readAnimationHeader), is not read again.
 */
export async function decodeAnimation(
  bytes: Uint8Array,
  options: AnimationDecodeOptions = {},
  header?: AnimationHeader,
): Promise<DecodedAnimation | null> {
  const first = header ?? (await readAnimationHeader(bytes));
  if (!first) return null;
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const maxInput = maxPixels * MAX_INPUT_FACTOR;
  const open = () => sharp(bytes, { limitInputPixels: maxInput, failOn: 'error', animated: true });
  const { width, height, pages } = first;
  try {
    const shrunkWidth = fittedWidth(width, height, pages, maxPixels);
    const tooLarge = (why: string) =>
      new DecodeError('image_too_large', `the animation is ${pages} frames of ${width} x ${height} pixels; ${why}`);
    if (width * height * pages > maxInput) throw tooLarge(`the most read is ${maxInput} pixels in all`);
    if (shrunkWidth < width) {
      if (options.minFrameWidth === undefined) throw tooLarge(`the decode limit is ${maxPixels} pixels in all`);
      if (shrunkWidth < options.minFrameWidth) {
        throw tooLarge(
          `shrunk to the decode limit of ${maxPixels} pixels in all, its frames would be narrower than the ${options.minFrameWidth} pixels the art needs`,
        );
      }
    }
    const animated = shrunkWidth < width ? open().resize({ width: shrunkWidth }) : open();
    const { data, info } = await animated
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
      const delay = first.delaysMs[i] ?? DEFAULT_DELAY_MS;
      return delay < MIN_DELAY_MS ? DEFAULT_DELAY_MS : delay;
    });
    return { width: info.width, height: frameHeight, frames, delaysMs, loop: first.loop };
  } catch (err) {
    throw err instanceof DecodeError ? err : classify(err, maxPixels, bytes);
  }
}

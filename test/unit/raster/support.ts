/** What the BMP and Netpbm reader tests share: pixels as quads, and the refusal of a read. */
import { expect } from 'vitest';
import type { RgbaImage } from '../../../engine/image.js';
import { DecodeError } from '../../../engine/raster/decode-error.js';

/** An image's pixels as [r, g, b, a] quads, top row first. */
export function quadsOf({ data }: RgbaImage): number[][] {
  return Array.from({ length: data.length / 4 }, (_, i) => Array.from(data.subarray(i * 4, i * 4 + 4)));
}

/** The DecodeError `read` throws (a test fails when it throws anything else, or nothing). */
export function refusalOf(read: () => unknown): DecodeError {
  try {
    read();
  } catch (err) {
    expect(err).toBeInstanceOf(DecodeError);
    return err as DecodeError;
  }
  throw new Error('expected a refusal');
}

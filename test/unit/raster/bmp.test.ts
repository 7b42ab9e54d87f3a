/** BMP files written here byte by byte, each small enough to check by hand. */
import { describe, expect, it } from 'vitest';
import { readBmp } from '../../../engine/raster/bmp.js';
import { isBmp } from '../../../engine/raster/sniff.js';
import { quadsOf, refusalOf } from './support.js';

interface BmpSpec {
  readonly headerSize?: number;
  readonly width: number;
  /** Negative: rows stored top row first. */
  readonly height: number;
  readonly bitsPerPixel: number;
  readonly compression?: number;
  /** [r, g, b] entries. */
  readonly palette?: readonly (readonly number[])[];
  readonly colorsUsed?: number;
  /** Red, green, blue (and alpha) masks, written where the header size puts them. */
  readonly masks?: readonly number[];
  /** The pixel bytes as stored (rows padded, or an RLE stream). */
  readonly pixels: readonly number[];
  /** Overrides the header's pixel offset. */
  readonly pixelOffset?: number;
}

function bmp(spec: BmpSpec): Uint8Array {
  const headerSize = spec.headerSize ?? 40;
  const core = headerSize === 12;
  const compression = spec.compression ?? 0;
  const trailingMasks =
    headerSize === 40 && (compression === 3 || compression === 6) ? (spec.masks?.length ?? 0) * 4 : 0;
  const palette = spec.palette ?? [];
  const entry = core ? 3 : 4;
  const offset = 14 + headerSize + trailingMasks + palette.length * entry;
  const bytes = new Uint8Array(offset + spec.pixels.length);
  const view = new DataView(bytes.buffer);
  bytes.set([0x42, 0x4d]);
  view.setUint32(2, bytes.length, true);
  view.setUint32(10, spec.pixelOffset ?? offset, true);
  view.setUint32(14, headerSize, true);
  if (core) {
    view.setUint16(18, spec.width, true);
    view.setUint16(20, spec.height, true);
    view.setUint16(22, 1, true);
    view.setUint16(24, spec.bitsPerPixel, true);
  } else {
    view.setInt32(18, spec.width, true);
    view.setInt32(22, spec.height, true);
    view.setUint16(26, 1, true);
    view.setUint16(28, spec.bitsPerPixel, true);
    view.setUint32(30, compression, true);
    view.setUint32(46, spec.colorsUsed ?? 0, true);
    for (const [i, mask] of (spec.masks ?? []).entries()) view.setUint32(54 + i * 4, mask, true);
  }
  for (const [i, [r = 0, g = 0, b = 0]] of palette.entries()) {
    bytes.set(core ? [b, g, r] : [b, g, r, 0], 14 + headerSize + trailingMasks + i * entry);
  }
  bytes.set(spec.pixels, offset);
  return bytes;
}

const quads = (bytes: Uint8Array, maxPixels = 1000) => quadsOf(readBmp(bytes, maxPixels));
const refusal = (bytes: Uint8Array, maxPixels = 1000) => refusalOf(() => readBmp(bytes, maxPixels));

const RED = [255, 0, 0];
const GREEN = [0, 255, 0];
const BLUE = [0, 0, 255];
const CLEAR = [0, 0, 0, 0];
const opaque = (rgb: readonly number[]) => [...rgb, 255];

describe('readBmp: uncompressed', () => {
  it('knows a BMP by its first two bytes', () => {
    expect(isBmp(bmp({ width: 1, height: 1, bitsPerPixel: 24, pixels: [0, 0, 0, 0] }))).toBe(true);
    expect(isBmp(Uint8Array.of(0x42))).toBe(false);
    expect(isBmp(Uint8Array.of(0x89, 0x50, 0x4e, 0x47))).toBe(false);
  });

  it('reads 4-bit indices high nibble first, rows bottom up and padded to 4 bytes; an index past the palette is black', () => {
    const image = bmp({
      width: 3,
      height: 2,
      bitsPerPixel: 4,
      palette: [RED, GREEN, BLUE],
      colorsUsed: 3,
      pixels: [0x01, 0x20, 0, 0, 0x25, 0x10, 0, 0], // bottom row: 0 1 2; top row: 2 5 1
    });
    expect(quads(image)).toEqual([
      opaque(BLUE),
      [0, 0, 0, 255],
      opaque(GREEN),
      opaque(RED),
      opaque(GREEN),
      opaque(BLUE),
    ]);
  });

  it('reads 1-bit rows most significant bit first across a byte boundary, top down for a negative height', () => {
    const image = bmp({
      width: 9,
      height: -2,
      bitsPerPixel: 1,
      palette: [
        [0, 0, 0],
        [255, 255, 255],
      ],
      pixels: [0b10100000, 0b10000000, 0, 0, 0b01010000, 0, 0, 0],
    });
    const grey = quads(image).map((q) => q[0]);
    expect(grey).toEqual([255, 0, 255, 0, 0, 0, 0, 0, 255, 0, 255, 0, 255, 0, 0, 0, 0, 0]);
  });

  it('reads 24-bit B, G, R bytes and the OS/2 header with 3-byte palette entries', () => {
    expect(quads(bmp({ width: 2, height: 1, bitsPerPixel: 24, pixels: [1, 2, 3, 4, 5, 6, 0, 0] }))).toEqual([
      [3, 2, 1, 255],
      [6, 5, 4, 255],
    ]);
    const core = bmp({
      headerSize: 12,
      width: 2,
      height: 1,
      bitsPerPixel: 8,
      palette: [RED, BLUE],
      pixels: [1, 0, 0, 0],
    });
    expect(quads(core)).toEqual([opaque(BLUE), opaque(RED)]);
  });

  it('reads 16 bits as 5-5-5 without masks, each channel scaled to 8 bits with rounding', () => {
    // 0x7fff white, 0x001f blue, 16 << 10 = red at 16/31 -> 132
    const image = bmp({ width: 3, height: 1, bitsPerPixel: 16, pixels: [0xff, 0x7f, 0x1f, 0x00, 0x00, 0x40, 0, 0] });
    expect(quads(image)).toEqual([[255, 255, 255, 255], opaque(BLUE), [132, 0, 0, 255]]);
  });

  it('reads 32 bits as B, G, R and a padding byte: opaque', () => {
    expect(quads(bmp({ width: 1, height: 1, bitsPerPixel: 32, pixels: [10, 20, 30, 0] }))).toEqual([[30, 20, 10, 255]]);
  });

  it('reads channel masks from a V4 header, alpha among them', () => {
    const image = bmp({
      headerSize: 108,
      width: 2,
      height: 1,
      bitsPerPixel: 32,
      compression: 3,
      masks: [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000],
      pixels: [30, 20, 10, 128, 0, 0, 255, 0],
    });
    expect(quads(image)).toEqual([
      [10, 20, 30, 128],
      [255, 0, 0, 0],
    ]);
  });

  it('takes an alpha channel that is 0 everywhere as opaque (the fourth byte as padding)', () => {
    const image = bmp({
      headerSize: 124,
      width: 1,
      height: 1,
      bitsPerPixel: 32,
      compression: 3,
      masks: [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000],
      pixels: [30, 20, 10, 0],
    });
    expect(quads(image)).toEqual([[10, 20, 30, 255]]);
  });

  it('reads the masks after a 40-byte header (ALPHABITFIELDS, 4-4-4-4)', () => {
    const image = bmp({
      width: 1,
      height: 1,
      bitsPerPixel: 16,
      compression: 6,
      masks: [0x0f00, 0x00f0, 0x000f, 0xf000],
      pixels: [0x5f, 0x8a, 0, 0], // 0x8a5f: alpha 8, red 10, green 5, blue 15 (of 15)
    });
    expect(quads(image)).toEqual([[170, 85, 255, 136]]);
  });
});

describe('readBmp: RLE', () => {
  const PALETTE = [RED, GREEN, BLUE];

  it('RLE8: runs, end of line, a literal run padded to 2 bytes, and what no run paints stays transparent', () => {
    const image = bmp({
      width: 4,
      height: 3,
      bitsPerPixel: 8,
      compression: 1,
      palette: PALETTE,
      pixels: [3, 0, 0, 0, 0, 3, 2, 1, 0, 0, 0, 1], // row 0: 0 0 0; EOL; row 1: literal 2 1 0 (+pad); EOB
    });
    expect(quads(image)).toEqual([
      CLEAR,
      CLEAR,
      CLEAR,
      CLEAR,
      opaque(BLUE),
      opaque(GREEN),
      opaque(RED),
      CLEAR,
      opaque(RED),
      opaque(RED),
      opaque(RED),
      CLEAR,
    ]);
  });

  it('RLE8: a jump moves right and up', () => {
    const image = bmp({
      width: 3,
      height: 2,
      bitsPerPixel: 8,
      compression: 1,
      palette: PALETTE,
      pixels: [0, 2, 1, 1, 1, 2, 0, 1],
    });
    expect(quads(image)).toEqual([CLEAR, opaque(BLUE), CLEAR, CLEAR, CLEAR, CLEAR]);
  });

  it('RLE4: a run alternates its two nibbles; a literal run reads nibbles in order', () => {
    const image = bmp({
      width: 5,
      height: 2,
      bitsPerPixel: 4,
      compression: 2,
      palette: PALETTE,
      pixels: [5, 0x12, 0, 0, 0, 3, 0x01, 0x20, 0, 1], // row 0: 1 2 1 2 1; row 1: literal 0 1 2
    });
    expect(quads(image)).toEqual([
      opaque(RED),
      opaque(GREEN),
      opaque(BLUE),
      CLEAR,
      CLEAR,
      opaque(GREEN),
      opaque(BLUE),
      opaque(GREEN),
      opaque(BLUE),
      opaque(GREEN),
    ]);
  });

  it('ends without an end-of-image mark once its last row is done; refuses data that stops before it', () => {
    const done = bmp({ width: 1, height: 1, bitsPerPixel: 8, compression: 1, palette: PALETTE, pixels: [1, 2, 0, 0] });
    expect(quads(done)).toEqual([opaque(BLUE)]);
    const cut = bmp({ width: 1, height: 2, bitsPerPixel: 8, compression: 1, palette: PALETTE, pixels: [1, 2, 0, 0] });
    expect(refusal(cut)).toMatchObject({ code: 'corrupt_image', message: expect.stringContaining('ends early') });
    const literal = bmp({
      width: 8,
      height: 1,
      bitsPerPixel: 8,
      compression: 1,
      palette: PALETTE,
      pixels: [0, 6, 1, 1],
    });
    expect(refusal(literal).code).toBe('corrupt_image');
  });
});

describe('readBmp: refusals', () => {
  const plain = { width: 2, height: 2, bitsPerPixel: 24, pixels: new Array(16).fill(0) };

  it('names a compression it does not read, and a header it does not know', () => {
    expect(refusal(bmp({ ...plain, compression: 4 }))).toMatchObject({
      code: 'unsupported_image',
      message: 'BMP images with JPEG compression are not supported',
    });
    expect(refusal(bmp({ ...plain, compression: 11 })).message).toBe(
      'BMP images with type 11 compression are not supported',
    );
    expect(refusal(bmp({ ...plain, headerSize: 64 })).message).toBe(
      'BMP images with a 64-byte header are not supported',
    );
  });

  it('refuses a depth its compression does not allow, a size of 0, rows stored top down in RLE, pixels inside the header', () => {
    expect(refusal(bmp({ ...plain, compression: 1 })).message).toMatch(
      /24 bits per pixel, which its compression \(1\)/,
    );
    expect(refusal(bmp({ ...plain, width: 0 })).message).toMatch(/size of 0 x 2 pixels/);
    expect(refusal(bmp({ ...plain, height: -0x80000000 })).code).toBe('corrupt_image');
    const topDownRle = bmp({ width: 1, height: -1, bitsPerPixel: 8, compression: 1, palette: [RED], pixels: [0, 1] });
    expect(refusal(topDownRle).message).toMatch(/top row first/);
    expect(refusal(bmp({ ...plain, pixelOffset: 20 })).message).toMatch(/inside the header/);
  });

  it('refuses a file cut short: in the header, in the palette, in the rows', () => {
    const whole = bmp(plain);
    expect(refusal(whole.subarray(0, 30)).message).toMatch(/the BMP file ends early/);
    // the last row's padding may be missing; a pixel may not
    expect(readBmp(whole.subarray(0, whole.length - 2), 1000).width).toBe(2);
    expect(refusal(whole.subarray(0, whole.length - 3)).message).toMatch(/the BMP file ends early/);
    const indexed = bmp({ width: 1, height: 1, bitsPerPixel: 8, palette: [RED, GREEN], pixels: [0, 0, 0, 0] });
    expect(refusal(indexed.subarray(0, 14 + 40 + 5)).message).toMatch(/ends early/);
  });

  it('checks the pixel limit from the header, before reading a pixel', () => {
    const huge = bmp({ width: 100_000, height: 100_000, bitsPerPixel: 24, pixels: [] });
    expect(refusal(huge, 40_000_000)).toMatchObject({
      code: 'image_too_large',
      message: 'image is 100000 x 100000 pixels; the decode limit is 40000000 pixels',
    });
  });
});

/**
 * BMP (Windows and OS/2 bitmaps) -> RGBA8, in plain TypeScript: libvips, under sharp, reads no
 * BMP, and a page's own decoder may differ from the server's. Read: the OS/2 1.x and Windows
 * 3.x-5 headers; 1, 4 and 8 bits per pixel through a palette (RLE8 and RLE4 too), 16 and 32
 * through channel masks, 24 and 32 as bytes. Not read: JPEG or PNG inside a BMP, and the
 * OS/2 2.x compressions; both are refused by name.
 *
 * Where the format leaves room, what Chromium does: an index past the palette is black, pixels
 * an RLE stream skips are transparent, and an alpha channel that is 0 everywhere (the usual
 * 32-bit file, whose fourth byte is padding) is taken as opaque.
 */
import type { RgbaImage } from '../image.js';
import { DecodeError, damaged, endsEarly, tooManyPixels } from './decode-error.js';

const FILE_HEADER_BYTES = 14;
/** OS/2 1.x: 16-bit sizes and 3-byte palette entries. */
const CORE_HEADER_BYTES = 12;
/** Windows 3.x; its channel masks, when it has them, follow it. V2-V5 (52-124) hold them inside. */
const INFO_HEADER_BYTES = 40;
const HEADER_SIZES = new Set([CORE_HEADER_BYTES, INFO_HEADER_BYTES, 52, 56, 108, 124]);

const RGB = 0;
const RLE8 = 1;
const RLE4 = 2;
const BITFIELDS = 3;
const ALPHA_BITFIELDS = 6;

/** Bits per pixel each compression allows. */
const DEPTHS: ReadonlyMap<number, readonly number[]> = new Map([
  [RGB, [1, 4, 8, 16, 24, 32]],
  [RLE8, [8]],
  [RLE4, [4]],
  [BITFIELDS, [16, 32]],
  [ALPHA_BITFIELDS, [16, 32]],
]);
const COMPRESSION_NAMES: ReadonlyMap<number, string> = new Map([
  [4, 'JPEG'],
  [5, 'PNG'],
]);

/** One channel of a masked pixel: where its bits are and how many. */
interface Channel {
  readonly shift: number;
  readonly bits: number;
}

interface Masks {
  readonly red: Channel;
  readonly green: Channel;
  readonly blue: Channel;
  readonly alpha: Channel;
}

interface BmpHeader {
  readonly width: number;
  readonly height: number;
  /** Rows stored top row first (a negative height); the usual order is bottom row first. */
  readonly topDown: boolean;
  readonly bitsPerPixel: number;
  readonly compression: number;
  readonly pixelOffset: number;
  /** RGB triples, for 1, 4 and 8 bits per pixel. */
  readonly palette: Uint8Array;
  /** For 16 and 32 bits per pixel read through masks (null: 24 or 32 bits as B, G, R bytes). */
  readonly masks: Masks | null;
}

/**
 * Decodes a BMP to RGBA8. Throws DecodeError (never anything else): image_too_large over
 * `maxPixels` (checked from the header, before any pixel is allocated), unsupported_image for
 * a compression not read, corrupt_image for a damaged or truncated file.
 */
export function readBmp(bytes: Uint8Array, maxPixels: number): RgbaImage {
  const header = readHeader(bytes);
  const { width, height } = header;
  if (width * height > maxPixels) throw tooManyPixels(width, height, maxPixels);
  const data = new Uint8Array(width * height * 4);
  if (header.compression === RLE8 || header.compression === RLE4) readRle(bytes, header, data);
  else readRows(bytes, header, data);
  return { width, height, data };
}

function readHeader(bytes: Uint8Array): BmpHeader {
  if (bytes.length < FILE_HEADER_BYTES + 4) throw endsEarly('BMP');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pixelOffset = view.getUint32(10, true);
  const headerSize = view.getUint32(14, true);
  if (!HEADER_SIZES.has(headerSize)) {
    throw new DecodeError('unsupported_image', `BMP images with a ${headerSize}-byte header are not supported`);
  }
  const paletteStart = FILE_HEADER_BYTES + headerSize;
  if (bytes.length < paletteStart) throw endsEarly('BMP');
  const core = headerSize === CORE_HEADER_BYTES;
  const width = core ? view.getUint16(18, true) : view.getInt32(18, true);
  const storedHeight = core ? view.getUint16(20, true) : view.getInt32(22, true);
  const bitsPerPixel = view.getUint16(core ? 24 : 28, true);
  const compression = core ? RGB : view.getUint32(30, true);
  const colorsUsed = core ? 0 : view.getUint32(46, true);

  const depths = DEPTHS.get(compression);
  if (!depths) {
    const name = COMPRESSION_NAMES.get(compression) ?? `type ${compression}`;
    throw new DecodeError('unsupported_image', `BMP images with ${name} compression are not supported`);
  }
  if (!depths.includes(bitsPerPixel)) {
    throw damaged(
      'BMP',
      `header gives ${bitsPerPixel} bits per pixel, which its compression (${compression}) does not allow`,
    );
  }
  // -2^31 has no positive twin
  if (width <= 0 || storedHeight === 0 || storedHeight === -0x80000000) {
    throw damaged('BMP', `header gives a size of ${width} x ${storedHeight} pixels`);
  }
  const topDown = storedHeight < 0;
  if (topDown && (compression === RLE8 || compression === RLE4)) {
    throw damaged('BMP', 'header stores compressed rows top row first, which the format does not allow');
  }
  if (pixelOffset < paletteStart) throw damaged('BMP', 'header puts its pixels inside the header');

  let palette = new Uint8Array(0);
  if (bitsPerPixel <= 8) {
    const entryBytes = core ? 3 : 4;
    // as many entries as the header says (or the depth allows), and no more than fit before the pixels
    const room = Math.floor((pixelOffset - paletteStart) / entryBytes);
    const count = Math.min(colorsUsed || 1 << bitsPerPixel, 1 << bitsPerPixel, room);
    if (bytes.length < paletteStart + count * entryBytes) throw endsEarly('BMP');
    palette = new Uint8Array(count * 3);
    for (let i = 0; i < count; i++) {
      const at = paletteStart + i * entryBytes; // B, G, R
      palette[i * 3] = bytes[at + 2] as number;
      palette[i * 3 + 1] = bytes[at + 1] as number;
      palette[i * 3 + 2] = bytes[at] as number;
    }
  }
  const masks = readMasks(view, headerSize, compression, bitsPerPixel);
  return { width, height: Math.abs(storedHeight), topDown, bitsPerPixel, compression, pixelOffset, palette, masks };
}

function readMasks(view: DataView, headerSize: number, compression: number, bitsPerPixel: number): Masks | null {
  if (compression === RGB) {
    // 16 bits without masks are 5-5-5; 24 and 32 are read as bytes
    return bitsPerPixel === 16 ? masksOf(0x7c00, 0x03e0, 0x001f, 0) : null;
  }
  if (compression !== BITFIELDS && compression !== ALPHA_BITFIELDS) return null;
  // A 40-byte header is followed by the masks (3, or 4 with alpha); V2+ headers hold them at the same place.
  const alphaStored = headerSize >= 56 || compression === ALPHA_BITFIELDS;
  const end = FILE_HEADER_BYTES + INFO_HEADER_BYTES + (alphaStored ? 16 : 12);
  if (view.byteLength < end) throw endsEarly('BMP');
  const mask = (at: number) => view.getUint32(at, true);
  return masksOf(mask(54), mask(58), mask(62), alphaStored ? mask(66) : 0);
}

function masksOf(red: number, green: number, blue: number, alpha: number): Masks {
  return { red: channelOf(red), green: channelOf(green), blue: channelOf(blue), alpha: channelOf(alpha) };
}

function channelOf(mask: number): Channel {
  if (mask === 0) return { shift: 0, bits: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  let bits = 0;
  while (shift + bits < 32 && ((mask >>> (shift + bits)) & 1) === 1) bits++;
  return { shift, bits };
}

/** A channel's value scaled to 8 bits (rounded); `absent` when the mask is empty. */
function sample(pixel: number, channel: Channel, absent: number): number {
  const { shift, bits } = channel;
  if (bits === 0) return absent;
  const value = ((pixel >>> shift) & (2 ** bits - 1)) >>> 0;
  if (bits >= 8) return value >>> (bits - 8);
  const max = 2 ** bits - 1;
  return Math.floor((value * 510 + max) / (2 * max));
}

/** A palette entry, opaque; an index past the palette is black. */
function paintIndex(out: Uint8Array, o: number, palette: Uint8Array, index: number) {
  const at = index * 3;
  if (at < palette.length) {
    out[o] = palette[at] as number;
    out[o + 1] = palette[at + 1] as number;
    out[o + 2] = palette[at + 2] as number;
  }
  out[o + 3] = 255;
}

/** Uncompressed rows (and masked ones), each padded to 4 bytes. */
function readRows(bytes: Uint8Array, header: BmpHeader, out: Uint8Array) {
  const { width, height, bitsPerPixel: bpp, pixelOffset, palette, masks } = header;
  const stride = Math.floor((width * bpp + 31) / 32) * 4;
  if (bytes.length < pixelOffset + stride * (height - 1) + Math.ceil((width * bpp) / 8)) throw endsEarly('BMP');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = pixelOffset + (header.topDown ? y : height - 1 - y) * stride;
    let o = y * width * 4;
    for (let x = 0; x < width; x++, o += 4) {
      if (bpp <= 8) {
        const bit = x * bpp;
        const index = ((bytes[row + (bit >> 3)] as number) >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        paintIndex(out, o, palette, index);
      } else if (masks) {
        const pixel = bpp === 16 ? view.getUint16(row + x * 2, true) : view.getUint32(row + x * 4, true);
        out[o] = sample(pixel, masks.red, 0);
        out[o + 1] = sample(pixel, masks.green, 0);
        out[o + 2] = sample(pixel, masks.blue, 0);
        const alpha = sample(pixel, masks.alpha, 255);
        out[o + 3] = alpha;
        if (masks.alpha.bits > 0 && alpha > 0) anyAlpha = true;
      } else {
        const at = row + x * (bpp >> 3); // B, G, R (and a padding byte at 32 bits)
        out[o] = bytes[at + 2] as number;
        out[o + 1] = bytes[at + 1] as number;
        out[o + 2] = bytes[at] as number;
        out[o + 3] = 255;
      }
    }
  }
  if (masks && masks.alpha.bits > 0 && !anyAlpha) for (let i = 3; i < out.length; i += 4) out[i] = 255;
}

/**
 * RLE8 and RLE4: pairs of (count, index) runs, and escapes (count 0) for end of line, end of
 * image, a jump, or a literal run padded to 2 bytes. Rows go bottom up; what no run paints
 * stays transparent. Data that ends before the last row is truncated.
 */
function readRle(bytes: Uint8Array, header: BmpHeader, out: Uint8Array) {
  const { width, height, palette, pixelOffset } = header;
  const four = header.compression === RLE4;
  let x = 0;
  let y = 0; // rows from the bottom
  const paint = (index: number) => {
    if (x < width && y < height) {
      paintIndex(out, ((height - 1 - y) * width + x) * 4, palette, index);
    }
    x++;
  };
  // the i-th index of a run: a byte, or (RLE4) the high nibble then the low one
  const nibble = (byte: number, i: number) => (i & 1 ? byte & 15 : byte >> 4);
  let at = pixelOffset;
  while (y < height) {
    if (at + 2 > bytes.length) throw endsEarly('BMP');
    const count = bytes[at] as number;
    const value = bytes[at + 1] as number;
    at += 2;
    if (count > 0) {
      for (let i = 0; i < count; i++) paint(four ? nibble(value, i) : value);
    } else if (value === 0) {
      x = 0;
      y++;
    } else if (value === 1) {
      return;
    } else if (value === 2) {
      if (at + 2 > bytes.length) throw endsEarly('BMP');
      x += bytes[at] as number;
      y += bytes[at + 1] as number;
      at += 2;
    } else {
      const size = four ? (value + 1) >> 1 : value;
      if (at + size > bytes.length) throw endsEarly('BMP');
      for (let i = 0; i < value; i++) {
        paint(four ? nibble(bytes[at + (i >> 1)] as number, i) : (bytes[at + i] as number));
      }
      at += size + (size & 1);
    }
  }
}

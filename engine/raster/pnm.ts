/**
 * Netpbm images (PBM, PGM, PPM and PAM: magic numbers P1 to P7) -> RGBA8, in plain TypeScript:
 * sharp (libvips as sharp ships it) reads none of them, nor do browsers. Plain (text) and raw
 * (binary) forms, any maxval up to 65535 (two bytes a sample, big-endian, above 255), samples
 * scaled to 8 bits with rounding; PAM with 1 to 4 channels (grey, grey + alpha, RGB, RGB +
 * alpha). A file holding several images gives the first. A sample over the maxval is damage,
 * not clamped: Netpbm's own tools refuse it too.
 */
import type { RgbaImage } from '../image.js';
import { damaged, endsEarly, tooManyPixels } from './decode-error.js';
import { isSpace, type PnmName } from './sniff.js';

const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;

/** Reads a Netpbm file's text: its header's tokens, and a plain image's samples. */
class Tokens {
  at = 2;
  constructor(
    readonly bytes: Uint8Array,
    readonly name: PnmName,
  ) {}

  /** Skips whitespace and comments (# to the end of the line). */
  skipSpace() {
    const { bytes } = this;
    while (this.at < bytes.length) {
      const byte = bytes[this.at];
      if (byte === 0x23) {
        while (this.at < bytes.length && bytes[this.at] !== 0x0a && bytes[this.at] !== 0x0d) this.at++;
      } else if (isSpace(byte)) this.at++;
      else return;
    }
  }

  /** A decimal number up to `max` (`what` names it in a refusal). */
  number(what: string, max: number): number {
    this.skipSpace();
    const { bytes } = this;
    if (this.at >= bytes.length) throw endsEarly(this.name);
    if (!isDigit(bytes[this.at])) throw damaged(this.name, `${what} is not a number`);
    let value = 0;
    while (isDigit(bytes[this.at])) {
      value = value * 10 + ((bytes[this.at] as number) - 0x30);
      if (value > max) throw damaged(this.name, `${what} is over ${max}`);
      this.at++;
    }
    return value;
  }

  /** A header's size or maxval: from 1 to `max`. */
  positive(what: string, max: number): number {
    const value = this.number(`header's ${what}`, max);
    if (value === 0) throw damaged(this.name, `header's ${what} is 0`);
    return value;
  }

  /** A run of non-space bytes (a PAM header's keyword), its first 16 bytes. */
  word(): string {
    this.skipSpace();
    if (this.at >= this.bytes.length) throw endsEarly(this.name);
    const start = this.at;
    while (this.at < this.bytes.length && !isSpace(this.bytes[this.at])) this.at++;
    return String.fromCharCode(...this.bytes.subarray(start, Math.min(this.at, start + 16)));
  }

  /** Past the end of the line (a PAM TUPLTYPE's value; ENDHDR's newline, after which the samples start). */
  skipLine() {
    while (this.at < this.bytes.length && this.bytes[this.at] !== 0x0a) this.at++;
    this.at++;
  }

  /** The one whitespace byte between a raw image's header and its samples. */
  endHeader() {
    if (this.at >= this.bytes.length) throw endsEarly(this.name);
    if (!isSpace(this.bytes[this.at])) throw damaged(this.name, 'header does not end with a whitespace');
    this.at++;
  }
}

/** What the header says: the size, the channels per pixel and the largest sample. */
interface Layout {
  readonly width: number;
  readonly height: number;
  readonly channels: number;
  readonly maxval: number;
}

/** Sizes up to 2^31 - 1 parse; the pixel limit then refuses what is too large for memory. */
const MAX_SIZE = 0x7fffffff;
const MAX_SAMPLE = 65535;

/**
 * Decodes a Netpbm image to RGBA8. Throws DecodeError (never anything else): image_too_large
 * over `maxPixels` (from the header, before any pixel is allocated), corrupt_image for a damaged
 * or truncated file. `name` is what pnmName gave.
 */
export function readPnm(bytes: Uint8Array, maxPixels: number, name: PnmName): RgbaImage {
  const kind = (bytes[1] as number) - 0x30;
  const tokens = new Tokens(bytes, name);
  const layout = kind === 7 ? readPamHeader(tokens) : readHeader(tokens, kind);
  const { width, height } = layout;
  if (width * height > maxPixels) throw tooManyPixels(width, height, maxPixels);
  const out = new Uint8Array(width * height * 4);
  if (kind === 1) readPlainBits(tokens, layout, out);
  else if (kind === 4) readRawBits(tokens, layout, out);
  else if (kind === 2 || kind === 3) readPlainSamples(tokens, layout, out);
  else readRawSamples(tokens, layout, out);
  return { width, height, data: out };
}

function readHeader(tokens: Tokens, kind: number): Layout {
  const width = tokens.positive('width', MAX_SIZE);
  const height = tokens.positive('height', MAX_SIZE);
  const bitmap = kind === 1 || kind === 4;
  const maxval = bitmap ? 1 : tokens.positive('maxval', MAX_SAMPLE);
  if (kind >= 4) tokens.endHeader();
  return { width, height, channels: kind === 3 || kind === 6 ? 3 : 1, maxval };
}

function readPamHeader(tokens: Tokens): Layout {
  const fields = new Map<string, number>();
  for (;;) {
    const key = tokens.word();
    if (key === 'ENDHDR') break;
    if (key === 'TUPLTYPE') tokens.skipLine();
    else if (key === 'WIDTH' || key === 'HEIGHT') fields.set(key, tokens.positive(key.toLowerCase(), MAX_SIZE));
    else if (key === 'DEPTH') fields.set(key, tokens.positive('depth', 4));
    else if (key === 'MAXVAL') fields.set(key, tokens.positive('maxval', MAX_SAMPLE));
    else throw damaged('PAM', `header has a line it does not know ("${key}")`);
  }
  tokens.skipLine();
  const field = (key: string) => {
    const value = fields.get(key);
    if (value === undefined) throw damaged('PAM', `header has no ${key} line`);
    return value;
  };
  return { width: field('WIDTH'), height: field('HEIGHT'), channels: field('DEPTH'), maxval: field('MAXVAL') };
}

/** Each sample 0..maxval scaled to 0..255, rounded. */
function scaleTable(maxval: number): Uint8Array {
  const table = new Uint8Array(maxval + 1);
  for (let v = 0; v <= maxval; v++) table[v] = Math.floor((v * 510 + maxval) / (2 * maxval));
  return table;
}

/** One pixel's channels (grey, grey + alpha, RGB, RGB + alpha), already scaled, as RGBA. */
function putPixel(out: Uint8Array, pixel: number, channels: number, samples: ArrayLike<number>, at: number) {
  const o = pixel * 4;
  const grey = channels < 3;
  out[o] = samples[at] as number;
  out[o + 1] = samples[grey ? at : at + 1] as number;
  out[o + 2] = samples[grey ? at : at + 2] as number;
  out[o + 3] = channels === 2 || channels === 4 ? (samples[at + channels - 1] as number) : 255;
}

function overMaxval(name: PnmName, value: number, maxval: number) {
  return damaged(name, `pixel data has a sample of ${value}, over its maxval of ${maxval}`);
}

function readRawSamples(tokens: Tokens, layout: Layout, out: Uint8Array) {
  const { bytes, at, name } = tokens;
  const { width, height, channels, maxval } = layout;
  const wide = maxval > 255;
  const count = width * height * channels;
  if (bytes.length - at < count * (wide ? 2 : 1)) throw endsEarly(name);
  const scale = scaleTable(maxval);
  const pixel = new Uint8Array(channels);
  for (let p = 0, i = 0; p < width * height; p++) {
    for (let c = 0; c < channels; c++, i++) {
      const value = wide
        ? ((bytes[at + 2 * i] as number) << 8) | (bytes[at + 2 * i + 1] as number)
        : (bytes[at + i] as number);
      if (value > maxval) throw overMaxval(name, value, maxval);
      pixel[c] = scale[value] as number;
    }
    putPixel(out, p, channels, pixel, 0);
  }
}

function readPlainSamples(tokens: Tokens, layout: Layout, out: Uint8Array) {
  const { width, height, channels, maxval } = layout;
  const scale = scaleTable(maxval);
  const pixel = new Uint8Array(channels);
  for (let p = 0; p < width * height; p++) {
    for (let c = 0; c < channels; c++) {
      const value = tokens.number('pixel data has a sample that', MAX_SAMPLE);
      if (value > maxval) throw overMaxval(tokens.name, value, maxval);
      pixel[c] = scale[value] as number;
    }
    putPixel(out, p, channels, pixel, 0);
  }
}

/** A bitmap's pixel: 1 is black (ink), 0 white. */
function putBit(out: Uint8Array, pixel: number, ink: boolean) {
  out.fill(ink ? 0 : 255, pixel * 4, pixel * 4 + 3);
  out[pixel * 4 + 3] = 255;
}

/** P4: rows of bits, each row padded to a whole byte. */
function readRawBits(tokens: Tokens, layout: Layout, out: Uint8Array) {
  const { bytes, at, name } = tokens;
  const { width, height } = layout;
  const stride = Math.ceil(width / 8);
  if (bytes.length - at < stride * height) throw endsEarly(name);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      putBit(out, y * width + x, (((bytes[at + y * stride + (x >> 3)] as number) >> (7 - (x & 7))) & 1) === 1);
    }
  }
}

/** P1: the characters 0 and 1, with or without whitespace between them. */
function readPlainBits(tokens: Tokens, layout: Layout, out: Uint8Array) {
  const { bytes, name } = tokens;
  for (let p = 0; p < layout.width * layout.height; p++) {
    tokens.skipSpace();
    if (tokens.at >= bytes.length) throw endsEarly(name);
    const bit = bytes[tokens.at++];
    if (bit !== 0x30 && bit !== 0x31) throw damaged(name, 'pixel data has a character other than 0 and 1');
    putBit(out, p, bit === 0x31);
  }
}

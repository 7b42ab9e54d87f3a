/**
 * Writes test/fixtures/bad/: small inputs that must never crash, like chafa's tests/data/bad.
 * Each file is named `<stage>-<defect>.<ext>`, the stage being where the defect bites:
 *   sniff   format detection (no image at all)
 *   header  the image header (claims that must be refused before any pixel is allocated)
 *   decode  the pixel decoder (truncation, unusual color spaces and depths, animation)
 *   render  the grid (degenerate sizes)
 * Every file is made here from nothing but code and sharp (the BMP and Netpbm ones byte by byte), and test/fixtures/bad/README.md
 * gives one provenance line per file. Regenerate: `npx tsx scripts/make-bad-fixtures.ts`.
 * test/unit/bad-inputs.test.ts reads BAD_FIXTURES for what each file must do.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { RenderErrorCode } from '../engine/errors.js';
import type { DecodeErrorCode } from '../engine/node/decode.js';

export const BAD_DIR = path.resolve(import.meta.dirname, '..', 'test', 'fixtures', 'bad');

export interface BadFixture {
  readonly file: string;
  /** How the file was made, in one line. */
  readonly provenance: string;
  /** `renders`: decodes and renders to a valid grid; otherwise the DecodeError code it must fail with. */
  readonly expect: 'renders' | DecodeErrorCode;
  /** For a file that renders (at 8 columns): the RenderError it meets at the default 120 columns, if any. */
  readonly atDefaultColumns?: RenderErrorCode;
  readonly make: () => Promise<Uint8Array>;
}

/** A deterministic byte stream (xorshift32), so the files are the same on every run. */
function pseudoRandom(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** An RGB gradient with noise, so compressed files have real pixel data to cut. */
function noisyGradient(width: number, height: number): Buffer {
  const noise = pseudoRandom(width * height * 3, 7);
  const px = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      px[i] = (x * 255) / Math.max(1, width - 1);
      px[i + 1] = (y * 255) / Math.max(1, height - 1);
      px[i + 2] = noise[i] & 0x7f;
    }
  return px;
}

const raw = (width: number, height: number) =>
  sharp(noisyGradient(width, height), { raw: { width, height, channels: 3 } });

const bytes = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/** One PNG chunk: length, type, data, CRC-32 of type and data. */
function pngChunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
  return out;
}

/** A PNG whose IHDR claims width x height (8-bit RGB), with one tiny IDAT: a decompression-bomb header. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // bit depth 8, color type 2 (RGB), deflate, adaptive filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(4))),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

const half = (b: Buffer) => bytes(b.subarray(0, Math.floor(b.length / 2)));

/**
 * A Windows BMP (40-byte header) around `pixels` as stored: rows bottom up, each padded to 4
 * bytes, or an RLE stream. `width` and `height` are what the header claims.
 */
function bmpFile(width: number, height: number, bitsPerPixel: number, compression: number, pixels: Uint8Array): Buffer {
  const palette = bitsPerPixel <= 8 ? 4 * 2 : 0; // two entries: black, white
  const out = Buffer.alloc(14 + 40 + palette + pixels.length);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(14 + 40 + palette, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(bitsPerPixel, 28);
  out.writeUInt32LE(compression, 30);
  if (palette) out.fill(255, 14 + 40 + 4, 14 + 40 + 7);
  out.set(pixels, 14 + 40 + palette);
  return out;
}

/** The noisy gradient as a 24-bit BMP (B, G, R; rows bottom up, padded to 4 bytes). */
function gradientBmp(width: number, height: number): Buffer {
  const rgb = noisyGradient(width, height);
  const stride = Math.ceil((width * 3) / 4) * 4;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 3;
      rows.set([rgb[from + 2] ?? 0, rgb[from + 1] ?? 0, rgb[from] ?? 0], (height - 1 - y) * stride + x * 3);
    }
  return bmpFile(width, height, 24, 0, rows);
}

const ascii = (text: string) => new TextEncoder().encode(text);

export const BAD_FIXTURES: readonly BadFixture[] = [
  {
    file: 'sniff-empty.png',
    provenance: 'zero bytes, named like a PNG',
    expect: 'not_an_image',
    make: async () => new Uint8Array(0),
  },
  {
    file: 'sniff-random-bytes.jpg',
    provenance: '512 bytes of xorshift32 noise (seed 1), named like a JPEG',
    expect: 'not_an_image',
    make: async () => pseudoRandom(512, 1),
  },
  {
    file: 'sniff-text.txt',
    provenance: 'a line of UTF-8 text',
    expect: 'not_an_image',
    make: async () => new TextEncoder().encode('This is a text file, not an image.\n'),
  },
  {
    file: 'sniff-svg.svg',
    provenance: 'a valid SVG document: refused as input (librsvg would resolve references in it)',
    expect: 'unsupported_image',
    make: async () =>
      new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="#fff"/></svg>\n',
      ),
  },
  {
    file: 'header-huge-50000x50000.png',
    provenance:
      'hand-built PNG: signature, IHDR claiming 50000 x 50000 RGB with a valid CRC, a 4-byte IDAT, IEND (69 bytes)',
    expect: 'image_too_large',
    make: async () => bytes(pngClaiming(50_000, 50_000)),
  },
  {
    file: 'header-huge-100000x100000.bmp',
    provenance:
      'hand-built BMP header (40-byte info header, 24 bits per pixel) claiming 100000 x 100000, and no pixels',
    expect: 'image_too_large',
    make: async () => bytes(bmpFile(100_000, 100_000, 24, 0, new Uint8Array(0))),
  },
  {
    file: 'header-huge-100000x100000.ppm',
    provenance: 'a PPM header (P6) claiming 100000 x 100000, and no samples',
    expect: 'image_too_large',
    make: async () => ascii('P6\n100000 100000\n255\n'),
  },
  {
    file: 'header-jpeg-in-bmp.bmp',
    provenance: 'hand-built BMP header saying its pixels are a JPEG (compression 4), followed by 16 zero bytes',
    expect: 'unsupported_image',
    make: async () => bytes(bmpFile(4, 4, 0, 4, new Uint8Array(16))),
  },
  {
    file: 'decode-truncated.bmp',
    provenance: 'a 64 x 64 noisy gradient as a 24-bit BMP (written here), cut to its first half',
    expect: 'corrupt_image',
    make: async () => half(gradientBmp(64, 64)),
  },
  {
    file: 'decode-rle8-no-end.bmp',
    provenance: 'hand-built 8 x 8 RLE8 BMP whose stream paints two rows and stops without an end-of-image mark',
    expect: 'corrupt_image',
    make: async () => bytes(bmpFile(8, 8, 8, 1, Uint8Array.of(8, 1, 0, 0, 8, 0, 0, 0))),
  },
  {
    file: 'decode-rle8.bmp',
    provenance: 'hand-built 16 x 8 RLE8 BMP: white and black runs, a jump, rows it leaves unpainted (transparent)',
    expect: 'renders',
    make: async () => bytes(bmpFile(16, 8, 8, 1, Uint8Array.of(8, 1, 8, 0, 0, 0, 4, 0, 0, 2, 4, 2, 8, 1, 0, 1))),
  },
  {
    file: 'decode-over-maxval.pgm',
    provenance: 'a 4 x 1 PGM (P5, maxval 100) with a sample of 200',
    expect: 'corrupt_image',
    make: async () => Uint8Array.of(...ascii('P5 4 1 100\n'), 0, 50, 200, 100),
  },
  {
    file: 'decode-16bit.pam',
    provenance: 'a 32 x 16 grey ramp with an alpha ramp as a PAM (P7, GRAYSCALE_ALPHA, maxval 65535)',
    expect: 'renders',
    make: async () => {
      const header = ascii('P7\nWIDTH 32\nHEIGHT 16\nDEPTH 2\nMAXVAL 65535\nTUPLTYPE GRAYSCALE_ALPHA\nENDHDR\n');
      const samples = Buffer.alloc(32 * 16 * 4);
      for (let i = 0; i < 32 * 16; i++) {
        samples.writeUInt16BE((i % 32) * 2114, i * 4);
        samples.writeUInt16BE(65535 - Math.floor(i / 32) * 4096, i * 4 + 2);
      }
      return Uint8Array.of(...header, ...samples);
    },
  },
  {
    file: 'decode-truncated.png',
    provenance: 'a 64 x 64 noisy gradient PNG (sharp), cut to its first half',
    expect: 'corrupt_image',
    make: async () => half(await raw(64, 64).png().toBuffer()),
  },
  {
    file: 'decode-truncated.jpg',
    provenance: 'a 64 x 64 noisy gradient JPEG (sharp, quality 90), cut to its first half',
    expect: 'corrupt_image',
    make: async () => half(await raw(64, 64).jpeg({ quality: 90 }).toBuffer()),
  },
  {
    file: 'decode-cmyk.jpg',
    provenance: 'a 32 x 16 gradient converted to CMYK and written as a CMYK JPEG (sharp toColourspace cmyk)',
    expect: 'renders',
    make: async () => bytes(await raw(32, 16).toColourspace('cmyk').jpeg().toBuffer()),
  },
  {
    file: 'decode-16bit.png',
    provenance: 'a 32 x 16 gradient written as a 16-bit-per-channel RGB PNG (sharp toColourspace rgb16)',
    expect: 'renders',
    make: async () => bytes(await raw(32, 16).toColourspace('rgb16').png().toBuffer()),
  },
  {
    file: 'decode-gray-alpha.png',
    provenance: 'a 32 x 16 grey ramp with an alpha ramp, written as a 2-channel (grey + alpha) PNG',
    expect: 'renders',
    make: async () => {
      const px = Buffer.alloc(32 * 16 * 2);
      for (let i = 0; i < 32 * 16; i++) {
        px[i * 2] = (i % 32) * 8;
        px[i * 2 + 1] = 255 - Math.floor(i / 32) * 16;
      }
      return bytes(
        await sharp(px, { raw: { width: 32, height: 16, channels: 2 } })
          .toColourspace('b-w')
          .png()
          .toBuffer(),
      );
    },
  },
  {
    file: 'decode-animated.gif',
    provenance: 'a 3-frame 16 x 8 animated GIF: frames solid red, green, blue (only the first, red, is rendered)',
    expect: 'renders',
    make: async () => {
      const frames = [
        [255, 0, 0],
        [0, 255, 0],
        [0, 0, 255],
      ];
      const px = Buffer.alloc(16 * 8 * 3 * frames.length);
      frames.forEach((rgb, f) => {
        for (let i = 0; i < 16 * 8; i++) px.set(rgb, (f * 16 * 8 + i) * 3);
      });
      return bytes(
        await sharp(px, { raw: { width: 16, height: 8 * frames.length, channels: 3, pageHeight: 8 } })
          .gif({ delay: [100, 100, 100], loop: 0 })
          .toBuffer(),
      );
    },
  },
  {
    file: 'render-1x1.png',
    provenance: 'a single white pixel (sharp create)',
    expect: 'renders',
    make: async () =>
      bytes(
        await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } })
          .png()
          .toBuffer(),
      ),
  },
  {
    file: 'render-1x300.png',
    provenance: 'a 1 pixel wide, 300 pixel tall gradient column',
    expect: 'renders',
    atDefaultColumns: 'grid_too_large',
    make: async () => bytes(await raw(1, 300).png().toBuffer()),
  },
  {
    file: 'render-300x1.png',
    provenance: 'a 300 pixel wide, 1 pixel tall gradient line',
    expect: 'renders',
    make: async () => bytes(await raw(300, 1).png().toBuffer()),
  },
];

/** test/fixtures/bad/README.md: one provenance line per file. */
export function badFixturesReadme(): string {
  const rows = BAD_FIXTURES.map((f) => {
    const outcome = f.atDefaultColumns ? `${f.expect} (at 120 columns: ${f.atDefaultColumns})` : f.expect;
    return `| \`${f.file}\` | ${f.provenance} | ${outcome} |`;
  });
  return `# Bad inputs

Inputs that must never crash glyphcast, named \`<stage>-<defect>.<ext>\` (stage: sniff, header,
decode, render). Generated by \`scripts/make-bad-fixtures.ts\` (\`npx tsx scripts/make-bad-fixtures.ts\`);
checked by \`test/unit/bad-inputs.test.ts\` and the CLI tests. Expected: \`renders\` to a valid grid
(at 8 columns), or the \`DecodeError\` code it fails with; a file that renders may still meet a
\`RenderError\` at the default 120 columns.

| file | provenance | expected |
|---|---|---|
${rows.join('\n')}
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.mkdirSync(BAD_DIR, { recursive: true });
  for (const f of BAD_FIXTURES) fs.writeFileSync(path.join(BAD_DIR, f.file), await f.make());
  fs.writeFileSync(path.join(BAD_DIR, 'README.md'), badFixturesReadme());
  console.log(`wrote ${BAD_FIXTURES.length} files and README.md to ${path.relative(process.cwd(), BAD_DIR)}`);
}

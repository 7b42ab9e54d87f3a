/** Netpbm files written here as text and bytes, each small enough to check by hand. */
import { describe, expect, it } from 'vitest';
import { readPnm } from '../../../engine/raster/pnm.js';
import { pnmName } from '../../../engine/raster/sniff.js';
import { quadsOf, refusalOf } from './support.js';

/** Text and byte values, one after another. */
function file(...parts: readonly (string | readonly number[])[]): Uint8Array {
  const chunks = parts.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : Uint8Array.from(p)));
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return bytes;
}

const decode = (bytes: Uint8Array, maxPixels = 1000) => {
  const name = pnmName(bytes);
  if (!name) throw new Error('not a Netpbm file');
  return readPnm(bytes, maxPixels, name);
};

const quads = (bytes: Uint8Array) => quadsOf(decode(bytes));
const refusal = (bytes: Uint8Array, maxPixels = 1000) => refusalOf(() => decode(bytes, maxPixels));

const grey = (v: number, a = 255) => [v, v, v, a];

describe('pnmName', () => {
  it('knows P1 to P7 followed by a whitespace or a comment, and nothing else', () => {
    expect(['P1 ', 'P2\n', 'P3\t', 'P4\r', 'P5 ', 'P6#', 'P7\n'].map((s) => pnmName(file(s)))).toEqual([
      'PBM',
      'PGM',
      'PPM',
      'PBM',
      'PGM',
      'PPM',
      'PAM',
    ]);
    for (const other of ['P8 ', 'P0 ', 'P6x', 'P6', 'p6 ', 'Q6 ']) expect(pnmName(file(other))).toBeNull();
  });
});

describe('readPnm', () => {
  it('P1: 1 is black, with or without whitespace between the bits, comments anywhere in the header', () => {
    expect(quads(file('P1\n# a comment\n3 # width\n2\n010\n1 0 1\n'))).toEqual([
      grey(255),
      grey(0),
      grey(255),
      grey(0),
      grey(255),
      grey(0),
    ]);
  });

  it('P2 and P3: plain samples scaled from their maxval to 8 bits with rounding', () => {
    expect(quads(file('P2 2 1 10\n5 10\n'))).toEqual([grey(128), grey(255)]); // 5/10 -> 127.5 -> 128
    expect(quads(file('P3\n1 1\n255\n1 2 3'))).toEqual([[1, 2, 3, 255]]);
  });

  it('P4: rows of bits padded to a whole byte', () => {
    const bits = quads(file('P4\n10 2\n', [0b10000000, 0b01000000, 0b00000000, 0b10000000])).map((q) => q[0]);
    expect(bits).toEqual([
      0, 255, 255, 255, 255, 255, 255, 255, 255, 0, 255, 255, 255, 255, 255, 255, 255, 255, 0, 255,
    ]);
  });

  it('P5 and P6: one byte a sample up to maxval 255, two (big-endian) above; exactly one whitespace ends the header', () => {
    expect(quads(file('P5\n2 1\n65535\n', [0x80, 0x00, 0xff, 0xff]))).toEqual([grey(128), grey(255)]);
    // the sample bytes start right after the single newline, even when one of them is itself whitespace
    expect(quads(file('P6 1 1 255\n', [10, 32, 13]))).toEqual([[10, 32, 13, 255]]);
  });

  it('P7 (PAM): 1 to 4 channels, grey, grey + alpha, RGB, RGB + alpha; black-and-white 0 is black', () => {
    const pam = (depth: number, maxval: number, type: string, samples: number[]) =>
      file(`P7\nWIDTH 1\nHEIGHT 1\nDEPTH ${depth}\nMAXVAL ${maxval}\nTUPLTYPE ${type}\nENDHDR\n`, samples);
    expect(quads(pam(1, 1, 'BLACKANDWHITE', [0]))).toEqual([grey(0)]);
    expect(quads(pam(2, 255, 'GRAYSCALE_ALPHA', [40, 7]))).toEqual([grey(40, 7)]);
    expect(quads(pam(3, 255, 'RGB', [1, 2, 3]))).toEqual([[1, 2, 3, 255]]);
    expect(quads(pam(4, 255, 'RGB_ALPHA', [1, 2, 3, 4]))).toEqual([[1, 2, 3, 4]]);
  });

  it('reads the first image of a file that holds several', () => {
    expect(quads(file('P5 1 1 255\n', [7], 'P5 1 1 255\n', [9]))).toEqual([grey(7)]);
  });
});

describe('readPnm: refusals', () => {
  it('a sample over its maxval (not clamped)', () => {
    expect(refusal(file('P5 1 1 100\n', [101]))).toMatchObject({
      code: 'corrupt_image',
      message: 'the image could not be decoded: the PGM pixel data has a sample of 101, over its maxval of 100',
    });
    expect(refusal(file('P2 1 1 100\n200')).message).toMatch(/a sample of 200, over its maxval of 100/);
  });

  it('a header with a 0, a maxval over 65535, a missing number, or no whitespace after it', () => {
    expect(refusal(file('P6 0 1 255\n')).message).toBe("the image could not be decoded: the PPM header's width is 0");
    expect(refusal(file('P6 1 1 70000\n')).message).toBe(
      "the image could not be decoded: the PPM header's maxval is over 65535",
    );
    expect(refusal(file('P6 1 x 255\n')).message).toBe(
      "the image could not be decoded: the PPM header's height is not a number",
    );
    expect(refusal(file('P5 1 1 255X', [1])).message).toMatch(/header does not end with a whitespace/);
    expect(refusal(file('P2 2 1 255\n1 x')).message).toBe(
      'the image could not be decoded: the PGM pixel data has a sample that is not a number',
    );
  });

  it('a file cut short, in the header or in the samples', () => {
    for (const cut of [
      file('P6\n# only a comment\n'),
      file('P6 2 1 255'),
      file('P6 2 1 255\n', [1, 2, 3, 4, 5]),
      file('P3 1 1 255 1 2'),
      file('P4 9 1\n', [0]),
      file('P1 2 1 1'),
    ]) {
      expect(refusal(cut)).toMatchObject({ code: 'corrupt_image', message: expect.stringContaining('ends early') });
    }
  });

  it('a PAM header without a field it needs, or with a line it does not know', () => {
    expect(refusal(file('P7\nWIDTH 1\nHEIGHT 1\nMAXVAL 255\nENDHDR\n', [0])).message).toMatch(
      /the PAM header has no DEPTH line/,
    );
    expect(refusal(file('P7\nWIDTH 1\nDEPTH 5\n')).message).toMatch(/the PAM header's depth is over 4/);
    expect(refusal(file('P7\nWIDTH 1\nCOLOUR red\n')).message).toMatch(/a line it does not know \("COLOUR"\)/);
  });

  it('P1 data other than 0 and 1', () => {
    expect(refusal(file('P1 2 1 0 2')).message).toMatch(/a character other than 0 and 1/);
  });

  it('checks the pixel limit from the header, before reading a pixel', () => {
    expect(refusal(file('P6 100000 100000 255\n'), 40_000_000)).toMatchObject({
      code: 'image_too_large',
      message: 'image is 100000 x 100000 pixels; the decode limit is 40000000 pixels',
    });
    expect(refusal(file('P6 99999999999 1 255\n')).message).toMatch(/width is over 2147483647/);
  });
});

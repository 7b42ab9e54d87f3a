/**
 * Every image type the service lists as input (OpenAPI's multipart encoding, the agent card's
 * input modes) is one the decoder reads: an image of each type, made here, decodes.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../../../engine/node/decode.js';
import { INPUT_IMAGE_TYPES } from '../../../server/capabilities.js';

const SIZE = { width: 6, height: 4 };
const base = () => sharp({ create: { ...SIZE, channels: 3, background: '#3080c0' } });
const ascii = (text: string, samples: number[]) => Uint8Array.of(...new TextEncoder().encode(text), ...samples);

/** A 6 x 4 bottom-up 24-bit BMP, rows padded to 4 bytes (6 * 3 = 18 -> 20). */
function bmp(): Uint8Array {
  const out = Buffer.alloc(14 + 40 + 20 * 4);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(SIZE.width, 18);
  out.writeInt32LE(SIZE.height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  return out;
}

const MAKERS: Record<(typeof INPUT_IMAGE_TYPES)[number], () => Promise<Uint8Array>> = {
  'image/png': async () => base().png().toBuffer(),
  'image/jpeg': async () => base().jpeg().toBuffer(),
  'image/webp': async () => base().webp().toBuffer(),
  'image/gif': async () => base().gif().toBuffer(),
  'image/tiff': async () => base().tiff().toBuffer(),
  'image/avif': async () => base().avif().toBuffer(),
  'image/bmp': async () => bmp(),
  'image/x-portable-bitmap': async () => ascii('P4 6 4\n', [0, 0, 0, 0]),
  'image/x-portable-graymap': async () => ascii(`P2 6 4 9\n${'5 '.repeat(24)}`, []),
  'image/x-portable-pixmap': async () => ascii('P6 6 4 255\n', new Array(72).fill(7)),
  'image/x-portable-anymap': async () => ascii('P5 6 4 255\n', new Array(24).fill(7)),
  'image/x-portable-arbitrarymap': async () =>
    ascii('P7\nWIDTH 6\nHEIGHT 4\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n', new Array(96).fill(200)),
};

describe('the input image types the service lists', () => {
  for (const type of INPUT_IMAGE_TYPES) {
    it(`${type} decodes`, async () => {
      const image = await decodeImage(await MAKERS[type]());
      expect([image.width, image.height]).toEqual([SIZE.width, SIZE.height]);
    });
  }
});

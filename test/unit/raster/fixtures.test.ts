/**
 * Files written by FFmpeg (test/fixtures/raster/README.md) decode to the pixels FFmpeg itself
 * decodes them to: an oracle outside our code, for every form our own tests could share a
 * misreading with.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rasterFormat, readRaster } from '../../../engine/raster/index.js';

const DIR = path.join(import.meta.dirname, '../../fixtures/raster');
const FILES = fs.readdirSync(DIR).filter((f) => /\.(bmp|pbm|pgm|ppm|pam)$/.test(f));

describe('BMP and Netpbm files written by FFmpeg', () => {
  it('are all here (7 BMP, 4 Netpbm)', () => {
    expect(FILES).toHaveLength(11);
  });

  for (const file of FILES) {
    it(`${file} decodes to FFmpeg's own pixels`, async () => {
      const bytes = new Uint8Array(fs.readFileSync(path.join(DIR, file)));
      const format = path.extname(file).slice(1);
      expect(rasterFormat(bytes)).toBe(format);
      const image = readRaster(bytes, 1000);
      const expected = await sharp(path.join(DIR, file.replace(/\.\w+$/, '.expected.png')))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([image.width, image.height, image.format]).toEqual([expected.info.width, expected.info.height, format]);
      // 5-6-5: FFmpeg repeats a channel's top bits where the reader rounds (README.md)
      const tolerance = file === 'bmp-rgb565le.bmp' ? 1 : 0;
      const apart = Array.from(image.data).reduce(
        (most, v, i) => Math.max(most, Math.abs(v - (expected.data[i] as number))),
        0,
      );
      expect(image.data.length).toBe(expected.data.length);
      expect(apart).toBeLessThanOrEqual(tolerance);
    });
  }
});

/**
 * Decoding to what the grid needs (decodeImage's `fit`, the engine's neededSize): a photo much
 * larger than the grid is read at about twice the sample grid, its aspect kept; the render of
 * it, given `fullSize`, has the grid and the evidence of the picture as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { neededSize, renderImage, resolveParams } from '../../../engine/index.js';
import { decodeImage } from '../../../engine/node/decode.js';

/** A w x h JPEG with a gradient and a bright square. */
async function photo(w: number, h: number, options: { orientation?: number } = {}): Promise<Uint8Array> {
  const data = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const square = x > w / 3 && x < w / 2 && y > h / 3 && y < h / 2;
      data[i] = square ? 250 : (x * 255) / w;
      data[i + 1] = square ? 250 : (y * 255) / h;
      data[i + 2] = 90;
    }
  let image = sharp(data, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 90 });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return new Uint8Array(await image.toBuffer());
}

describe('decodeImage with fit', () => {
  const params = resolveParams({ columns: 40 }, 'json');
  const fit = (width: number, height: number) => neededSize({ width, height }, params.columns);

  it('reads a large photo at about twice the sample grid, its aspect kept, and says its full size', async () => {
    const bytes = await photo(1600, 1000);
    const image = await decodeImage(bytes, { fit });
    const needed = neededSize({ width: 1600, height: 1000 }, 40);
    expect(image.fullSize).toEqual({ width: 1600, height: 1000 });
    expect(image.width).toBeGreaterThanOrEqual(needed.width);
    expect(image.height).toBeGreaterThanOrEqual(needed.height);
    expect(image.width).toBeLessThan(400);
    expect(image.width / image.height).toBeCloseTo(1.6, 1);
  });

  it('renders the grid and the evidence of the full picture', async () => {
    const bytes = await photo(1600, 1000);
    const whole = await decodeImage(bytes);
    const fitted = await decodeImage(bytes, { fit });
    const a = renderImage(whole, params);
    const b = renderImage(fitted, params, { fullSize: fitted.fullSize });
    expect([b.columns, b.rows]).toEqual([a.columns, a.rows]);
    expect(b.evidence.source).toEqual({ width: 1600, height: 1000 });
  });

  it('reads an image under twice the need whole', async () => {
    const image = await decodeImage(await photo(150, 100), { fit });
    expect([image.width, image.height]).toEqual([150, 100]);
    expect(image.fullSize).toEqual({ width: 150, height: 100 });
  });

  it('fits a photo turned by its EXIF orientation as it is shown (upright)', async () => {
    const image = await decodeImage(await photo(1600, 1000, { orientation: 6 }), { fit });
    expect(image.fullSize).toEqual({ width: 1000, height: 1600 });
    expect(image.height).toBeGreaterThan(image.width);
  });

  it('reads the whole image when fit cannot say (a grid the render refuses)', async () => {
    const refusing = () => {
      throw new Error('no grid');
    };
    const image = await decodeImage(await photo(800, 500), { fit: refusing });
    expect(image.width).toBe(800);
  });
});

describe("decodeImage's whileDecoding", () => {
  it('is called once, while libvips decodes, and changes nothing in the image', async () => {
    const bytes = await photo(800, 500);
    const calls: string[] = [];
    const decoding = decodeImage(bytes, { whileDecoding: () => calls.push('while decoding') });
    const image = await decoding;
    calls.push('decoded');
    expect(calls).toEqual(['while decoding', 'decoded']);
    expect(image).toEqual(await decodeImage(bytes));
  });

  it("fails with its own error, not as a damaged image's", async () => {
    const whileDecoding = () => {
      throw new Error('a bug beside the decode');
    };
    await expect(decodeImage(await photo(800, 500), { whileDecoding })).rejects.toThrow('a bug beside the decode');
  });

  it('is not called for data that is not an image, nor for a BMP (read on the main thread)', async () => {
    let called = 0;
    const whileDecoding = () => called++;
    await expect(decodeImage(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), { whileDecoding })).rejects.toThrow();
    const bmp = fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/raster/bmp-bgr24.bmp'));
    expect((await decodeImage(new Uint8Array(bmp), { whileDecoding })).format).toBe('bmp');
    expect(called).toBe(0);
  });
});

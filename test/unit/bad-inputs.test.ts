/**
 * Every file of test/fixtures/bad either renders to a valid grid or fails with a typed
 * DecodeError / RenderError whose message is one clear line: never any other exception.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RenderError } from '../../engine/errors.js';
import type { CellGrid } from '../../engine/grid.js';
import { resolveParams } from '../../engine/index.js';
import { DecodeError, decodeImage } from '../../engine/node/decode.js';
import { renderImage } from '../../engine/render.js';
import { BAD_DIR, BAD_FIXTURES, badFixturesReadme } from '../../scripts/make-bad-fixtures.js';

const read = (file: string) => new Uint8Array(fs.readFileSync(path.join(BAD_DIR, file)));

/** A clear message: one line, no stack frames, not just an error name. */
function expectClearMessage(err: Error) {
  expect(err.message).not.toContain('\n');
  expect(err.message).not.toMatch(/\bat .+:\d+:\d+/);
  expect(err.message.length).toBeGreaterThan(15);
}

function expectValidGrid(grid: CellGrid, columns: number) {
  expect(grid.columns).toBe(columns);
  expect(grid.rows).toBeGreaterThanOrEqual(1);
  expect(grid.glyphs).toHaveLength(grid.columns * grid.rows);
  expect(grid.colors).toHaveLength(grid.columns * grid.rows * 3);
  for (const g of grid.glyphs) expect(g).toBeLessThan(grid.table.length);
}

describe('the bad-input corpus (test/fixtures/bad)', () => {
  it('holds exactly the generated files and their provenance (npx tsx scripts/make-bad-fixtures.ts)', () => {
    const files = fs.readdirSync(BAD_DIR).sort();
    expect(files).toEqual([...BAD_FIXTURES.map((f) => f.file), 'README.md'].sort());
    expect(fs.readFileSync(path.join(BAD_DIR, 'README.md'), 'utf8')).toBe(badFixturesReadme());
    for (const f of BAD_FIXTURES) {
      expect(f.file).toMatch(/^(sniff|header|decode|render)-[a-z0-9-]+\.[a-z]+$/);
      expect(fs.statSync(path.join(BAD_DIR, f.file)).size).toBeLessThan(8 * 1024);
    }
  });

  it('has files that are what their names say', async () => {
    const meta = async (file: string) => sharp(read(file)).metadata();
    const png = read('decode-16bit.png');
    expect([png[24], png[25]]).toEqual([16, 2]); // IHDR bit depth 16, color type RGB
    const ga = read('decode-gray-alpha.png');
    expect([ga[24], ga[25]]).toEqual([8, 4]); // IHDR bit depth 8, color type grey + alpha
    expect((await meta('decode-cmyk.jpg')).space).toBe('cmyk');
    expect((await meta('decode-animated.gif')).pages).toBe(3);
    const huge = Buffer.from(read('header-huge-50000x50000.png'));
    expect([huge.readUInt32BE(16), huge.readUInt32BE(20)]).toEqual([50_000, 50_000]);
    expect(huge.length).toBeLessThan(100);
  });

  for (const fixture of BAD_FIXTURES) {
    const { file, expect: outcome } = fixture;
    it(`${file}: ${outcome === 'renders' ? 'renders to a valid grid' : `fails as ${outcome}`}`, async () => {
      let image: Awaited<ReturnType<typeof decodeImage>>;
      try {
        image = await decodeImage(read(file));
      } catch (err) {
        expect(err).toBeInstanceOf(DecodeError);
        expect((err as DecodeError).code).toBe(outcome);
        expectClearMessage(err as Error);
        return;
      }
      expect(outcome).toBe('renders');
      expect(image.data).toHaveLength(image.width * image.height * 4);
      expectValidGrid(renderImage(image, resolveParams({ columns: 8 }, 'json')), 8);
      const atDefaults = () => renderImage(image, resolveParams({}, 'json'));
      if (fixture.atDefaultColumns) {
        expect(atDefaults).toThrow(RenderError);
        try {
          atDefaults();
        } catch (err) {
          expect((err as RenderError).code).toBe(fixture.atDefaultColumns);
          expectClearMessage(err as Error);
        }
      } else {
        expectValidGrid(atDefaults(), 120);
      }
    });
  }

  it('refuses the 50000 x 50000 header from the header alone, without allocating pixels', async () => {
    const before = process.memoryUsage().rss;
    const err = await decodeImage(read('header-huge-50000x50000.png')).catch((e: unknown) => e);
    // its pixels would take 10 GB
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
    expect(err).toBeInstanceOf(DecodeError);
    expect((err as DecodeError).code).toBe('image_too_large');
  });

  it('with shrinkToFit, shrinks an image over the limit to fit it (aspect and orientation kept), up to 16 times it', async () => {
    // left half black, right half white, 200 x 100, its EXIF saying to turn it a quarter (6)
    const px = Buffer.alloc(200 * 100 * 3);
    for (let y = 0; y < 100; y++)
      for (let x = 100; x < 200; x++) px.fill(255, (y * 200 + x) * 3, (y * 200 + x + 1) * 3);
    const plain = await sharp(px, { raw: { width: 200, height: 100, channels: 3 } })
      .png()
      .toBuffer();
    const refused = await decodeImage(plain, { maxPixels: 5000 }).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: 'image_too_large',
      message: 'image is 200 x 100 pixels; the decode limit is 5000 pixels',
    });
    const shrunk = await decodeImage(plain, { maxPixels: 5000, shrinkToFit: true });
    expect([shrunk.width, shrunk.height]).toEqual([100, 50]);
    const at = (x: number, y: number) => shrunk.data[(y * shrunk.width + x) * 4];
    expect([at(2, 25), at(97, 25)]).toEqual([0, 255]);
    const turned = await sharp(plain).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const upright = await decodeImage(turned, { maxPixels: 5000, shrinkToFit: true });
    expect([upright.width, upright.height]).toEqual([50, 100]);
    // over 16 times the limit, it is refused all the same, naming both figures
    const tooMany = await decodeImage(plain, { maxPixels: 1000, shrinkToFit: true }).catch((e: unknown) => e);
    expect(tooMany).toMatchObject({
      code: 'image_too_large',
      message: 'image is 200 x 100 pixels; the most read is 16000 pixels (shrunk to the decode limit of 1000)',
    });
  });

  it('reads BMP and Netpbm with the engine readers, whole: shrinkToFit does not shrink them, and says so', async () => {
    const ppm = Uint8Array.of(
      ...new TextEncoder().encode('P6 200 100 255\n'),
      ...new Uint8Array(200 * 100 * 3).fill(9),
    );
    const image = await decodeImage(ppm);
    expect([image.format, image.width, image.height, image.data[0], image.data[3]]).toEqual(['ppm', 200, 100, 9, 255]);
    const refused = await decodeImage(ppm, { maxPixels: 5000, shrinkToFit: true }).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: 'image_too_large',
      message: 'image is 200 x 100 pixels; the decode limit is 5000 pixels (a PPM image is not shrunk as it loads)',
    });
    expect(await decodeImage(read('decode-rle8.bmp'))).toMatchObject({ format: 'bmp', width: 16, height: 8 });
  });

  it('calls a TIFF cut short corrupt, not "not an image" (its directory, at the end, is gone)', async () => {
    for (const tiff of [
      await sharp({ create: { width: 200, height: 100, channels: 3, background: '#808080' } })
        .tiff()
        .toBuffer(),
      await sharp({ create: { width: 64, height: 64, channels: 4, background: '#0008' } })
        .tiff({ compression: 'lzw' })
        .toBuffer(),
    ]) {
      const err = await decodeImage(tiff.subarray(0, tiff.length >> 1)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DecodeError);
      expect((err as DecodeError).code).toBe('corrupt_image');
    }
    // a BigTIFF's signature, cut right after its header
    const big = await decodeImage(Uint8Array.of(0x49, 0x49, 0x2b, 0x00, 8, 0, 0, 0, 16, 0)).catch((e: unknown) => e);
    expect((big as DecodeError).code).toBe('corrupt_image');
    // text that happens to start like no image stays not_an_image
    const text = await decodeImage(new TextEncoder().encode('II, said the sailor')).catch((e: unknown) => e);
    expect((text as DecodeError).code).toBe('not_an_image');
  });

  it('calls a GIF with no pixels corrupt (libvips rounds it up to one blank pixel)', async () => {
    /** A GIF of the given screen and first-frame sizes, with an extension block before the frame. */
    const gif = (screen: [number, number], frame: [number, number]) => {
      const u16 = (n: number) => [n & 0xff, n >> 8];
      return Uint8Array.of(
        ...new TextEncoder().encode('GIF89a'),
        ...u16(screen[0]),
        ...u16(screen[1]),
        0x80, // a global color table of 2 colors
        0,
        0,
        ...[0, 0, 0, 255, 255, 255],
        ...[0x21, 0xf9, 4, 0, 0, 0, 0, 0], // graphic control extension
        0x2c,
        ...u16(0),
        ...u16(0),
        ...u16(frame[0]),
        ...u16(frame[1]),
        0,
        ...[2, 2, 0x44, 0x01, 0], // image data
        0x3b,
      );
    };
    for (const [screen, frame] of [
      [
        [0, 0],
        [0, 0],
      ],
      [
        [0, 5],
        [4, 0],
      ],
    ] as [number, number][][]) {
      const err = await decodeImage(gif(screen as [number, number], frame as [number, number])).catch(
        (e: unknown) => e,
      );
      expect((err as DecodeError).code, JSON.stringify([screen, frame])).toBe('corrupt_image');
      expect((err as DecodeError).message).toBe('the image could not be decoded: the GIF is 0 pixels wide or high');
    }
    // a 1 x 1 frame on a 0 x 0 screen has its pixel
    const image = await decodeImage(gif([0, 0], [1, 1]));
    expect([image.width, image.height]).toEqual([1, 1]);
  });

  it('renders the first frame of an animated GIF', async () => {
    const image = await decodeImage(read('decode-animated.gif'));
    expect([image.width, image.height]).toEqual([16, 8]);
    expect(Array.from(image.data.subarray(0, 4))).toEqual([255, 0, 0, 255]);
  });

  it('renders the 1 x 300 column with rows forced, and the 300 x 1 line as one row', async () => {
    const column = await decodeImage(read('render-1x300.png'));
    expectValidGrid(renderImage(column, resolveParams({}, 'json'), { rows: 40 }), 120);
    const line = renderImage(await decodeImage(read('render-300x1.png')), resolveParams({}, 'json'));
    expect(line.rows).toBe(1);
  });
});

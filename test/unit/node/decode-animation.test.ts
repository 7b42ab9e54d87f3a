import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DELAY_MS, decodeAnimation } from '../../../engine/node/decode-animation.js';

/** An animation of `n` frames, w x h, frame i filled with grey 40 * i + 20. */
async function animation(format: 'gif' | 'webp', w: number, h: number, n: number, delay: number[], loop: number) {
  const frames = Array.from({ length: n }, (_, i) => Buffer.alloc(w * h * 4, 40 * i + 20));
  for (const f of frames) for (let p = 3; p < f.length; p += 4) f[p] = 255;
  const img = sharp(Buffer.concat(frames), { raw: { width: w, height: h * n, channels: 4, pageHeight: h } });
  return format === 'gif' ? img.gif({ delay, loop }).toBuffer() : img.webp({ delay, loop, lossless: true }).toBuffer();
}

describe('decodeAnimation', () => {
  it('gives every frame of a GIF whole, with its delay and the loop count', async () => {
    const decoded = await decodeAnimation(await animation('gif', 6, 4, 3, [50, 120, 0], 2));
    expect(decoded).not.toBeNull();
    const { width, height, frames, delaysMs, loop } = decoded as NonNullable<typeof decoded>;
    expect({ width, height, loop, count: frames.length }).toEqual({ width: 6, height: 4, loop: 2, count: 3 });
    // a delay of 0 shows for 100 ms, as in browsers
    expect(delaysMs).toEqual([50, 120, DEFAULT_DELAY_MS]);
    frames.forEach((f, i) => {
      expect(f.data).toHaveLength(6 * 4 * 4);
      expect(f.data[4 * 5 + 1]).toBe(40 * i + 20);
    });
  });

  it('reads animated WebP too, looping without end for 0', async () => {
    const decoded = await decodeAnimation(await animation('webp', 5, 5, 2, [70, 70], 0));
    expect(decoded?.frames).toHaveLength(2);
    expect(decoded?.loop).toBe(0);
    expect(decoded?.frames[1].data[1]).toBe(60);
  });

  it('shrinks an animation over the limit to fit it, every frame alike, as long as the frames stay as wide as asked', async () => {
    const gif = await animation('gif', 20, 10, 4, [100, 100, 100, 100], 0); // 800 pixels in all
    const shrunk = await decodeAnimation(gif, { maxPixels: 400, minFrameWidth: 10 });
    expect({ width: shrunk?.width, height: shrunk?.height, count: shrunk?.frames.length }).toEqual({
      width: 14,
      height: 7,
      count: 4,
    });
    shrunk?.frames.forEach((f, i) => {
      expect(f.data).toHaveLength(14 * 7 * 4);
      expect(f.data[4 * 20 + 1]).toBe(40 * i + 20);
    });
    await expect(decodeAnimation(gif, { maxPixels: 400, minFrameWidth: 15 })).rejects.toMatchObject({
      code: 'image_too_large',
      message:
        'the animation is 4 frames of 20 x 10 pixels; shrunk to the decode limit of 400 pixels in all, its frames would be narrower than the 15 pixels the art needs',
    });
    // what is read at all is bounded too: 16 times the limit
    await expect(decodeAnimation(gif, { maxPixels: 49, minFrameWidth: 1 })).rejects.toMatchObject({
      code: 'image_too_large',
      message: 'the animation is 4 frames of 20 x 10 pixels; the most read is 784 pixels in all',
    });
  });

  it('is null for an image of one frame', async () => {
    expect(await decodeAnimation(await animation('gif', 4, 4, 1, [100], 0))).toBeNull();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    expect(await decodeAnimation(png)).toBeNull();
  });

  it('refuses an animation over the pixel limit in all its frames, and is null for bytes that are no image', async () => {
    const gif = await animation('gif', 10, 10, 4, [100, 100, 100, 100], 0);
    await expect(decodeAnimation(gif, { maxPixels: 399 })).rejects.toMatchObject({
      name: 'DecodeError',
      code: 'image_too_large',
      message: 'the animation is 4 frames of 10 x 10 pixels; the decode limit is 399 pixels in all',
    });
    expect(await decodeAnimation(gif, { maxPixels: 400 })).not.toBeNull();
    // bytes that are no image are no animation: the still decode reports them
    expect(await decodeAnimation(new TextEncoder().encode('not an image'))).toBeNull();
  });
});

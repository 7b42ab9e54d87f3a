/**
 * Images tagged with an sRGB profile skip libvips's colour transform (engine/node/srgb-profile.ts):
 * the profile is recognised by its description, and the pixels are those the transform gives.
 * Any other profile is still converted.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../../../engine/node/decode.js';
import { isSrgbProfile, profileDescription } from '../../../engine/node/srgb-profile.js';

/** A w x h PNG or JPEG of a colour gradient, tagged with libvips's built-in profile `profile`. */
async function tagged(profile: 'srgb' | 'p3', format: 'png' | 'jpeg', w = 96, h = 64): Promise<Buffer> {
  const data = Buffer.alloc(w * h * 3);
  for (let i = 0; i < w * h; i++) {
    data[i * 3] = ((i % w) * 255) / w;
    data[i * 3 + 1] = (Math.floor(i / w) * 255) / h;
    data[i * 3 + 2] = 40 + (i % 7) * 20;
  }
  const image = sharp(data, { raw: { width: w, height: h, channels: 3 } }).withIccProfile(profile);
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 92 }).toBuffer();
}

/** An ICC v2 profile holding only a textDescriptionType `desc` tag. */
function v2Profile(description: string): Uint8Array {
  const text = Buffer.from(`${description}\0`, 'ascii');
  const tagAt = 144;
  const size = 12 + text.length;
  const icc = Buffer.alloc(tagAt + size);
  icc.writeUInt32BE(icc.length, 0);
  icc.writeUInt32BE(1, 128);
  icc.write('desc', 132, 'ascii');
  icc.writeUInt32BE(tagAt, 136);
  icc.writeUInt32BE(size, 140);
  icc.write('desc', tagAt, 'ascii');
  icc.writeUInt32BE(text.length, tagAt + 8);
  text.copy(icc, tagAt + 12);
  return icc;
}

describe('sRGB profiles', () => {
  it('reads the description of v2 (desc) and v4 (mluc) profiles', async () => {
    expect(profileDescription(v2Profile('sRGB IEC61966-2.1'))).toBe('sRGB IEC61966-2.1');
    const meta = await sharp(await tagged('srgb', 'png')).metadata();
    expect(profileDescription(meta.icc as Uint8Array)).toBe('sRGB');
    expect(isSrgbProfile(meta.icc)).toBe(true);
    expect(isSrgbProfile(v2Profile('Adobe RGB (1998)'))).toBe(false);
    expect(isSrgbProfile((await sharp(await tagged('p3', 'png')).metadata()).icc)).toBe(false);
  });

  it('refuses a truncated or tagless profile without throwing', () => {
    const whole = v2Profile('sRGB IEC61966-2.1');
    expect(profileDescription(whole.subarray(0, 150))).toBeNull();
    expect(profileDescription(whole.subarray(0, 100))).toBeNull();
    expect(profileDescription(new Uint8Array(200))).toBeNull();
  });

  it.each(['png', 'jpeg'] as const)(
    'decodes an sRGB-tagged %s to the pixels the colour transform gives',
    async (format) => {
      const bytes = await tagged('srgb', format);
      const transformed = await sharp(bytes).toColourspace('srgb').ensureAlpha().raw().toBuffer();
      const decoded = await decodeImage(new Uint8Array(bytes));
      expect(Buffer.from(decoded.data).equals(transformed)).toBe(true);
    },
  );

  it('still converts an image tagged with another profile (Display P3)', async () => {
    const bytes = await tagged('p3', 'png');
    const untouched = await sharp(bytes).keepIccProfile().ensureAlpha().raw().toBuffer();
    const transformed = await sharp(bytes).toColourspace('srgb').ensureAlpha().raw().toBuffer();
    expect(untouched.equals(transformed)).toBe(false);
    const decoded = await decodeImage(new Uint8Array(bytes));
    expect(Buffer.from(decoded.data).equals(transformed)).toBe(true);
  });
});

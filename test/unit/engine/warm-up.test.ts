/**
 * The renderer's warm-up (engine/render.ts warmUp): it renders on an executor of its own, so
 * every render after it is the render it would have been.
 */
import { describe, expect, it } from 'vitest';
import { renderImage, resolveParams, warmUp } from '../../../engine/index.js';

/** A 240 x 160 picture: a diagonal gradient with a bright disc. */
function picture() {
  const width = 240;
  const height = 160;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const disc = (x - 150) ** 2 + (y - 70) ** 2 < 900;
      data[i] = disc ? 250 : x;
      data[i + 1] = disc ? 240 : y;
      data[i + 2] = 90;
      data[i + 3] = 255;
    }
  return { width, height, data };
}

describe('warmUp', () => {
  it('changes no render after it, whatever the params it warmed up with', () => {
    const params = resolveParams({ columns: 48 }, 'json');
    const before = renderImage(picture(), params, { measure: false });
    warmUp(resolveParams({ charset: 'blocks', color: true }, 'json'));
    warmUp(params);
    const after = renderImage(picture(), params, { measure: false });
    expect(after.glyphs).toEqual(before.glyphs);
    expect(after.colors).toEqual(before.colors);
    expect(after.columns).toBe(48);
  });
});

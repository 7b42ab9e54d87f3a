import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINEAR_MAX, LUMA_B, LUMA_G, LUMA_R, TONE_MAX } from '../../../engine/fixed.js';
import { defaultParams } from '../../../engine/index.js';
import { interpolate, luma, luminance } from '../../../engine/kernels/luma.js';
import { planFrame } from '../../../engine/plan.js';
import { U32_MAX } from '../../support/bounds.js';

const PLAN = planFrame(defaultParams(), { width: 8, height: 8 });

function tones(...rgb: (readonly number[])[]): number[] {
  const out = new Uint16Array(rgb.length);
  luma(Uint16Array.from(rgb.flat()), rgb.length, PLAN.linearToTone, out);
  return Array.from(out);
}

describe('luma', () => {
  it('is the interpolated tone of the luminance, for any linear colour', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: LINEAR_MAX }), { minLength: 3, maxLength: 300 }), (values) => {
        const rgb = Array.from({ length: Math.floor(values.length / 3) }, (_, i) => values.slice(3 * i, 3 * i + 3));
        expect(tones(...rgb)).toEqual(rgb.map(([r, g, b]) => interpolate(PLAN.linearToTone, luminance(r, g, b))));
      }),
    );
    // the ends of the range, where the table is read at its last entry
    expect(tones([LINEAR_MAX, LINEAR_MAX, LINEAR_MAX], [0, 0, 0])).toEqual([TONE_MAX, 0]);
  });

  it('has Rec. 709 coefficients in Q16 that sum to exactly 65536', () => {
    expect(LUMA_R + LUMA_G + LUMA_B).toBe(65536);
    expect([LUMA_R / 65536, LUMA_G / 65536, LUMA_B / 65536].map((c) => Math.round(c * 1e4) / 1e4)).toEqual([
      0.2126, 0.7152, 0.0722,
    ]);
  });

  it('maps white 65535 to tone 4095 and black to 0', () => {
    expect(tones([LINEAR_MAX, LINEAR_MAX, LINEAR_MAX], [0, 0, 0])).toEqual([TONE_MAX, 0]);
  });

  it('luminance: Y = (R 13933 + G 46871 + B 4732 + 32768) >>> 16', () => {
    expect(luminance(LINEAR_MAX, LINEAR_MAX, LINEAR_MAX)).toBe(LINEAR_MAX);
    // 65535 * 13933 + 32768 = 913131923; >>> 16 = 13933
    expect([luminance(LINEAR_MAX, 0, 0), luminance(0, LINEAR_MAX, 0), luminance(0, 0, LINEAR_MAX)]).toEqual([
      13933, 46870, 4732,
    ]);
    expect(luminance(1000, 1000, 1000)).toBe(1000);
  });

  it('keeps the sum below 2^32 at white (unsigned)', () => {
    expect(LINEAR_MAX * (LUMA_R + LUMA_G + LUMA_B) + 32768).toBeLessThanOrEqual(U32_MAX);
  });

  it('interpolates the 4097-entry table by the low 4 bits: (a (16 - f) + b f + 8) >> 4', () => {
    const table = new Uint16Array(4097);
    table[10] = 100;
    table[11] = 200;
    expect(interpolate(table, 10 << 4)).toBe(100);
    expect(interpolate(table, (10 << 4) + 8)).toBe(150); // (800 + 1600 + 8) >> 4
    expect(interpolate(table, (10 << 4) + 1)).toBe(106); // (1500 + 200 + 8) >> 4 = 106
    expect(interpolate(table, (10 << 4) + 15)).toBe(194); // (100 + 3000 + 8) >> 4 = 194
    // a linear table comes back exactly, up to the last entry (index 4096 exists for v = 65535)
    const linear = Uint16Array.from({ length: 4097 }, (_, i) => Math.min(4095, i));
    expect(interpolate(linear, 65535)).toBe(4095);
    expect(PLAN.linearToTone).toHaveLength(4097);
    expect((4095 * 16 + 8) >> 4).toBeLessThanOrEqual(TONE_MAX);
  });

  it('is monotone in grey level and weighs green most, blue least', () => {
    const greys = tones(...Array.from({ length: 33 }, (_, i) => [i * 2047, i * 2047, i * 2047]));
    for (let i = 1; i < greys.length; i++) expect(greys[i]).toBeGreaterThanOrEqual(greys[i - 1]);
    const [r, g, b] = tones([LINEAR_MAX, 0, 0], [0, LINEAR_MAX, 0], [0, 0, LINEAR_MAX]);
    expect(g).toBeGreaterThan(r);
    expect(r).toBeGreaterThan(b);
  });
});

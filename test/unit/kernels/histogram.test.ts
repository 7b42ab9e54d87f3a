import { describe, expect, it } from 'vitest';
import { TONE_MAX } from '../../../engine/fixed.js';
import { histogram } from '../../../engine/kernels/histogram.js';
import { MAX_ROWS } from '../../../engine/size.js';
import { random } from '../../support/images.js';

describe('histogram', () => {
  it('counts tone >> 4 into 256 bins', () => {
    const out = new Uint32Array(256);
    histogram(Uint16Array.from([0, 15, 16, 31, 4080, 4095, 2048]), 7, out);
    expect(out[0]).toBe(2);
    expect(out[1]).toBe(2);
    expect(out[128]).toBe(1);
    expect(out[255]).toBe(2);
    expect(out.reduce((a, b) => a + b, 0)).toBe(7);
  });

  it('clears the previous counts and reads only `count` samples', () => {
    const out = new Uint32Array(256).fill(99);
    histogram(Uint16Array.from([100, 100, 4000]), 2, out);
    expect(out[6]).toBe(2);
    expect(out.reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('counts every sample once, for any plane', () => {
    const next = random(6);
    const tone = Uint16Array.from({ length: 5000 }, () => Math.floor(next() * (TONE_MAX + 1)));
    const out = new Uint32Array(256);
    histogram(tone, tone.length, out);
    for (let b = 0; b < 256; b++) expect(out[b]).toBe(tone.filter((t) => t >> 4 === b).length);
  });

  it('holds the largest plane: 400 x 2000 cells x 8 samples = 6.4 M <= 2^24 in one bin', () => {
    const samples = 400 * 2 * MAX_ROWS * 4;
    expect(samples).toBeLessThanOrEqual(2 ** 24);
    const out = new Uint32Array(256);
    histogram(new Uint16Array(samples).fill(TONE_MAX), samples, out);
    expect(out[255]).toBe(samples);
  });
});

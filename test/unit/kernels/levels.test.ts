import { describe, expect, it } from 'vitest';
import { Q8_ONE, TONE_MAX } from '../../../engine/fixed.js';
import { defaultParams } from '../../../engine/index.js';
import { levels, MAX_LEVELS_GAIN } from '../../../engine/kernels/levels.js';
import { planFrame } from '../../../engine/plan.js';
import { MAX_ROWS } from '../../../engine/size.js';
import { U32_MAX } from '../../support/bounds.js';

const PLAN = planFrame(defaultParams(), { width: 8, height: 8 });
const LOW = PLAN.levelsLow;
const HIGH = PLAN.levelsHigh;

/** A histogram from [bin, count] pairs. */
function hist(...bins: [number, number][]): Uint32Array {
  const h = new Uint32Array(256);
  for (const [b, n] of bins) h[b] += n;
  return h;
}

function run(h: Uint32Array, blend = Q8_ONE, low = LOW, high = HIGH): [number, number] {
  const out = new Int32Array(2);
  levels(
    h,
    h.reduce((a, b) => a + b, 0),
    low,
    high,
    blend,
    out,
  );
  return [out[0], out[1]];
}

describe('levels', () => {
  it('uses the 1 % and 99 % percentiles', () => {
    expect([LOW, HIGH]).toEqual([100, 9900]);
  });

  it('finds the percentiles: low = start of the bin past 1 %, high = end of the bin past 99 %', () => {
    // 10000 samples: 100 in bin 0 (exactly 1 %, so low moves on), the rest in bins 10..255
    const h = hist([0, 100], [10, 4800], [200, 5000], [255, 100]);
    // cumulative 100 is not > 100: low is bin 10 -> 160; 9900 is not > 9900, 10000 is: high = 255 * 16 + 15
    expect(run(h)).toEqual([160, Math.floor((TONE_MAX * 65536) / (4095 - 160))]);
    const h2 = hist([0, 101], [10, 9699], [200, 100], [255, 100]);
    // 101 > 100: low = 0
    expect(run(h2)[0]).toBe(0);
    const h3 = hist([5, 120], [100, 9760], [120, 20], [255, 100]);
    // 9880 after bin 100, 9900 after bin 120 (not > 9900), 10000 at bin 255 -> high 4095
    expect(run(h3)).toEqual([80, Math.floor((TONE_MAX * 65536) / (4095 - 80))]);
    const h4 = hist([5, 120], [100, 9760], [120, 21], [255, 99]);
    // 9901 > 9900 at bin 120: high = 120 * 16 + 15 = 1935
    expect(run(h4)).toEqual([80, Math.floor((TONE_MAX * 65536) / (1935 - 80))]);
  });

  it('blend 0 is the identity: low 0, gain 65536', () => {
    expect(run(hist([100, 10], [120, 10]), 0)).toEqual([0, 65536]);
  });

  it('blends the percentiles towards the identity: low * blend, 4095 - (4095 - high) * blend (Q8)', () => {
    const h = hist([64, 5000], [191, 5000]); // low 1024, high 3071
    const [lo, gain] = run(h, 128);
    // (1024 * 128 + 128) >> 8 = 512; 4095 - ((1024 * 128 + 128) >> 8) = 3583
    expect(lo).toBe(512);
    expect(gain).toBe(Math.floor((TONE_MAX * 65536) / (3583 - 512)));
    expect(run(h, Q8_ONE)).toEqual([1024, Math.floor((TONE_MAX * 65536) / (3071 - 1024))]);
  });

  it('caps the gain at 8x on a flat image, pivoting on the middle of its data so its tone stays', () => {
    expect(MAX_LEVELS_GAIN).toBe(8 * 65536);
    // one bin: low = 2048, high = 2063, 4095 * 65536 / 15 would be 17.9 M; mid 2055 - 2055 / 8 = 1799
    expect(run(hist([128, 1000]))).toEqual([1799, MAX_LEVELS_GAIN]);
    // ...as far as the window stays on the output: a black image's window 0..15 keeps its low end
    expect(run(hist([0, 8]))).toEqual([0, MAX_LEVELS_GAIN]);
    // the blended window of a flat white (3666..4095 at autoLevels 0.9) is capped too; 3577
    // would push the window's top 45 % past white, so 4095 - 512 = 3583
    expect(run(hist([255, 1000]), 230)).toEqual([3583, MAX_LEVELS_GAIN]);
    // what the tone kernel makes of it: (t - low) * gain >> 16, clamped
    const mapped = (t: number, [low, gain]: [number, number]) =>
      Math.min(TONE_MAX, Math.max(0, ((t - low) * gain) / 65536));
    expect(mapped(4095, run(hist([255, 1000]), 230))).toBe(TONE_MAX); // white stays white
    for (const bin of [16, 128, 200]) {
      const t = bin * 16 + 7;
      expect(Math.abs(mapped(t, run(hist([bin, 1000]), 230)) - t)).toBeLessThanOrEqual(8);
    }
  });

  it('a capped stretch clips none of its window: no jump where the cap begins', () => {
    const mapped = (t: number, [low, gain]: [number, number]) =>
      Math.min(TONE_MAX, Math.max(0, Math.floor(((t - low) * gain) / 65536)));
    // a dark, low-contrast photo at autoLevels 1: tones 0..511 (bins 0..31), and 0..527 (bins 0..32)
    const spread = (bins: number) => hist(...Array.from({ length: bins }, (_, b) => [b, 100] as [number, number]));
    const capped = run(spread(32));
    const uncapped = run(spread(33));
    expect(capped[1]).toBe(MAX_LEVELS_GAIN);
    expect(uncapped[1]).toBeLessThan(MAX_LEVELS_GAIN);
    // one bin more or less of data: the darkest and lightest tones land about where they did
    expect(mapped(0, capped)).toBe(0);
    expect(mapped(8, capped)).toBeGreaterThan(0);
    expect(mapped(511, capped)).toBeGreaterThan(0.95 * TONE_MAX);
    // and alike on the light side: tones 3584..4095
    const light = hist(...Array.from({ length: 32 }, (_, b) => [224 + b, 100] as [number, number]));
    expect(run(light)[1]).toBe(MAX_LEVELS_GAIN);
    expect(mapped(3584, run(light))).toBeLessThan(0.05 * TONE_MAX);
    expect(mapped(4087, run(light))).toBeLessThan(TONE_MAX);
  });

  it('keeps gain <= 2^28 before the cap: 4095 * 65536 / 1', () => {
    expect(TONE_MAX * 65536).toBeLessThan(2 ** 28);
  });

  it('computes the percentile counts at the largest plane exactly and below 2^32', () => {
    const total = 400 * 2 * MAX_ROWS * 4 - 1; // 6 399 999 samples, not a multiple of 10000
    // exact counts: floor(total * p / 10000), total * p itself would exceed 2^32
    const lowCount = Number((BigInt(total) * 100n) / 10000n); // 63999
    const highCount = Number((BigInt(total) * 9900n) / 10000n); // 6335999
    expect(total * HIGH).toBeGreaterThan(U32_MAX);
    expect(Math.floor(total / 10000) * HIGH + (total % 10000) * HIGH).toBeLessThan(U32_MAX);
    // put the percentile boundaries exactly on the counts: one count less or more would move a bin
    const h = hist([0, lowCount], [1, 1], [100, highCount - lowCount - 1], [200, 1], [255, total - highCount - 1]);
    expect(h.reduce((a, b) => a + b, 0)).toBe(total);
    // low: cumulative 63999 is not > 63999, bin 1 is -> 16; high: 6335999 is not > 6335999, bin 200 is -> 3215
    expect(run(h)).toEqual([16, Math.floor((TONE_MAX * 65536) / (3215 - 16))]);
  });
});

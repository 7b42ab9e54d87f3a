import { describe, expect, it } from 'vitest';
import { TONE_LEVELS, TONE_MAX } from '../../../engine/fixed.js';
import { resolveParams } from '../../../engine/index.js';
import { MAX_LEVELS_GAIN } from '../../../engine/kernels/levels.js';
import { tone } from '../../../engine/kernels/tone.js';
import { planFrame } from '../../../engine/plan.js';
import { U32_MAX } from '../../support/bounds.js';

const IDENTITY = Uint16Array.from({ length: TONE_LEVELS }, (_, i) => i);

function run(values: readonly number[], low: number, gain: number, curve: Uint16Array = IDENTITY): number[] {
  const out = new Uint16Array(values.length);
  tone(Uint16Array.from(values), values.length, Int32Array.from([low, gain]), curve, out);
  return Array.from(out);
}

const curveOf = (params: Record<string, unknown>) =>
  planFrame(resolveParams({ ...params }, 'json'), { width: 8, height: 8 }).toneCurve;

describe('tone', () => {
  it('with low 0 and gain 65536 is the tone curve alone', () => {
    expect(run([0, 1, 2048, TONE_MAX], 0, 65536)).toEqual([0, 1, 2048, TONE_MAX]);
    const reversed = IDENTITY.map((v) => TONE_MAX - v);
    expect(run([0, 1, 2048, TONE_MAX], 0, 65536, reversed)).toEqual([TONE_MAX, 4094, 2047, 0]);
  });

  it('applies levels first: t = min(4095, ((v - low) * gain) >> 16), 0 below low', () => {
    // gain 2x (131072) from low 1000: 999 -> 0, 1000 -> 0, 1001 -> 2, 3047 -> 4094, 3048 -> 4095 (capped)
    expect(run([999, 1000, 1001, 3047, 3048, 4000], 1000, 131072)).toEqual([0, 0, 2, 4094, 4095, 4095]);
    // gain 1.5x: (100 * 98304) >> 16 = 150
    expect(run([1100], 1000, 98304)).toEqual([150]);
  });

  it('stays below 2^32 (unsigned) at the largest gain: (4095 - 0) * 8 * 65536 = 4095 * 2^19', () => {
    expect(TONE_MAX * MAX_LEVELS_GAIN).toBeLessThan(U32_MAX);
    expect(run([TONE_MAX, 512, 511], 0, MAX_LEVELS_GAIN)).toEqual([TONE_MAX, TONE_MAX, 4088]);
  });

  it('uses the plan tone curve: identity at neutral settings, invert reverses it', () => {
    const neutral = curveOf({ contrast: 1, brightness: 0, gamma: 1 });
    expect(Array.from(neutral)).toEqual(Array.from(IDENTITY));
    const inverted = curveOf({ contrast: 1, brightness: 0, gamma: 1, invert: true });
    expect(Array.from(inverted)).toEqual(Array.from(IDENTITY, (v) => TONE_MAX - v));
    expect(run([0, TONE_MAX], 0, 65536, inverted)).toEqual([TONE_MAX, 0]);
  });
});

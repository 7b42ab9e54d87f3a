/**
 * The 32-bit bounds the kernels' headers state, checked against the real glyph tables and plan
 * constants. The CPU twins compute in doubles and would not notice an overflow; the WGSL twins
 * compute in i32/u32 and rely on these (test/gpu/parity-extremes.gpu.test.ts drives the extremes
 * through both).
 */
import { describe, expect, it } from 'vitest';
import { LINEAR_MAX, MEAN_TONE_WEIGHT, SAMPLES_PER_CELL, SAMPLES_Y, TONE_MAX } from '../../engine/fixed.js';
import { glyphTable } from '../../engine/glyphs/table.js';
import { CHARSETS, resolveParams } from '../../engine/index.js';
import { CODEBOOK_MASS } from '../../engine/kernels/codebook.js';
import { planFrame } from '../../engine/plan.js';
import { MAX_ROWS } from '../../engine/size.js';

const I32 = 2 ** 31;
const U32 = 2 ** 32;

describe.each(CHARSETS)('kernel bounds with the %s glyph table', (charset) => {
  const table = glyphTable(charset);
  const densest = table.densest;
  const maxMask = Math.max(...table.blurredMasks);
  const maxCoverage = Math.max(...table.coverage);

  it('match-cell: E < 2^31 even with the largest dither shift', () => {
    // incoming dither error: 7/16 from the left plus 3/16 + 5/16 + 1/16 from above, each of an
    // error clamped to +-densest and floored: |shift| <= densest + 4
    const shift = densest + 4;
    // targets and their blur lie in [0, densest]; masks in [0, maxMask]
    const maskTerm = Math.max(maxMask + shift, densest + shift);
    const meanTerm = Math.max(maxCoverage + shift, densest + shift);
    expect(maskTerm).toBeLessThan(2 ** 13);
    expect(SAMPLES_PER_CELL * maskTerm ** 2 + MEAN_TONE_WEIGHT * meanTerm ** 2).toBeLessThan(I32);
  });

  it('temporal: every product stays inside i32', () => {
    const { temporal: t } = planFrame(resolveParams({ charset, motionSensitivity: 1 }, 'json'), {
      width: 64,
      height: 64,
    });
    expect(densest).toBeLessThan(2 ** 12);
    const pp = t.cap + t.q + t.qMotion; // p' after the largest motion
    expect(pp * 4096).toBeLessThan(I32);
    const vc = t.cap + t.r; // largest v (and cell vc)
    expect(12 * vc * 256).toBeLessThan(I32);
    const d = 16 * densest; // largest innovation, Q4
    expect(4096 * d).toBeLessThan(I32);
    expect(8 * ((SAMPLES_PER_CELL * d) >> 7) ** 2).toBeLessThan(I32);
    expect(t.switchScale * t.r * 4096).toBeLessThan(I32);
    expect(t.sensitivity).toBeLessThanOrEqual(4096);
  });
});

describe('kernel bounds independent of the charset', () => {
  it('codebook: prefix sums and (S2 + L^2 S0), 2 L S1 fit u32', () => {
    const mass = CODEBOOK_MASS + 256 / 2; // each of 256 bins rounds up by at most 1/2
    const level = 1024; // Q10 ink of a fully inked glyph
    const s2 = mass * level ** 2;
    expect(s2).toBeLessThan(2 ** 30);
    expect(s2 + level ** 2 * mass).toBeLessThan(U32);
    expect(2 * level * mass * level).toBeLessThan(U32);
    // cell counts: count * 512 for the largest grid
    expect(400 * MAX_ROWS * CODEBOOK_MASS).toBeLessThan(U32);
  });

  it('resample: sum v * w <= 65535 * m fits u32 for the tallest sample grid', () => {
    const n = MAX_ROWS * SAMPLES_Y;
    const m = 2 * n - 1; // the pyramid stops halving once floor(m / 2) < n
    expect(LINEAR_MAX * m).toBeLessThan(I32);
    expect(n * m).toBeLessThan(U32); // o * m for the span start
  });

  it('levels, tone, color', () => {
    expect(TONE_MAX * 65536).toBeLessThan(U32);
    expect(TONE_MAX * 8 * 65536).toBeLessThan(U32);
    expect(1024 * 4096).toBeLessThan(I32);
    expect(LINEAR_MAX * 1024).toBeLessThan(2 ** 27);
  });
});

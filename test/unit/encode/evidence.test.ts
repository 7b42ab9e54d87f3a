import { describe, expect, it } from 'vitest';
import { carriesEvidence, encode } from '../../../engine/encode/index.js';
import { FORMATS } from '../../../engine/index.js';
import { EVIDENCE, params, textGrid } from '../../support/grids.js';

describe('carriesEvidence', () => {
  // the CLI skips measuring an untuned render when its format does not carry the evidence
  it.each(FORMATS)('says whether the %s body includes the grid evidence', (format) => {
    const marker = 0.123456789;
    const grid = { ...textGrid(['.#']), evidence: { ...EVIDENCE, timings: { cells: marker } } };
    const { body } = encode(grid, params({ format }));
    expect(body.includes(String(marker))).toBe(carriesEvidence(format));
  });
});

import { describe, expect, it } from 'vitest';
import { CpuExecutor } from '../../engine/cpu/executor.js';
import { glyphTable } from '../../engine/glyphs/table.js';
import { resolveParams } from '../../engine/index.js';
import { planFrame } from '../../engine/plan.js';
import { synthetic } from '../support/synthetic.js';

describe('adaptive codebook bound (plan.codebookBound)', () => {
  const table = glyphTable('detailed');
  const levels = new Set(Array.from(table.rampOrder, (g) => table.coverage[g] >> 2)).size;

  it.for([0.01, 0.02, 0.03, 0.06, 0.1])(
    'a codebook smaller than the ramp keeps its RMSE under maxGlyphRmse %s (up to the histogram rounding)',
    (maxGlyphRmse) => {
      const cpu = new CpuExecutor();
      for (const pattern of ['gradient', 'noise', 'spots'] as const) {
        const image = synthetic(160, 120, pattern, 11);
        const params = resolveParams({ columns: 60, maxGlyphRmse }, 'json');
        const { codebook } = cpu.render(planFrame(params, image), image).evidence;
        if (codebook.size < levels) {
          // the bound is set on counts normalized to 512 cells; rounding each bin's count moves
          // the histogram's mass by a few cells, and the RMSE reported divides by the true mass
          expect(codebook.rmse, pattern).toBeLessThanOrEqual(maxGlyphRmse * 1.03);
        } else {
          expect(codebook.status, pattern).toBe('best_effort');
        }
      }
    },
  );
});

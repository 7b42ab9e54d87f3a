/**
 * Parity on the dev corpus: for every image of test/fixtures/corpus/dev and every entry of
 * the settings matrix (the goldens' matrix, at GOLDEN_COLUMNS), the GPU executor's grid equals
 * the CPU executor's byte for byte, glyphs, colors and codebook evidence. Settings that only
 * change the output format plan the same frame; each distinct plan is rendered once per image
 * (both executors are deterministic functions of plan and pixels). A mismatch names the first
 * stage whose outputs differ (test/support/stage-diff.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CpuExecutor } from '../../engine/cpu/executor.js';
import type { GpuExecutor } from '../../engine/gpu/executor.js';
import { resolveParams } from '../../engine/index.js';
import type { DecodedImage } from '../../engine/node/decode.js';
import { type FramePlan, planFrame } from '../../engine/plan.js';
import { decodeDev, devImages } from '../support/corpus.js';
import { gridDiff } from '../support/grid-diff.js';
import { nodeGpuExecutor } from '../support/node-gpu.js';
import { GOLDEN_COLUMNS, SETTINGS } from '../support/settings-matrix.js';
import { compareStages } from '../support/stage-diff.js';

/** Everything a plan holds, typed arrays included, as one string. */
function planKey(plan: FramePlan): string {
  return JSON.stringify(plan, (_k, v) => (ArrayBuffer.isView(v) ? Array.from(v as Uint16Array).join(',') : v));
}

describe('GPU executor equals the CPU executor on the dev corpus', () => {
  let gpu: GpuExecutor | null;
  const cpu = new CpuExecutor();

  beforeAll(async () => {
    gpu = await nodeGpuExecutor({ timestamps: false });
  });
  afterAll(() => gpu?.destroy());

  it.for(devImages())('%s, every setting of the matrix', async (name, ctx) => {
    if (!gpu) return ctx.skip();
    const image: DecodedImage = await decodeDev(name);
    const failures: string[] = [];
    const seen = new Set<string>();
    for (const setting of SETTINGS) {
      const params = resolveParams({ columns: GOLDEN_COLUMNS, ...setting.params }, 'json');
      const plan = planFrame(params, image);
      const key = `${planKey(plan)}|${params.maxGlyphRmse}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const expected = cpu.render(plan, image);
      const actual = await gpu.render(plan, image, { sourceKey: name });
      const diff = gridDiff(expected, actual);
      // a mismatch is rendered again stage by stage, to name the kernel whose twins differ
      if (diff) {
        const { mismatches } = await compareStages(cpu, gpu, plan, image);
        failures.push(`${setting.id}: ${diff}; first differing stage: ${mismatches[0] ?? 'none (the color pass?)'}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

/**
 * Per-kernel parity: every probed stage's output (resample, luma, denoise, levels, tone,
 * sharpen, sobel, local contrast, cells, temporal, glyphs or dither) is the same on the CPU and
 * the GPU, compared stage by stage, so a twin that drifts is named here by its kernel, not by
 * the cells it ends in (the whole-pipeline tests, parity-corpus and parity-extremes, name cells).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CpuExecutor, StreamState } from '../../engine/cpu/executor.js';
import type { GpuExecutor } from '../../engine/gpu/executor.js';
import { type RenderParamsInput, resolveParams } from '../../engine/index.js';
import { planFrame } from '../../engine/plan.js';
import { decodeDev } from '../support/corpus.js';
import { nodeGpuExecutor } from '../support/node-gpu.js';
import { compareStages } from '../support/stage-diff.js';

/** Settings that between them run every probed kernel. */
const SETTINGS: readonly [string, RenderParamsInput][] = [
  ['local contrast and strokes', { localContrast: 0.9, structure: 0.8 }],
  ['edges', { edges: true, edgeStrength: 2.5 }],
  ['dither, blocks', { dither: true, charset: 'blocks', localContrast: 0 }],
];
const IMAGES = ['portrait_astronaut.png', 'landscape_street.jpg'];

describe('each kernel twin gives the same output on the CPU and the GPU', () => {
  let gpu: GpuExecutor | null;
  const cpu = new CpuExecutor();
  beforeAll(async () => {
    gpu = await nodeGpuExecutor({ timestamps: false });
  });
  afterAll(() => gpu?.destroy());

  for (const name of IMAGES)
    for (const [label, input] of SETTINGS)
      it(`${name}, ${label}`, async (ctx) => {
        if (!gpu) return ctx.skip();
        const image = await decodeDev(name);
        const plan = planFrame(resolveParams({ columns: 72, autoOptimize: 0, ...input }, 'json'), image);
        const { ran, mismatches } = await compareStages(cpu, gpu, plan, image);
        expect(mismatches).toEqual([]);
        expect(ran).toContain('cells');
      });

  it('the temporal filter, on the second frame of a stream', async (ctx) => {
    if (!gpu) return ctx.skip();
    const image = await decodeDev('landscape_street.jpg');
    const plan = planFrame(resolveParams({ columns: 64, autoOptimize: 0 }, 'json'), image);
    const stream = new StreamState();
    gpu.reset();
    await compareStages(cpu, gpu, plan, image, stream);
    const { ran, mismatches } = await compareStages(cpu, gpu, plan, image, stream);
    expect(mismatches).toEqual([]);
    expect(ran).toContain('temporal');
  });

  it('probes every kernel across these settings', async (ctx) => {
    if (!gpu) return ctx.skip();
    const image = await decodeDev(IMAGES[0]);
    const seen = new Set<string>();
    for (const [, input] of SETTINGS) {
      const plan = planFrame(resolveParams({ columns: 48, autoOptimize: 0, ...input }, 'json'), image);
      for (const stage of (await compareStages(cpu, gpu, plan, image)).ran) seen.add(stage);
    }
    expect([...seen].sort()).toEqual(
      [
        'cells',
        'denoise',
        'dither',
        'glyphs',
        'levels',
        'local-contrast',
        'luma',
        'resample',
        'sharpen',
        'sobel',
        'tone',
      ].sort(),
    );
  });
});

/**
 * The GPU executor's contract beyond parity: per-stage timings, reuse of an uploaded source,
 * frame sizes changing between calls, bad frames, and device loss with the CPU fallback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CpuExecutor } from '../../engine/cpu/executor.js';
import { GpuExecutorError } from '../../engine/gpu/errors.js';
import type { GpuExecutor } from '../../engine/gpu/executor.js';
import { FallbackRenderer } from '../../engine/gpu/fallback.js';
import { Kernels } from '../../engine/gpu/kernels.js';
import { resolveParams } from '../../engine/index.js';
import { createNodeGpuExecutor, readShaderSources, requestNodeGpuDevice } from '../../engine/node/gpu.js';
import { planFrame } from '../../engine/plan.js';
import { IN_CI } from '../support/env.js';
import { gridDiff } from '../support/grid-diff.js';
import { nodeGpuDevice, nodeGpuExecutor } from '../support/node-gpu.js';
import { synthetic } from '../support/synthetic.js';

const STAGES = ['linearize', 'resample', 'luma', 'denoise', 'levels', 'tone', 'sharpen', 'sobel', 'cells', 'codebook'];

describe('GPU executor contract', () => {
  let gpu: GpuExecutor | null;
  const cpu = new CpuExecutor();
  const params = resolveParams({ columns: 32 }, 'json');

  beforeAll(async () => {
    gpu = await nodeGpuExecutor();
  });
  afterAll(() => gpu?.destroy());

  it('reports its timings: GPU timestamps per stage when the device has timestamp-query, else wall time per submit', async (ctx) => {
    if (!gpu) return ctx.skip();
    // 300 x 200 at 32 columns: two reductions, both done by linearize; 640 x 480: a third one,
    // done by the pyramid pass
    const small = synthetic(300, 200, 'gradient', 1);
    const large = synthetic(640, 480, 'gradient', 1);
    expect([planFrame(params, small).pyramid.length, planFrame(params, large).pyramid.length]).toEqual([2, 3]);
    expect((await gpu.render(planFrame(params, small), small, {})).evidence.timings.pyramid).toBeUndefined();
    const grid = await gpu.render(planFrame(params, large), large, { stream: true });
    const t = grid.evidence.timings;
    if (gpu.device.features.has('timestamp-query')) {
      expect(gpu.timingSource).toBe('timestamp-query');
      for (const stage of [...STAGES, 'pyramid', 'temporal', 'glyphs', 'color', 'gpu'])
        expect(t[stage]).toBeGreaterThanOrEqual(0);
    } else {
      expect(gpu.timingSource).toBe('wall');
      expect(t.submit).toBeGreaterThan(0);
    }
    expect(t.wall).toBeGreaterThan(0);
    expect(grid.evidence.director).toBeNull();
  });

  it('reuses an uploaded source for the same sourceKey and uploads a new one for another key', async (ctx) => {
    if (!gpu) return ctx.skip();
    const a = synthetic(120, 80, 'noise', 1);
    const b = synthetic(120, 80, 'spots', 2);
    const plan = planFrame(params, a);
    const gridA = await gpu.render(plan, a, { sourceKey: 'a' });
    expect(gridDiff(cpu.render(plan, a), gridA)).toBeNull();
    // same key: the pixels on the GPU are a's, whatever is passed
    expect(gridDiff(gridA, await gpu.render(plan, b, { sourceKey: 'a' }))).toBeNull();
    expect(gridDiff(cpu.render(plan, b), await gpu.render(plan, b, { sourceKey: 'b' }))).toBeNull();
    expect(gridDiff(cpu.render(plan, a), await gpu.render(plan, a))).toBeNull();
  });

  it('follows frame sizes and grids changing between calls', async (ctx) => {
    if (!gpu) return ctx.skip();
    for (const [w, h, columns] of [
      [64, 64, 16],
      [640, 360, 80],
      [64, 64, 16],
      [33, 500, 8],
    ]) {
      const image = synthetic(w, h, 'gradient', w);
      const p = resolveParams({ columns }, 'json');
      const plan = planFrame(p, image);
      expect(gridDiff(cpu.render(plan, image), await gpu.render(plan, image))).toBeNull();
    }
  });

  it('compiles the texture_external import pipeline (browser video frames) under Dawn too', async (ctx) => {
    const device = await nodeGpuDevice();
    if (!device) return ctx.skip();
    const kernels = await Kernels.create(device, readShaderSources());
    await expect(kernels.importPipeline()).resolves.toBeDefined();
  });

  it('rejects a frame that does not match its plan, and keeps working', async (ctx) => {
    if (!gpu) return ctx.skip();
    const image = synthetic(64, 48, 'flat', 1);
    const plan = planFrame(params, image);
    const short = { width: 64, height: 48, data: image.data.subarray(0, 100) };
    await expect(gpu.render(plan, short)).rejects.toMatchObject({ code: 'bad_frame' });
    await expect(gpu.render(plan, synthetic(65, 48, 'flat', 1))).rejects.toMatchObject({ code: 'bad_frame' });
    expect(gridDiff(cpu.render(plan, image), await gpu.render(plan, image))).toBeNull();
  });

  it('reports device loss, and the fallback renderer carries on on the CPU', async (ctx) => {
    const device = await requestNodeGpuDevice();
    if (!device) {
      if (IN_CI) throw new Error('no WebGPU adapter in CI');
      return ctx.skip();
    }
    const executor = await createNodeGpuExecutor(device);
    const reasons: GpuExecutorError[] = [];
    const renderer = new FallbackRenderer(executor, (r) => reasons.push(r));
    const image = synthetic(80, 60, 'gradient', 7);
    const plan = planFrame(params, image);
    const expected = cpu.render(plan, image);
    expect(renderer.backend).toBe('gpu');
    expect(gridDiff(expected, await renderer.render(plan, image))).toBeNull();

    device.destroy();
    const info = await executor.lost;
    expect(info.reason).toBe('destroyed');
    const error = await executor.render(plan, image).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GpuExecutorError);
    expect((error as GpuExecutorError).code).toBe('device_lost');

    expect(gridDiff(expected, await renderer.render(plan, image))).toBeNull();
    expect(renderer.backend).toBe('cpu');
    expect(reasons.map((r) => r.code)).toEqual(['device_lost']);
  });
});

/**
 * Frames left on the GPU (GpuExecutor.renderOnDevice): nothing is mapped for them, their grid
 * reads back on demand equal to the CPU executor's, the temporal filter runs on through them,
 * and a frame replaced by a later one is refused rather than read wrong.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CpuExecutor, StreamState } from '../../engine/cpu/executor.js';
import type { GpuExecutor } from '../../engine/gpu/executor.js';
import { resolveParams } from '../../engine/index.js';
import { planFrame } from '../../engine/plan.js';
import { gridDiff } from '../support/grid-diff.js';
import { nodeGpuExecutor } from '../support/node-gpu.js';
import { synthetic, withNoise } from '../support/synthetic.js';

describe('GPU executor: frames left on the device', () => {
  let gpu: GpuExecutor | null;
  const cpu = new CpuExecutor();

  beforeAll(async () => {
    gpu = await nodeGpuExecutor();
  });
  afterAll(() => gpu?.destroy());

  /** Counts GPUBuffer.mapAsync calls on the executor's device while `body` runs. */
  async function mapsDuring(g: GpuExecutor, body: () => Promise<void>): Promise<number> {
    const probe = g.device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const proto = Object.getPrototypeOf(probe) as { mapAsync: GPUBuffer['mapAsync'] };
    probe.destroy();
    const spy = vi.spyOn(proto, 'mapAsync');
    try {
      await body();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  it('maps nothing for a frame left on the device, and reads it back on demand equal to the CPU render', async (ctx) => {
    const g = gpu;
    if (!g) return ctx.skip();
    for (const input of [
      { columns: 40 },
      { columns: 40, color: true },
      { columns: 40, color: true, background: true },
    ]) {
      const image = synthetic(200, 140, 'spots', 3);
      const plan = planFrame(resolveParams(input, 'json'), image);
      let frame = null as Awaited<ReturnType<GpuExecutor['renderOnDevice']>> | null;
      const maps = await mapsDuring(g, async () => {
        frame = await g.renderOnDevice(plan, image);
      });
      expect(maps, JSON.stringify(input)).toBe(0);
      // the count sees a mapping: render maps its staging buffer
      expect(await mapsDuring(g, async () => void (await g.render(plan, image)))).toBeGreaterThan(0);
      frame = await g.renderOnDevice(plan, image);
      if (!frame) throw new Error('no frame');
      expect(frame.current).toBe(true);
      expect([frame.columns, frame.rows, frame.twoColor]).toEqual([plan.columns, plan.rows, plan.background]);
      expect(frame.packed.size).toBeGreaterThanOrEqual(plan.columns * plan.rows * 4);
      const grid = await g.readBack(frame);
      expect(gridDiff(cpu.render(plan, image), grid), JSON.stringify(input)).toBeNull();
      // read again: the same frame, still there
      expect(gridDiff(grid, await g.readBack(frame))).toBeNull();
    }
  });

  it('runs the temporal filter through frames that are never read, as the CPU stream does', async (ctx) => {
    const g = gpu;
    if (!g) return ctx.skip();
    const base = synthetic(240, 160, 'gradient', 5);
    const frames = Array.from({ length: 6 }, (_, f) => withNoise(base, 6, f));
    const plan = planFrame(resolveParams({ columns: 48, color: true, background: true }, 'json'), base);
    const state = new StreamState();
    g.reset();
    for (const [f, image] of frames.entries()) {
      const expected = cpu.render(plan, image, state);
      const frame = await g.renderOnDevice(plan, image, { stream: true });
      // every third frame is read, as a consumer at its own rate would
      if (f % 3 === 2) expect(gridDiff(expected, await g.readBack(frame)), `frame ${f}`).toBeNull();
    }
  });

  it('refuses to read a frame a later one replaced', async (ctx) => {
    const g = gpu;
    if (!g) return ctx.skip();
    const image = synthetic(120, 80, 'noise', 1);
    const plan = planFrame(resolveParams({ columns: 24 }, 'json'), image);
    const first = await g.renderOnDevice(plan, image);
    await g.render(plan, image);
    expect(first.current).toBe(false);
    await expect(g.readBack(first)).rejects.toMatchObject({ code: 'stale' });
  });
});

/**
 * The browser side of bench/gpu-browser.ts: GPU executor (browser host, navigator.gpu) and CPU
 * executor on the same 1280 x 720 frames in one page, frames alternating between them.
 */
import { createBrowserGpuExecutor, requestBrowserGpuDevice } from '../../engine/browser/gpu.js';
import { CpuExecutor, StreamState } from '../../engine/cpu/executor.js';
import type { RgbaImage } from '../../engine/image.js';
import { resolveParams } from '../../engine/index.js';
import { planFrame } from '../../engine/plan.js';

export interface BenchRun {
  readonly adapter: string;
  readonly timingSource: string;
  readonly grid: string;
  readonly gpuMs: number[];
  readonly cpuMs: number[];
  readonly stages: Record<string, number[]>;
  equal: number;
}

declare global {
  interface Window {
    gpuBench(options: {
      url: string;
      width: number;
      height: number;
      frames: number;
      warmup: number;
      params: Record<string, unknown>;
      dither: 'wavefront' | 'serial';
      workgroupSize?: number;
      ditherGroupSize?: number;
      groupSize?: number;
      timestamps?: boolean;
    }): Promise<BenchRun>;
  }
}

window.gpuBench = async ({
  url,
  width,
  height,
  frames,
  warmup,
  params: input,
  dither,
  workgroupSize,
  ditherGroupSize,
  groupSize,
  timestamps,
}) => {
  const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
  const size = width * height * 4;
  const images: RgbaImage[] = [];
  for (let i = 0; i < frames + warmup; i++)
    images.push({ width, height, data: bytes.subarray(i * size, (i + 1) * size) });
  const device = await requestBrowserGpuDevice();
  if (!device) throw new Error('no WebGPU adapter');
  const gpu = await createBrowserGpuExecutor(device, { dither, workgroupSize, ditherGroupSize, groupSize, timestamps });
  const cpu = new CpuExecutor();
  const state = new StreamState();
  const params = resolveParams(input, 'json');
  const plan = planFrame(params, images[0]);
  const run: BenchRun = {
    adapter: `${device.adapterInfo.vendor} ${device.adapterInfo.architecture} ${device.adapterInfo.description}`.trim(),
    timingSource: gpu.timingSource,
    grid: `${plan.columns} x ${plan.rows}`,
    gpuMs: [],
    cpuMs: [],
    stages: {},
    equal: 0,
  };
  for (const [i, image] of images.entries()) {
    let t = performance.now();
    const g = await gpu.render(plan, image, { stream: true });
    const gMs = performance.now() - t;
    t = performance.now();
    const c = cpu.render(plan, image, state);
    const cMs = performance.now() - t;
    if (i < warmup) continue;
    run.gpuMs.push(gMs);
    run.cpuMs.push(cMs);
    if (g.glyphs.every((v, k) => v === c.glyphs[k]) && g.colors.every((v, k) => v === c.colors[k])) run.equal++;
    for (const [k, v] of Object.entries(g.evidence.timings)) (run.stages[k] ??= []).push(v);
  }
  gpu.destroy();
  device.destroy();
  return run;
};

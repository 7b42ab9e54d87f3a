/**
 * GPU executor (Dawn on this machine's adapter: Mesa lavapipe here) vs CPU executor, same
 * frames, one run: 1280 x 720 frames of the bench video at 160 columns, every stage on, the
 * temporal filter on (a stream). Frames alternate between the executors so load changes on a
 * shared machine hit both alike. Prints a Markdown section; --json FILE writes the raw figures.
 *
 *   npx tsx bench/gpu-node.ts [--frames 30] [--json bench/out/gpu-node.json]
 *
 * Experiments: --params '{"columns":120}' replaces the bench parameters (as in gpu-browser.ts);
 * --size 1920x1080 scales the frames to another size (1280x720 by default);
 * --dawn disable-dawn-features=timestamp_quantization gives Dawn an instance flag (this one lifts
 * the 65.5 us rounding of GPU timestamps, which hides passes shorter than that on a real GPU).
 */
import fs from 'node:fs';
import os from 'node:os';
import { CpuExecutor, StreamState } from '../engine/cpu/executor.js';
import type { GpuExecutor } from '../engine/gpu/executor.js';
import { resolveParams } from '../engine/index.js';
import { createNodeGpuExecutor, requestNodeGpuDevice } from '../engine/node/gpu.js';
import { planFrame } from '../engine/plan.js';
import { benchFrames, benchParams, benchSize, flag, median } from './gpu-frames.js';

const FRAMES = Number(flag('frames', '30'));
const WARMUP = 3;

const dawnFlag = flag('dawn', '');
const device = await requestNodeGpuDevice({ dawnFlags: dawnFlag ? [dawnFlag] : [] });
if (!device) throw new Error('no WebGPU adapter in Node (Mesa lavapipe >= 25 is needed)');
const adapter = device.adapterInfo;
const SIZE = benchSize();
const frames = benchFrames(FRAMES + WARMUP, 200, SIZE.width, SIZE.height);
/** The adapter in a table row: 'lavapipe' for Mesa's, else the device's name (nvidia-h100-80gb-hbm3). */
const adapterName = /llvmpipe|lavapipe/i.test(adapter.description)
  ? 'lavapipe'
  : adapter.device || adapter.description || adapter.vendor;
const PARAMS = benchParams();
const params = resolveParams(PARAMS, 'json');
const plan = planFrame(params, frames[0]);

async function run(label: string, gpu: GpuExecutor) {
  const cpu = new CpuExecutor();
  const state = new StreamState();
  const gpuMs: number[] = [];
  const cpuMs: number[] = [];
  const stages: Record<string, number[]> = {};
  let equal = 0;
  for (const [i, frame] of frames.entries()) {
    let t = performance.now();
    const g = await gpu.render(plan, frame, { stream: true });
    const gMs = performance.now() - t;
    t = performance.now();
    const c = cpu.render(plan, frame, state);
    const cMs = performance.now() - t;
    if (i < WARMUP) continue;
    gpuMs.push(gMs);
    cpuMs.push(cMs);
    if (
      Buffer.compare(Buffer.from(g.glyphs), Buffer.from(c.glyphs)) === 0 &&
      Buffer.compare(Buffer.from(g.colors), Buffer.from(c.colors)) === 0
    )
      equal++;
    for (const [k, v] of Object.entries(g.evidence.timings)) (stages[k] ??= []).push(v);
  }
  return { label, gpuMs, cpuMs, stages, equal };
}

/**
 * The studio's path for a stream no consumer reads (GpuExecutor.renderOnDevice): the grid stays
 * on the GPU for the painter; wall time to the GPU's end of the frame (onSubmittedWorkDone).
 */
async function runOnDevice(gpu: GpuExecutor) {
  const ms: number[] = [];
  for (const [i, frame] of frames.entries()) {
    const t = performance.now();
    await gpu.renderOnDevice(plan, frame, { stream: true });
    await gpu.device.queue.onSubmittedWorkDone();
    if (i >= WARMUP) ms.push(performance.now() - t);
  }
  return ms;
}

const wavefront = await run('wavefront', await createNodeGpuExecutor(device, { dither: 'wavefront' }));
const onDevice = await runOnDevice(await createNodeGpuExecutor(device, { dither: 'wavefront' }));
const serial = await run('serial', await createNodeGpuExecutor(device, { dither: 'serial' }));
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const lines = [
  `Machine: ${os.cpus()[0]?.model ?? 'cpu'} x ${os.cpus().length}, load average ${os.loadavg().map(f1).join(' ')}; adapter: ${adapter.vendor} ${adapter.architecture} ${adapter.device} ${adapter.description}`.trim(),
  `Frames: ${FRAMES} (after ${WARMUP} warm-up) of vtest.avi at ${SIZE.width} x ${SIZE.height}, grid ${plan.columns} x ${plan.rows}, ${JSON.stringify(PARAMS)}, stream (temporal on)${dawnFlag ? `; Dawn flag ${dawnFlag}` : ''}.`,
  '',
  '| executor | median ms/frame | mean ms/frame | frames equal to the CPU grid |',
  '|---|---:|---:|---:|',
  `| CPU executor (Node, one thread) | ${f1(median(wavefront.cpuMs))} | ${f1(mean(wavefront.cpuMs))} | - |`,
  `| GPU executor, ${adapterName}, dither wavefront (wall: upload + submit + readback) | ${f1(median(wavefront.gpuMs))} | ${f1(mean(wavefront.gpuMs))} | ${wavefront.equal}/${FRAMES} |`,
  `| GPU executor, ${adapterName}, dither serial | ${f1(median(serial.gpuMs))} | ${f1(mean(serial.gpuMs))} | ${serial.equal}/${FRAMES} |`,
  `| GPU executor, ${adapterName}, frame left on the GPU (the studio's stream path: upload + submit, no readback) | ${f1(median(onDevice))} | ${f1(mean(onDevice))} | - |`,
  '',
  `CPU / GPU (median, wavefront): ${f2(median(wavefront.cpuMs) / median(wavefront.gpuMs))}x.`,
  '',
  'GPU timestamps per pass, median ms (wavefront run; `dither` also for the serial run):',
  '',
  `| ${Object.keys(wavefront.stages).join(' | ')} | dither (serial) |`,
  `|${Object.keys(wavefront.stages)
    .map(() => '---:')
    .join('|')}|---:|`,
  `| ${Object.values(wavefront.stages)
    .map((v) => f2(median(v)))
    .join(' | ')} | ${f2(median(serial.stages.dither ?? [0]))} |`,
];
console.log(lines.join('\n'));
const json = flag('json', '');
if (json)
  fs.writeFileSync(
    json,
    JSON.stringify({ wavefront, serial, plan: { columns: plan.columns, rows: plan.rows } }, null, 1),
  );
device.destroy();

function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

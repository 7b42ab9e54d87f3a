/**
 * GPU executor vs CPU executor in one run in headless Chromium (WebGPU on SwiftShader, a
 * software GPU, on machines without one; a real GPU where Chromium has one): the same 1280 x 720
 * frames of the bench video at 160 columns, every stage on, the temporal filter on. Prints a
 * Markdown section; --json FILE writes the raw figures. Extra Chromium flags after `--`.
 *
 *   npx tsx bench/gpu-browser.ts [--frames 20] [--json bench/out/gpu-browser.json] [-- --use-angle=vulkan ...]
 *
 * Experiments: --params '{"columns":120}' replaces the bench parameters, --workgroup N and
 * --dither-group N and --group N (the codebook's) set the executor's workgroup sizes, --wavefront-only skips the serial run,
 * --no-timestamps measures wall time only (no per-pass timestamp queries).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'vite';
import { freePort, launchChromium, REPO_ROOT } from '../test/support/browser.js';
import { BENCH_HEIGHT, BENCH_WIDTH, benchFrames, benchParams, flag, median, OUT } from './gpu-frames.js';
import type { BenchRun } from './pages/gpu-bench.js';

const FRAMES = Number(flag('frames', '20'));
const PARAMS = benchParams();
/** A number flag, or undefined (the executor's default) when absent. */
const optionalNumber = (name: string) => (flag(name, '') ? Number(flag(name, '')) : undefined);
const workgroupSize = optionalNumber('workgroup');
const ditherGroupSize = optionalNumber('dither-group');
const groupSize = optionalNumber('group');
const schedules = process.argv.includes('--wavefront-only')
  ? (['wavefront'] as const)
  : (['wavefront', 'serial'] as const);
const WARMUP = 3;
const extraFlags = process.argv.includes('--') ? process.argv.slice(process.argv.indexOf('--') + 1) : [];

benchFrames(FRAMES + WARMUP);
const file = path.join(OUT, `vtest-200-${FRAMES + WARMUP}-${BENCH_WIDTH}x${BENCH_HEIGHT}.rgba`);
const port = await freePort();
const server = await createServer({
  configFile: false,
  root: path.join(REPO_ROOT, 'bench/pages'),
  logLevel: 'error',
  server: { host: '127.0.0.1', port, strictPort: true, fs: { allow: [REPO_ROOT] } },
});
await server.listen();
const browser = await launchChromium(extraFlags);
if (!browser) throw new Error('Chromium not found');
const runs: BenchRun[] = [];
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/gpu-bench.html`);
  await page.waitForFunction(() => typeof window.gpuBench === 'function');
  for (const dither of schedules) {
    const options = {
      url: `/@fs${file}`,
      width: BENCH_WIDTH,
      height: BENCH_HEIGHT,
      frames: FRAMES,
      warmup: WARMUP,
      params: PARAMS,
      dither,
      workgroupSize,
      ditherGroupSize,
      groupSize,
      timestamps: !process.argv.includes('--no-timestamps'),
    };
    runs.push(await page.evaluate((o) => window.gpuBench(o), options));
  }
} finally {
  await browser.close();
  await server.close();
}
const [wave, serial = wave] = runs;
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  [
    `Machine: ${os.cpus()[0]?.model ?? 'cpu'} x ${os.cpus().length}, load average ${os.loadavg().map(f1).join(' ')}; Chromium adapter: ${wave.adapter}; GPU timings from ${wave.timingSource}`,
    `Frames: ${FRAMES} (after ${WARMUP} warm-up) of vtest.avi at 1280 x 720, grid ${wave.grid}, ${JSON.stringify(PARAMS)}, workgroup ${workgroupSize ?? 'default'}, dither group ${ditherGroupSize ?? 'default'}, codebook group ${groupSize ?? 'default'}, stream (temporal on); Chromium flags: ${extraFlags.join(' ') || 'test defaults'}.`,
    '',
    '| executor (in the page) | median ms/frame | mean ms/frame | frames equal to the CPU grid |',
    '|---|---:|---:|---:|',
    `| CPU executor (main thread) | ${f1(median(wave.cpuMs))} | ${f1(mean(wave.cpuMs))} | - |`,
    `| GPU executor, dither wavefront (wall: upload + submit + readback) | ${f1(median(wave.gpuMs))} | ${f1(mean(wave.gpuMs))} | ${wave.equal}/${FRAMES} |`,
    `| GPU executor, dither serial | ${f1(median(serial.gpuMs))} | ${f1(mean(serial.gpuMs))} | ${serial.equal}/${FRAMES} |`,
    '',
    `CPU / GPU (median, wavefront): ${f2(median(wave.cpuMs) / median(wave.gpuMs))}x.`,
    '',
    'GPU timestamps per pass, median ms (wavefront run; `dither` also for the serial run):',
    '',
    `| ${Object.keys(wave.stages).join(' | ')} | dither (serial) |`,
    `|${Object.keys(wave.stages)
      .map(() => '---:')
      .join('|')}|---:|`,
    `| ${Object.values(wave.stages)
      .map((v) => f2(median(v)))
      .join(' | ')} | ${f2(median(serial.stages.dither ?? [0]))} |`,
  ].join('\n'),
);
const json = flag('json', '');
if (json) fs.writeFileSync(json, JSON.stringify(runs, null, 1));

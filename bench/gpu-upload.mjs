#!/usr/bin/env node
/**
 * Where a Node GPU frame's wall time goes besides the passes: `queue.writeBuffer` of one RGBA
 * frame (what the GPU executor does with an RgbaImage) and an idle map round trip, on the
 * adapter Dawn finds. Prints medians of 25.
 *
 *   node bench/gpu-upload.mjs [--dawn FLAG]
 */
import { create, globals } from 'webgpu';

Object.assign(globalThis, globals);
const i = process.argv.indexOf('--dawn');
// Kept referenced for the whole run: a collected Dawn instance crashes its device (engine/node/gpu.ts).
const gpu = create(i > 0 ? [process.argv[i + 1]] : []);
const adapter = await gpu.requestAdapter();
if (!adapter) throw new Error('no WebGPU adapter in Node');
const device = await adapter.requestDevice({
  requiredLimits: {
    maxBufferSize: adapter.limits.maxBufferSize,
    maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
  },
});
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1].toFixed(2);
console.log(`adapter: ${adapter.info.vendor} ${adapter.info.device} ${adapter.info.description}`);
for (const [width, height] of [
  [1280, 720],
  [1920, 1080],
]) {
  const size = width * height * 4;
  const buffer = device.createBuffer({ size, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
  const frame = new Uint8Array(size).fill(7);
  const write = [];
  const done = [];
  for (let run = 0; run < 25; run++) {
    let t = performance.now();
    device.queue.writeBuffer(buffer, 0, frame);
    write.push(performance.now() - t);
    t = performance.now();
    await device.queue.onSubmittedWorkDone();
    done.push(performance.now() - t);
  }
  console.log(`${width}x${height}: writeBuffer ${median(write)} ms, then onSubmittedWorkDone ${median(done)} ms`);
  buffer.destroy();
}
const readback = device.createBuffer({ size: 65536, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
const map = [];
for (let run = 0; run < 25; run++) {
  const t = performance.now();
  await readback.mapAsync(GPUMapMode.READ);
  readback.unmap();
  map.push(performance.now() - t);
}
console.log(`mapAsync round trip of an idle 64 KiB buffer: ${median(map)} ms`);
device.destroy();
process.exit(0);

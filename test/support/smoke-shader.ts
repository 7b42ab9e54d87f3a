/**
 * The smoke test's kernel: a u32 hash with wrap-around multiply and shifts, written once in
 * WGSL and once in TypeScript. Integer semantics are exactly what the engine's twins rely on
 * (Math.imul and >>> on the CPU, u32 arithmetic on the GPU), so equal outputs prove the path.
 */
export const SMOKE_WGSL = /* wgsl */ `
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;
override WORKGROUP_SIZE: u32 = 64;

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let i = id.x;
  if (i >= arrayLength(&input)) { return; }
  let x = input[i];
  output[i] = (x * 2654435761u) ^ (x >> 3u) ^ (i / 7u);
}
`;

export function smokeReference(input: Uint32Array): Uint32Array {
  const out = new Uint32Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const x = input[i];
    out[i] = (Math.imul(x, 2654435761) ^ (x >>> 3) ^ ((i / 7) | 0)) >>> 0;
  }
  return out;
}

export function smokeInput(n: number): Uint32Array<ArrayBuffer> {
  const a = new Uint32Array(n);
  let s = 0x9e3779b9;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + i) >>> 0;
    a[i] = s;
  }
  return a;
}

/** Runs the smoke shader on a device and reads the result back. */
export async function runSmoke(device: GPUDevice, input: Uint32Array<ArrayBuffer>): Promise<Uint32Array> {
  const usage = GPUBufferUsage;
  const inBuf = device.createBuffer({
    label: 'smoke.input',
    size: input.byteLength,
    usage: usage.STORAGE | usage.COPY_DST,
  });
  const outBuf = device.createBuffer({
    label: 'smoke.output',
    size: input.byteLength,
    usage: usage.STORAGE | usage.COPY_SRC,
  });
  const readBuf = device.createBuffer({
    label: 'smoke.readback',
    size: input.byteLength,
    usage: usage.MAP_READ | usage.COPY_DST,
  });
  device.queue.writeBuffer(inBuf, 0, input);
  const module = device.createShaderModule({ label: 'smoke', code: SMOKE_WGSL });
  const pipeline = device.createComputePipeline({
    label: 'smoke',
    layout: 'auto',
    compute: { module, entryPoint: 'main', constants: { WORKGROUP_SIZE: 64 } },
  });
  const bind = device.createBindGroup({
    label: 'smoke',
    layout: pipeline.getBindGroupLayout(0),
    entries: [
      { binding: 0, resource: { buffer: inBuf } },
      { binding: 1, resource: { buffer: outBuf } },
    ],
  });
  const enc = device.createCommandEncoder({ label: 'smoke' });
  const pass = enc.beginComputePass({ label: 'smoke' });
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, bind);
  pass.dispatchWorkgroups(Math.ceil(input.length / 64));
  pass.end();
  enc.copyBufferToBuffer(outBuf, 0, readBuf, 0, input.byteLength);
  device.queue.submit([enc.finish()]);
  await readBuf.mapAsync(GPUMapMode.READ);
  const out = new Uint32Array(readBuf.getMappedRange().slice(0));
  readBuf.unmap();
  for (const b of [inBuf, outBuf, readBuf]) b.destroy();
  return out;
}

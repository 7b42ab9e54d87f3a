/**
 * Node host of the GPU executor: Dawn through the `webgpu` npm package (Mesa lavapipe on CI
 * machines), WGSL sources read from shaders/ beside the sources (dist/shaders in a build).
 *
 * Importing this module has no side effect; `requestNodeGpuDevice` installs the WebGPU globals
 * (GPUBufferUsage, ...) the executor uses, as a browser has them.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { create, globals } from 'webgpu';
import type { GpuExecutorError } from '../gpu/errors.js';
import { createGpuExecutor, type GpuExecutor, type GpuExecutorOptions } from '../gpu/executor.js';
import { FallbackRenderer } from '../gpu/fallback.js';
import { SHADER_NAMES, type ShaderName, type ShaderSources } from '../gpu/shaders.js';

/** shaders/ next to engine/ (the build copies them to dist/shaders, beside dist/engine). */
export const SHADER_DIR = fileURLToPath(new URL('../../shaders/', import.meta.url));

/** Reads every shaders/<name>.wgsl the executor needs. */
export function readShaderSources(dir: string = SHADER_DIR): ShaderSources {
  return Object.fromEntries(
    SHADER_NAMES.map((name) => [name, fs.readFileSync(new URL(`${name}.wgsl`, `file://${dir}/`), 'utf8')]),
  ) as Record<ShaderName, string>;
}

/**
 * Dawn instances stay referenced for the process's life: a collected GPU object leaves its
 * devices' scheduled event processing pointing at freed memory (a segfault in
 * InstanceBase::ProcessEvents, seen with webgpu 0.6.2 on lavapipe).
 */
const instances: GPU[] = [];

export interface NodeGpuDeviceOptions {
  /** Dawn instance flags (e.g. 'backend=vulkan'); none by default. */
  readonly dawnFlags?: readonly string[];
}

/**
 * A WebGPU device from Dawn with 'timestamp-query' when the adapter has it and the largest
 * storage buffers it allows (large sources need them), or null when there is no adapter.
 */
export async function requestNodeGpuDevice(options: NodeGpuDeviceOptions = {}): Promise<GPUDevice | null> {
  Object.assign(globalThis, globals);
  const gpu = create([...(options.dawnFlags ?? [])]);
  instances.push(gpu);
  const adapter = await gpu.requestAdapter();
  if (!adapter) return null;
  const features: GPUFeatureName[] = adapter.features.has('timestamp-query') ? ['timestamp-query'] : [];
  return adapter.requestDevice({
    label: 'glyphcast.node',
    requiredFeatures: features,
    requiredLimits: {
      maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
      maxBufferSize: adapter.limits.maxBufferSize,
    },
  });
}

/** A GPU executor on a Node device, with the WGSL sources from disk. */
export function createNodeGpuExecutor(device: GPUDevice, options: GpuExecutorOptions = {}): Promise<GpuExecutor> {
  return createGpuExecutor(device, readShaderSources(), options);
}

/**
 * A renderer for RgbaImage frames on the GPU when Node has an adapter, else (or once the device
 * is lost) on the CPU executor. `onFallback` hears why the GPU was given up.
 */
export async function createNodeRenderer(
  options: GpuExecutorOptions & NodeGpuDeviceOptions & { onFallback?: (reason: GpuExecutorError) => void } = {},
): Promise<FallbackRenderer> {
  const device = await requestNodeGpuDevice(options);
  const executor = device ? await createNodeGpuExecutor(device, options) : null;
  return new FallbackRenderer(executor, options.onFallback);
}

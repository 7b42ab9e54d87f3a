import type { GpuExecutor, GpuExecutorOptions } from '../../engine/gpu/executor.js';
import { createNodeGpuExecutor, requestNodeGpuDevice } from '../../engine/node/gpu.js';
import { unavailable } from './env.js';

let devicePromise: Promise<GPUDevice | null> | undefined;

/**
 * One Dawn device per test process (Mesa lavapipe on CI machines), from the engine's Node host.
 * Null when no adapter is found on a developer machine; in CI a missing adapter throws.
 */
export function nodeGpuDevice(): Promise<GPUDevice | null> {
  devicePromise ??= (async () => {
    const device = await requestNodeGpuDevice();
    if (!device) {
      unavailable('WebGPU in Node', 'no adapter (Mesa >= 25 lavapipe, package mesa-vulkan-drivers, is needed)');
      return null;
    }
    device.addEventListener('uncapturederror', (e) => {
      throw new Error(`uncaptured WebGPU error: ${(e as GPUUncapturedErrorEvent).error.message}`);
    });
    return device;
  })();
  return devicePromise;
}

/** A GPU executor on the shared test device (null where nodeGpuDevice is null). */
export async function nodeGpuExecutor(options: GpuExecutorOptions = {}): Promise<GpuExecutor | null> {
  const device = await nodeGpuDevice();
  return device ? createNodeGpuExecutor(device, options) : null;
}

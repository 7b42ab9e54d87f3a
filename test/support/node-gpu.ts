import { create, globals } from 'webgpu';
import { unavailable } from './env.js';

let devicePromise: Promise<GPUDevice | null> | undefined;

/**
 * One Dawn device per test process (Mesa lavapipe on CI machines). Null when no adapter is
 * found on a developer machine; in CI a missing adapter throws.
 */
export function nodeGpuDevice(): Promise<GPUDevice | null> {
  devicePromise ??= (async () => {
    Object.assign(globalThis, globals);
    const gpu = create([]);
    const adapter = await gpu.requestAdapter();
    if (!adapter) {
      unavailable('WebGPU in Node', 'no adapter (Mesa >= 25 lavapipe, package mesa-vulkan-drivers, is needed)');
      return null;
    }
    return adapter.requestDevice({ label: 'glyphcast test device' });
  })();
  return devicePromise;
}

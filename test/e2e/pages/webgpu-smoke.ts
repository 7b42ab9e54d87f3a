import { runSmoke } from '../../support/smoke-shader.js';

declare global {
  interface Window {
    runSmokeTest(input: number[]): Promise<{ adapter: string; output: number[] } | { error: string }>;
  }
}

window.runSmokeTest = async (input) => {
  if (!navigator.gpu) return { error: 'navigator.gpu is missing' };
  const adapter = await navigator.gpu.requestAdapter();
  if (!adapter) return { error: 'no WebGPU adapter' };
  const device = await adapter.requestDevice();
  const output = await runSmoke(device, Uint32Array.from(input));
  device.destroy();
  return { adapter: `${adapter.info.vendor} ${adapter.info.architecture}`, output: [...output] };
};

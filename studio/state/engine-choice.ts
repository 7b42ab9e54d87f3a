/**
 * Which executor renders and how the grid is drawn, from the link's modes and the adapter.
 *
 * `auto` uses WebGPU for both on a hardware adapter. On a fallback adapter (GPUAdapterInfo
 * `isFallbackAdapter`: a software renderer such as SwiftShader, which the WebGPU spec describes
 * as having significant performance caveats) every compute pass runs on the same CPU cores as
 * the page, slower than the CPU engine in a Worker (bench/results/studio.md: 1280 x 720 video at
 * 120 columns on 2 cores), so `auto` renders with the CPU Worker and draws with Canvas 2D there.
 * Both executors give the same grid, bit for bit; `executor=webgpu` and `draw=webgpu` in the link
 * use the fallback adapter anyway.
 */
import type { GpuState } from '../controllers/gpu-device-controller.js';
import type { DrawMode, ExecutorMode } from './url-state.js';

function onFallbackAdapter(gpu: GpuState): boolean {
  return gpu.status === 'ready' && gpu.fallbackAdapter;
}

/** Null when the WebGPU executor should render on this device, else why the CPU Worker renders. */
export function cpuWorkerReason(mode: ExecutorMode, gpu: GpuState): string | null {
  if (mode === 'cpu') return 'chosen by the link (executor=cpu)';
  if (mode === 'auto' && onFallbackAdapter(gpu))
    return 'the WebGPU adapter is a software fallback, slower here than the CPU Worker; add executor=webgpu to the link to use it anyway';
  return null;
}

/** The drawing the stage is asked for: `auto` becomes Canvas 2D on a fallback adapter. */
export function stageDraw(draw: DrawMode, gpu: GpuState): DrawMode {
  return draw === 'auto' && onFallbackAdapter(gpu) ? 'canvas2d' : draw;
}

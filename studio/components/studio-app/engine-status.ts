/** The engine pill in the header: which executor renders and how the grid is drawn, in plain words. */
import type { GpuState } from '../../controllers/gpu-device-controller.js';
import type { RendererKind } from '../../render/frame-renderer.js';
import type { DrawMode } from '../../state/url-state.js';

export interface EngineStatus {
  readonly label: string;
  readonly detail: string;
  /** True when WebGPU is missing or lost and the studio runs on its fallbacks. */
  readonly fallback: boolean;
}

export function engineStatus(renderer: RendererKind | null, gpu: GpuState, draw: DrawMode): EngineStatus {
  const engine = renderer === 'gpu' ? 'GPU (WebGPU)' : 'CPU (Worker)';
  if (gpu.status === 'ready' && draw === 'canvas2d') {
    return {
      label: `${engine} · drawn with Canvas 2D`,
      detail: `Canvas 2D chosen by the link (draw=canvas2d); WebGPU adapter: ${gpu.adapter}`,
      fallback: false,
    };
  }
  switch (gpu.status) {
    case 'pending':
      return { label: `${engine} · starting WebGPU…`, detail: 'Looking for a WebGPU adapter', fallback: false };
    case 'ready':
      return {
        label: renderer === 'gpu' ? engine : `${engine} · drawn with WebGPU`,
        detail: `WebGPU adapter: ${gpu.adapter}`,
        fallback: false,
      };
    case 'unavailable':
      return {
        label: `CPU (Worker) — WebGPU unavailable`,
        detail: `Drawn with Canvas 2D: ${gpu.reason}`,
        fallback: true,
      };
    case 'lost':
      return {
        label: `CPU (Worker) — WebGPU device lost`,
        detail: `Drawn with Canvas 2D: ${gpu.reason}`,
        fallback: true,
      };
  }
}

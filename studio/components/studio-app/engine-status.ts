/** The engine pill in the header: which executor renders and how the grid is drawn, in plain words. */
import type { GpuState } from '../../controllers/gpu-device-controller.js';
import type { RendererKind } from '../../render/frame-renderer.js';
import { stageDraw } from '../../state/engine-choice.js';
import type { DrawMode } from '../../state/url-state.js';

export interface EngineStatus {
  readonly label: string;
  readonly detail: string;
  /** True when WebGPU is missing or lost and the studio runs on its fallbacks. */
  readonly fallback: boolean;
}

/**
 * `executorLost`: why the GPU executor was given up, when it reported device loss before the
 * device controller heard of it. `executorNote`: why the GPU executor is not in use although a
 * device is ready (it failed to start), or null. `framePath`: how the GPU executor's last frame
 * reached it (FrameRenderer.framePath), named in the detail for video frames. `drawFailed`: why
 * drawing with WebGPU failed (the stage then draws with Canvas 2D), or null.
 */
const FRAME_PATHS: Readonly<Record<string, string>> = {
  external: '; video frames imported with importExternalTexture (no CPU copy)',
  copy: '; video frames copied on the GPU (copyExternalImageToTexture: the adapter refuses importExternalTexture)',
  'cpu-copy': '; video frames read on the CPU (VideoFrame.copyTo: the adapter refuses importExternalTexture)',
};

export function engineStatus(
  renderer: RendererKind | null,
  gpu: GpuState,
  draw: DrawMode,
  executorLost: string | null = null,
  executorNote: string | null = null,
  framePath: string | null = null,
  drawFailed: string | null = null,
): EngineStatus {
  const engine = renderer === 'gpu' ? 'WebGPU' : 'CPU (Worker)';
  const onCpu = `Rendered by the CPU engine in a Worker${executorNote ? ` (${executorNote})` : ''}`;
  // Without WebGPU nothing else renders: a link's executor=webgpu cannot be honoured either, so
  // the executor's note (which may advise that key) is left out. The cause comes first.
  const fallsBack = (since: string) =>
    `rendered by the CPU engine in a Worker${since}, whatever the link asks; drawn with Canvas 2D`;
  const lost = gpu.status === 'lost' ? gpu.reason : executorLost;
  if (lost !== null) {
    return {
      label: 'CPU (Worker) — WebGPU device lost',
      detail: `The WebGPU device was lost (${lost}); ${fallsBack(' from now on (reload the page to try WebGPU again)')}`,
      fallback: true,
    };
  }
  const executor =
    renderer === 'gpu' ? `Rendered by the WebGPU compute executor${FRAME_PATHS[framePath ?? ''] ?? ''}` : onCpu;
  switch (gpu.status) {
    case 'pending':
      return { label: `${engine} · starting WebGPU…`, detail: 'Looking for a WebGPU adapter', fallback: false };
    case 'ready':
      if (drawFailed !== null) {
        return {
          label: `${engine} · drawn with Canvas 2D`,
          detail: `${executor}; drawing with WebGPU failed (${drawFailed}), so Canvas 2D draws; WebGPU adapter: ${gpu.adapter}`,
          fallback: true,
        };
      }
      if (stageDraw(draw, gpu) === 'canvas2d') {
        const why =
          draw === 'canvas2d'
            ? 'Canvas 2D chosen by the link (draw=canvas2d)'
            : 'drawn with Canvas 2D: the adapter is a software fallback (add draw=webgpu to the link to draw with WebGPU)';
        return {
          label: `${engine} · drawn with Canvas 2D`,
          detail: `${executor}; ${why}; WebGPU adapter: ${gpu.adapter}`,
          fallback: false,
        };
      }
      return {
        label: `${engine} · drawn with WebGPU`,
        detail: `${executor}; WebGPU adapter: ${gpu.adapter}`,
        fallback: false,
      };
    case 'lost': // reported above
    case 'unavailable':
      return {
        label: 'CPU (Worker) — WebGPU unavailable',
        // the reason is a clause of its own ("this browser has no WebGPU")
        detail: `${gpu.reason.charAt(0).toUpperCase()}${gpu.reason.slice(1)}; ${fallsBack('')}`,
        fallback: true,
      };
  }
}

/** The reason's clauses, one a line: split at the semicolons outside brackets. */
export function clauses(detail: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < detail.length; i++) {
    const c = detail[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0) {
      out.push(detail.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(detail.slice(start).trim());
  return out.filter((clause) => clause !== '');
}

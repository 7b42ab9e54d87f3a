/**
 * Which executor renders the studio's frames: the CPU Worker first, then the WebGPU executor
 * once the art font is measured and a device is ready (unless the link or the adapter says
 * otherwise, engine-choice.ts), and the CPU Worker again, for good, when the device is lost.
 */
import type { ReactiveControllerHost } from 'lit';
import { CpuWorkerRenderer } from '../render/cpu-worker-renderer.js';
import type { FrameRenderer } from '../render/frame-renderer.js';
import { cpuWorkerReason } from '../state/engine-choice.js';
import type { ExecutorMode } from '../state/url-state.js';
import { GpuDeviceController, type GpuState } from './gpu-device-controller.js';
import type { RenderPipeline } from './render-pipeline.js';

export class ExecutorController {
  private readonly gpu: GpuDeviceController;
  /** Why the GPU executor was given up (device loss it reported). */
  #lost: string | null = null;
  /** What the stage is told once the executor reported device loss (made once, so the painter is not re-made). */
  #lostState: GpuState | null = null;
  #note: string | null = null;
  /** The device the GPU executor is being made for (a late one for an old device is dropped). */
  private device: GPUDevice | null = null;
  private fontReady = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly pipeline: RenderPipeline,
    private readonly mode: ExecutorMode,
    /** Says a warning to the user. */
    private readonly warn: (text: string) => void,
  ) {
    this.gpu = new GpuDeviceController(host, (state) => this.onGpu(state));
  }

  /** The device as the page's WebGPU drawing sees it: lost once the executor reported so. */
  get gpuState(): GpuState {
    return this.#lostState ?? this.gpu.state;
  }

  /** The device's own state, as the controller last heard it. */
  get deviceState(): GpuState {
    return this.gpu.state;
  }

  /** Why the GPU executor was given up, if it was. */
  get lost(): string | null {
    return this.#lost;
  }

  /** Why the GPU executor is not in use, when it is not for a reason other than loss. */
  get note(): string | null {
    return this.#note;
  }

  /** The art font is measured: the CPU Worker renders now, and the GPU executor starts when it can. */
  start(): void {
    this.fontReady = true;
    if (this.pipeline.rendererKind === null) this.pipeline.setRenderer(new CpuWorkerRenderer());
    this.startGpu();
  }

  /** The pipeline's renderer failed: a GPU one is given up. */
  rendererLost(err: Error, renderer: FrameRenderer): void {
    if (renderer.kind === 'gpu') this.fallBack(err.message);
  }

  private onGpu(state: GpuState): void {
    if (state.status === 'ready') this.startGpu();
    if (state.status === 'lost') this.fallBack(state.reason);
  }

  private startGpu(): void {
    const state = this.gpu.state;
    if (!this.fontReady || state.status !== 'ready' || this.device === state.device) return;
    const device = state.device;
    const cpuReason = cpuWorkerReason(this.mode, state);
    if (cpuReason !== null) {
      this.#note = cpuReason;
      this.host.requestUpdate();
      return;
    }
    this.device = device;
    import('../render/gpu-frame-renderer.js')
      .then(({ GpuFrameRenderer }) => GpuFrameRenderer.create(device))
      .then(
        (renderer) => {
          const now = this.gpu.state;
          if (now.status !== 'ready' || now.device !== device || this.#lost) renderer.dispose();
          else {
            this.#note = null;
            this.pipeline.setRenderer(renderer);
            this.host.requestUpdate();
          }
        },
        (err: Error) => {
          this.#note = `the WebGPU executor did not start: ${err.message}`;
          this.host.requestUpdate();
        },
      );
  }

  /** The GPU is gone: render with the CPU Worker, draw with Canvas 2D, and say so. */
  private fallBack(reason: string): void {
    if (this.#lost !== null) return;
    this.#lost = reason;
    this.#lostState = { status: 'lost', reason };
    if (this.pipeline.rendererKind === 'gpu') this.pipeline.setRenderer(new CpuWorkerRenderer());
    this.warn(
      `The WebGPU device was lost (${reason}); rendering continues on the CPU in a Worker, drawn with Canvas 2D.`,
    );
    this.host.requestUpdate();
  }
}

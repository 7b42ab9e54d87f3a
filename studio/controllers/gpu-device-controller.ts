/**
 * Owns the page's WebGPU device: requested when the host connects, destroyed when it
 * disconnects. Reports `unavailable` (no navigator.gpu, no adapter) and `lost` (the device
 * was lost while in use) in plain words, so the studio can fall back and say why.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export type GpuState =
  | { readonly status: 'pending' }
  | {
      readonly status: 'ready';
      readonly device: GPUDevice;
      readonly adapter: string;
      /** GPUAdapterInfo.isFallbackAdapter: a software renderer (SwiftShader) with large performance caveats. */
      readonly fallbackAdapter: boolean;
    }
  | { readonly status: 'unavailable'; readonly reason: string }
  | { readonly status: 'lost'; readonly reason: string };

export class GpuDeviceController implements ReactiveController {
  state: GpuState = { status: 'pending' };
  /** Bumped on every connect and disconnect, so a late answer from an old request is dropped. */
  private generation = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly onChange: (state: GpuState) => void = () => {},
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    void this.acquire(++this.generation);
  }

  hostDisconnected(): void {
    this.generation++;
    if (this.state.status === 'ready') this.state.device.destroy();
    this.state = { status: 'pending' };
  }

  private set(state: GpuState): void {
    this.state = state;
    this.onChange(state);
    this.host.requestUpdate();
  }

  private async acquire(generation: number): Promise<void> {
    if (!('gpu' in navigator) || !navigator.gpu) {
      this.set({ status: 'unavailable', reason: 'this browser has no WebGPU' });
      return;
    }
    try {
      const adapter = await navigator.gpu.requestAdapter();
      if (generation !== this.generation) return;
      if (!adapter) {
        this.set({ status: 'unavailable', reason: 'WebGPU is turned off or this GPU is not supported' });
        return;
      }
      const requiredFeatures: GPUFeatureName[] = adapter.features.has('timestamp-query') ? ['timestamp-query'] : [];
      const device = await adapter.requestDevice({ label: 'glyphcast studio', requiredFeatures });
      if (generation !== this.generation) {
        device.destroy();
        return;
      }
      // Our own destroy (disconnect, a late device) bumps the generation first, so any loss seen
      // here is the browser's, 'destroyed' included: Chromium reports a dropped WebGPU instance
      // (its GPU process gave up) as a destroyed device, and the studio must fall back then too.
      device.lost.then((info) => {
        if (generation !== this.generation) return;
        this.set({ status: 'lost', reason: lostReason(info) });
      });
      const name = [adapter.info.vendor, adapter.info.architecture].filter(Boolean).join(' ');
      // isFallbackAdapter is recent (Chromium 136); older browsers report software adapters by architecture
      const fallbackAdapter = adapter.info.isFallbackAdapter ?? adapter.info.architecture === 'swiftshader';
      this.set({ status: 'ready', device, adapter: name || 'WebGPU adapter', fallbackAdapter });
    } catch (err) {
      if (generation !== this.generation) return;
      this.set({ status: 'unavailable', reason: `WebGPU failed to start (${(err as Error).message})` });
    }
  }
}

/** Why the device was lost, for "The WebGPU device was lost (…)": the browser's own message. */
function lostReason(info: GPUDeviceLostInfo): string {
  if (info.reason !== 'destroyed') return info.message || 'the browser gave no reason';
  return `the browser closed it${info.message ? `: ${info.message}` : ''}`;
}

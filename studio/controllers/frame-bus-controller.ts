/** Subscribes a component to a FrameBus while it is on the page; unsubscribes when it leaves. */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { FrameBus, FrameListener } from '../state/frame-bus.js';

export class FrameBusController implements ReactiveController {
  private bus: FrameBus | null = null;
  private unsubscribe: (() => void) | null = null;
  private connected = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly listener: FrameListener,
    private readonly onClear?: () => void,
  ) {
    host.addController(this);
  }

  /** Follows another bus (or none). */
  use(bus: FrameBus | null): void {
    if (bus === this.bus) return;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.bus = bus;
    if (this.connected && bus) this.unsubscribe = bus.subscribe(this.listener, this.onClear);
  }

  hostConnected(): void {
    this.connected = true;
    if (this.bus && !this.unsubscribe) this.unsubscribe = this.bus.subscribe(this.listener, this.onClear);
  }

  hostDisconnected(): void {
    this.connected = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}

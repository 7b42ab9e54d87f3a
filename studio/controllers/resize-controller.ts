/** Watches an element's content box and reports its size; disconnects with the host. */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class ResizeController implements ReactiveController {
  width = 0;
  height = 0;
  private readonly observer: ResizeObserver;
  private target: Element | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly onResize: (width: number, height: number) => void = () => {},
  ) {
    this.observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1].contentRect;
      if (box.width === this.width && box.height === this.height) return;
      this.width = box.width;
      this.height = box.height;
      this.onResize(box.width, box.height);
      this.host.requestUpdate();
    });
    host.addController(this);
  }

  observe(target: Element): void {
    if (this.target === target) return;
    if (this.target) this.observer.unobserve(this.target);
    this.target = target;
    this.observer.observe(target);
  }

  hostConnected(): void {
    if (this.target) this.observer.observe(this.target);
  }

  hostDisconnected(): void {
    this.observer.disconnect();
  }
}

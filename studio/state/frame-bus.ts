/**
 * Hands every rendered frame to whoever listens (exports, clip recorder, handoff) without the
 * app knowing them: lazily loaded panels subscribe when they arrive.
 */
import type { CellGrid } from '../../engine/grid.js';
import type { RenderParams } from '../../engine/params.js';

export interface BusFrame {
  readonly grid: CellGrid;
  /** The params the grid was rendered with. */
  readonly params: RenderParams;
  /** Whether it came from a stream (video or camera). */
  readonly stream: boolean;
}

export type FrameListener = (frame: BusFrame) => void;

export class FrameBus {
  latest: BusFrame | null = null;
  private readonly listeners = new Set<FrameListener>();

  publish(frame: BusFrame): void {
    this.latest = frame;
    for (const listener of this.listeners) listener(frame);
  }

  /** Forgets the latest frame (the source changed). */
  clear(): void {
    this.latest = null;
  }

  /** Returns the function that unsubscribes. */
  subscribe(listener: FrameListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

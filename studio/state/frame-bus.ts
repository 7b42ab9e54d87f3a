/**
 * Hands every rendered frame to whoever listens (exports, clip recorder, handoff) without the
 * app knowing them: lazily loaded panels subscribe when they arrive.
 */
import type { CellGrid, RenderParams } from '../../engine/index.js';

/**
 * The frame on screen. One record is updated in place for every frame (no allocation per
 * frame): a listener uses it during the call and keeps the grid, never the record.
 */
export interface BusFrame {
  readonly grid: CellGrid;
  /** The params the grid was rendered with. */
  readonly params: RenderParams;
  /** Whether it came from a stream (video or camera). */
  readonly stream: boolean;
  /**
   * A stream frame's media time in seconds (requestVideoFrameCallback's `mediaTime` of the frame
   * rendered), null for a still: tests match frames across runs by it.
   */
  readonly mediaTime: number | null;
}

type MutableFrame = { -readonly [K in keyof BusFrame]: BusFrame[K] };

export type FrameListener = (frame: BusFrame) => void;

export class FrameBus {
  latest: BusFrame | null = null;
  private readonly listeners = new Set<FrameListener>();
  private readonly clearListeners = new Set<() => void>();
  private record: MutableFrame | null = null;

  publish(grid: CellGrid, params: RenderParams, stream: boolean, mediaTime: number | null = null): void {
    const frame = (this.record ??= { grid, params, stream, mediaTime });
    frame.grid = grid;
    frame.params = params;
    frame.stream = stream;
    frame.mediaTime = mediaTime;
    this.latest = frame;
    for (const listener of this.listeners) listener(frame);
  }

  /** Forgets the latest frame (the source changed, or its settings could not be rendered), and says so. */
  clear(): void {
    this.latest = null;
    for (const listener of this.clearListeners) listener();
  }

  /** `listener` gets every frame, `onClear` each clear; returns the function that unsubscribes both. */
  subscribe(listener: FrameListener, onClear?: () => void): () => void {
    this.listeners.add(listener);
    if (onClear) this.clearListeners.add(onClear);
    return () => {
      this.listeners.delete(listener);
      if (onClear) this.clearListeners.delete(onClear);
    };
  }
}

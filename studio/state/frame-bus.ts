/**
 * Hands every rendered frame to whoever listens (exports, clip recorder, handoff) without the
 * app knowing them: lazily loaded panels subscribe when they arrive. On the GPU path a stream's
 * frames are drawn without reading their grids back; a consumer that needs every grid says so
 * (`want`), and one that needs the frame on screen asks for it (`current`).
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

/** A frame on screen whose grid stayed on the GPU: how to read it back, and what it was rendered with. */
interface UnreadFrame {
  readonly read: () => Promise<CellGrid>;
  readonly params: RenderParams;
  readonly mediaTime: number | null;
}

export class FrameBus {
  /**
   * The latest frame whose grid reached the CPU. A stream drawn on the GPU may have newer frames
   * on screen: `current()` reads the one shown.
   */
  latest: BusFrame | null = null;
  private readonly listeners = new Set<FrameListener>();
  private readonly clearListeners = new Set<() => void>();
  private readonly wanting = new Set<object>();
  private record: MutableFrame | null = null;
  private unread: UnreadFrame | null = null;

  publish(grid: CellGrid, params: RenderParams, stream: boolean, mediaTime: number | null = null): void {
    const frame = (this.record ??= { grid, params, stream, mediaTime });
    frame.grid = grid;
    frame.params = params;
    frame.stream = stream;
    frame.mediaTime = mediaTime;
    this.latest = frame;
    this.unread = null;
    for (const listener of this.listeners) listener(frame);
  }

  /**
   * A stream frame drawn straight from the GPU, its grid not read back (no consumer wanted every
   * frame): listeners hear nothing, and `current()` reads it back when one asks.
   */
  shownOnDevice(read: () => Promise<CellGrid>, params: RenderParams, mediaTime: number | null): void {
    this.unread = { read, params, mediaTime };
  }

  /**
   * The frame on screen with its grid: `latest`, or the newer one drawn from the GPU, read back
   * now and published. Null when there is none.
   */
  async current(): Promise<BusFrame | null> {
    for (let u = this.unread; u; u = this.unread) {
      try {
        const grid = await u.read();
        if (this.unread === u) this.publish(grid, u.params, true, u.mediaTime);
        return this.latest;
      } catch {
        // a later frame replaced it on the GPU meanwhile: that one is on screen now
        if (this.unread === u) this.unread = null;
      }
    }
    return this.latest;
  }

  /**
   * Says whether `consumer` needs every frame's grid (a clip being recorded, a handoff session):
   * while any does, stream frames are read back from the GPU as they render.
   */
  want(consumer: object, every: boolean): void {
    if (every) this.wanting.add(consumer);
    else this.wanting.delete(consumer);
  }

  /** Whether some consumer needs every frame's grid now. */
  get wantsEveryFrame(): boolean {
    return this.wanting.size > 0;
  }

  /** Forgets the latest frame (the source changed, or its settings could not be rendered), and says so. */
  clear(): void {
    this.latest = null;
    this.unread = null;
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

/**
 * One handoff (SPEC 4.3, docs/handoff.md): frames streamed to a receiver window with
 * `postMessage(message, receiverOrigin)`, never `*`.
 *
 * - Nothing is sent before the receiver's `ready`.
 * - Until the first `ack`, at most UNACKED_FPS_CAP frames per second (a receiver that never
 *   acknowledges gets that rate); after it, at most MAX_FRAMES_IN_FLIGHT frames beyond the last
 *   acknowledged one. An `ack` of seq n acknowledges every frame up to n.
 * - Frames offered while sending is not allowed replace each other: only the newest waits.
 * - A `ready` while streaming means the receiver page reloaded: the frames in flight are given
 *   up (the old page took them along), the fps cap applies until the new page acknowledges, and
 *   the newest frame is sent again.
 * - Messages whose origin is not the receiver origin, whose source is not the receiver window,
 *   or that do not match the protocol's schemas are ignored (and counted).
 * - While the session is open, the receiver window is looked at every CLOSED_POLL_MS: once it
 *   is closed the session ends and says so (`onClosed`), even when no frame is offered (a still,
 *   a paused video). A window that left the receiver's page is not closed, and no event says it
 *   left: a receiver that acknowledged frames and then answers none for SILENT_MS while frames
 *   wait is reported silent (`status.silent`, `onSilent`) until it answers again.
 *
 * Pure logic over an injected window and clock, so it is unit-tested without a browser.
 */
import {
  type CellGrid,
  gridLines,
  HANDOFF_PROTOCOL,
  type HandoffFrame,
  type HandoffMode,
  handoffAckSchema,
  handoffReadySchema,
  MAX_FRAMES_IN_FLIGHT,
  toBase64,
  UNACKED_FPS_CAP,
} from '../../engine/index.js';

/** How often an open session looks whether the receiver window was closed (no event says so). */
export const CLOSED_POLL_MS = 500;

/** How long a receiver may take to say `ready` before the session says it is still waiting, and why that may be. */
export const READY_HINT_MS = 8000;

/** How long an acknowledging receiver may leave frames unanswered before the session calls it silent. */
export const SILENT_MS = 3000;

/** The part of a receiver window the session uses. */
export interface ReceiverWindow {
  postMessage(message: unknown, targetOrigin: string): void;
  readonly closed: boolean;
}

export interface IncomingMessage {
  readonly origin: string;
  readonly source: unknown;
  readonly data: unknown;
}

export type HandoffPhase = 'waiting' | 'streaming' | 'closed';

export interface HandoffStatus {
  readonly phase: HandoffPhase;
  readonly sent: number;
  /** Highest acknowledged seq, or -1. */
  readonly acked: number;
  /** Frames sent and still awaited (sent beyond the last acknowledged, or since a reloaded page's ready). */
  readonly inFlight: number;
  /** Whether the receiver's page acknowledges frames (else they go at most UNACKED_FPS_CAP a second). */
  readonly acknowledging: boolean;
  /** Messages from any window but the receiver's, ignored; and the origin of the last one. */
  readonly ignored: number;
  readonly lastIgnoredOrigin: string | null;
  /** Messages from the receiver's window that are neither a ready nor an ack of a frame sent, ignored. */
  readonly unexpected: number;
  /** Still waiting for `ready` READY_HINT_MS after the window opened. */
  readonly slowReady: boolean;
  /** The receiver acknowledged frames, then answered none for SILENT_MS while frames were in flight. */
  readonly silent: boolean;
}

export interface HandoffOptions {
  readonly receiverOrigin: string;
  readonly mode: HandoffMode;
  readonly traceId: string;
  readonly sourceTag: string;
  readonly now?: () => number;
  /** Called to run something later (the fps cap, the closed-window poll); returns a cancel function. */
  readonly schedule?: (ms: number, run: () => void) => () => void;
  /** Called once when the session ends because the receiver window was closed (not on `close()`). */
  readonly onClosed?: () => void;
  /** Called once when READY_HINT_MS pass without the receiver's `ready` (`status.slowReady` turns true). */
  readonly onSlowReady?: () => void;
  /** Called when the receiver falls silent, and when it answers again (`status.silent` changes). */
  readonly onSilent?: () => void;
}

interface Pending {
  readonly grid: CellGrid;
  readonly color: boolean;
}

export class HandoffSession {
  private phase: HandoffPhase = 'waiting';
  private seq = 0;
  private acked = -1;
  /** The highest seq the flow control no longer waits for: acknowledged, or lost with a reloaded receiver page. */
  private released = -1;
  /** Whether the receiver (its current page) has acknowledged a frame: the in-flight bound, else the fps cap. */
  private everAcked = false;
  /** The newest frame offered, sent again to a receiver page that says ready anew. */
  private last: Pending | null = null;
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private pending: Pending | null = null;
  private cancelTimer: (() => void) | null = null;
  private cancelPoll: (() => void) | null = null;
  private ignored = 0;
  private unexpected = 0;
  private lastIgnoredOrigin: string | null = null;
  private slowReady = false;
  /** When the receiver's page last said ready or acknowledged a frame. */
  private heardAt: number;
  /** `silent` as the last poll found it (a change is reported through onSilent). */
  private wasSilent = false;
  private cancelReadyHint: (() => void) | null = null;
  private readonly now: () => number;
  private readonly schedule: (ms: number, run: () => void) => () => void;

  constructor(
    private readonly target: ReceiverWindow,
    private readonly options: HandoffOptions,
  ) {
    this.now = options.now ?? (() => performance.now());
    this.heardAt = this.now();
    this.schedule =
      options.schedule ??
      ((ms, run) => {
        const id = setTimeout(run, ms);
        return () => clearTimeout(id);
      });
    this.watch();
    this.cancelReadyHint = this.schedule(READY_HINT_MS, () => {
      this.cancelReadyHint = null;
      if (this.phase !== 'waiting') return;
      this.slowReady = true;
      this.options.onSlowReady?.();
    });
  }

  get mode(): HandoffMode {
    return this.options.mode;
  }

  get status(): HandoffStatus {
    return {
      phase: this.target.closed && this.phase !== 'closed' ? 'closed' : this.phase,
      sent: this.seq,
      acked: this.acked,
      inFlight: this.seq - 1 - this.released,
      acknowledging: this.everAcked,
      ignored: this.ignored,
      lastIgnoredOrigin: this.lastIgnoredOrigin,
      unexpected: this.unexpected,
      slowReady: this.slowReady && this.phase === 'waiting',
      silent: this.silent(),
    };
  }

  private silent(): boolean {
    return (
      this.phase === 'streaming' &&
      this.everAcked &&
      this.seq - 1 > this.released &&
      this.now() - this.heardAt >= SILENT_MS
    );
  }

  /** Handles a `message` event; returns true when it was the receiver's and changed something. */
  receive(event: IncomingMessage): boolean {
    if (event.origin !== this.options.receiverOrigin || event.source !== this.target) {
      this.ignored++;
      this.lastIgnoredOrigin = event.origin;
      return false;
    }
    if (handoffReadySchema.safeParse(event.data).success) {
      this.heardAt = this.now();
      if (this.phase === 'waiting') this.phase = 'streaming';
      else {
        // ready again: the receiver page reloaded, and the frames in flight went with the old one
        this.released = this.seq - 1;
        this.everAcked = false;
        this.pending ??= this.last;
      }
      this.flush();
      return true;
    }
    const ack = handoffAckSchema.safeParse(event.data);
    if (ack.success && ack.data.seq < this.seq) {
      this.everAcked = true;
      this.heardAt = this.now();
      this.acked = Math.max(this.acked, ack.data.seq);
      this.released = Math.max(this.released, ack.data.seq);
      this.flush();
      return true;
    }
    this.unexpected++;
    return false;
  }

  /** Offers the newest frame; it is sent now if the receiver can take it, else it waits (replacing older ones). */
  offer(grid: CellGrid, color: boolean): void {
    if (this.phase === 'closed') return;
    this.pending = { grid, color };
    this.last = this.pending;
    this.flush();
  }

  /** Ends the session (the user stopped it): nothing more is sent, no timer is left. */
  close(): void {
    this.phase = 'closed';
    this.pending = null;
    this.last = null;
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.cancelPoll?.();
    this.cancelPoll = null;
    this.cancelReadyHint?.();
    this.cancelReadyHint = null;
  }

  /** Looks at the receiver window every CLOSED_POLL_MS while the session is open (closed? silent?). */
  private watch(): void {
    this.cancelPoll = this.schedule(CLOSED_POLL_MS, () => {
      this.cancelPoll = null;
      if (this.receiverGone()) return;
      const silent = this.silent();
      if (silent !== this.wasSilent) {
        this.wasSilent = silent;
        this.options.onSilent?.();
      }
      this.watch();
    });
  }

  /** Whether the receiver window is closed; the first time it is found closed, the session ends. */
  private receiverGone(): boolean {
    if (this.phase === 'closed') return true;
    if (!this.target.closed) return false;
    this.close();
    this.options.onClosed?.();
    return true;
  }

  private flush(): void {
    if (this.phase !== 'streaming' || !this.pending) return;
    if (this.receiverGone()) return;
    if (this.everAcked) {
      if (this.seq - 1 - this.released >= MAX_FRAMES_IN_FLIGHT) return;
    } else {
      const wait = this.lastSentAt + 1000 / UNACKED_FPS_CAP - this.now();
      if (wait > 0) {
        this.cancelTimer ??= this.schedule(wait, () => {
          this.cancelTimer = null;
          this.flush();
        });
        return;
      }
    }
    const { grid, color } = this.pending;
    this.pending = null;
    this.target.postMessage(this.message(grid, color), this.options.receiverOrigin);
    this.lastSentAt = this.now();
    this.seq++;
  }

  private message(grid: CellGrid, color: boolean): HandoffFrame {
    return {
      protocol: HANDOFF_PROTOCOL,
      type: 'frame',
      mode: this.options.mode,
      traceId: this.options.traceId,
      sourceTag: this.options.sourceTag,
      seq: this.seq,
      columns: grid.columns,
      rows: grid.rows,
      lines: gridLines(grid),
      chroma: color ? { encoding: 'rgb24-b64-v1', data: toBase64(grid.colors) } : null,
      ...(color && grid.backgrounds
        ? { backgroundChroma: { encoding: 'rgb24-b64-v1' as const, data: toBase64(grid.backgrounds) } }
        : {}),
      timestamp: Date.now(),
    };
  }
}

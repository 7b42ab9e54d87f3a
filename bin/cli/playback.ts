/**
 * The terminal while frames play on it (an animated image, a video): the cursor hidden, the
 * keyboard read (keys.ts: no echo, `q` quits), each frame drawn over the last as the cells
 * that changed (frame-update.ts), Ctrl-Z handled (the cursor shown while stopped, the next
 * frame a new picture after fg), a resize noted for the player to fit the picture again, the
 * playing time bounded (--duration), and all of it put back by `close` or on a signal.
 */
import { frameUpdate } from './frame-update.js';
import { type PlaybackKeys, readPlaybackKeys } from './keys.js';
import { HIDE_CURSOR, SHOW_CURSOR, type SignalGuard, suspendGracefully } from './signal-guard.js';
import { terminalColumns, terminalRows } from './terminal.js';

/** The cursor to the top left, and the screen cleared. */
const CLEAR_SCREEN = '\x1b[H\x1b[2J';

export interface PlaybackTerminal {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
}

export class TerminalPlayback {
  readonly #stdout: NodeJS.WritableStream;
  readonly #guard: SignalGuard;
  readonly #keys: PlaybackKeys | null;
  readonly #releaseSuspend: () => void;
  #quit = false;
  /** The picture on the terminal; null: the next frame starts a new one (the first, or the first after fg). */
  #shown: readonly string[] | null = null;
  #timer: NodeJS.Timeout | undefined;
  #wake: (() => void) | undefined;
  #resized = false;
  /** A player waits for the terminal to grow (waitForResize): a resize wakes it. */
  #awaitingResize = false;
  readonly #onResize = () => {
    this.#resized = true;
    if (this.#awaitingResize) this.#wakeUp();
  };
  #stoppedAt = 0;
  /** How long the process has been stopped (Ctrl-Z until fg), ms: a player on a clock moves its schedule on by it. */
  stoppedMs = 0;
  /** When the playing time (--duration) is up, before any time stopped is added; Infinity: no limit. */
  readonly #endsAt: number;

  /** `durationMs`: the most playing time (the time stopped with Ctrl-Z not counted). */
  constructor(terminal: PlaybackTerminal, guard: SignalGuard, durationMs = Number.POSITIVE_INFINITY) {
    this.#endsAt = performance.now() + durationMs;
    this.#stdout = terminal.stdout;
    this.#guard = guard;
    const keys = readPlaybackKeys(terminal.stdin, () => {
      this.#quit = true;
      this.#wakeUp();
    });
    this.#keys = keys;
    guard.restoreAlso(SHOW_CURSOR);
    if (keys) guard.restoreAlso(() => keys.release());
    this.#stdout.write(HIDE_CURSOR);
    this.#stdout.on('resize', this.#onResize);
    this.#releaseSuspend = suspendGracefully(this.#stdout, {
      stopping: () => {
        keys?.pause();
        this.#stoppedAt = performance.now();
      },
      resumed: () => {
        keys?.resume();
        this.#shown = null;
        this.stoppedMs += performance.now() - this.#stoppedAt;
      },
    });
  }

  /** Whether the playback is over: `q` pressed, a signal came, or the playing time is up. */
  get ended(): boolean {
    return this.#quit || this.#guard.interrupted || performance.now() >= this.#endsAt + this.stoppedMs;
  }

  /** Waits until `time` (performance.now()), or less when `q` is pressed or the playing time is up first. */
  waitUntil(time: number): Promise<void> {
    if (this.ended) return Promise.resolve();
    const until = Math.min(time, this.#endsAt + this.stoppedMs);
    return new Promise<void>((resolve) => {
      this.#wake = resolve;
      this.#timer = setTimeout(resolve, Math.max(0, until - performance.now()));
    });
  }

  /**
   * Waits for the next resize, or less when `q` is pressed or the playing time is up first:
   * while the terminal is too small for the picture (see hold).
   */
  waitForResize(): Promise<void> {
    if (this.ended || this.#resized) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.#wake = resolve;
      this.#awaitingResize = true;
      const left = this.#endsAt + this.stoppedMs - performance.now();
      // no limit: no timer (setTimeout takes Infinity as 1 ms)
      if (Number.isFinite(left)) this.#timer = setTimeout(() => this.#wakeUp(), Math.max(0, left));
    });
  }

  /** Says on a cleared screen why nothing plays (the terminal too small), until the next frame. */
  hold(why: string): void {
    this.clear();
    this.#stdout.write(`${why}\r\n`);
  }

  /** The terminal's size, once after each resize (null when it has not been resized, or says no size). */
  takeResize(): { rows: number; columns: number } | null {
    if (!this.#resized) return null;
    this.#resized = false;
    const rows = terminalRows(this.#stdout);
    const columns = terminalColumns(this.#stdout);
    return rows && columns ? { rows, columns } : null;
  }

  /**
   * Clears the screen, so the next frame is drawn at its top: after a resize the terminal may
   * have rewrapped the picture shown, and drawing over it would miss.
   */
  clear(): void {
    this.#stdout.write(CLEAR_SCREEN);
    this.#shown = null;
  }

  /** Draws a frame (its lines) over the one shown. */
  show(lines: readonly string[]): void {
    this.#stdout.write(frameUpdate(this.#shown, lines));
    this.#shown = lines;
  }

  /** The terminal back as it was (the last frame left on it), unless a signal has already seen to it. */
  close(): void {
    clearTimeout(this.#timer);
    this.#stdout.removeListener('resize', this.#onResize);
    this.#keys?.release();
    this.#releaseSuspend();
    if (!this.#guard.interrupted) this.#stdout.write(SHOW_CURSOR);
  }

  #wakeUp(): void {
    clearTimeout(this.#timer);
    this.#awaitingResize = false;
    this.#wake?.();
  }
}

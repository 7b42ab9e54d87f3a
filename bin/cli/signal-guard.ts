/**
 * Ctrl-C and SIGTERM while art is on the terminal: the terminal is put back before the run ends;
 * Ctrl-Z while an animation plays: the cursor is shown while the process is stopped.
 */
import { ANSI_RESET } from '../../engine/encode/ansi.js';

export const HIDE_CURSOR = '\x1b[?25l';
export const SHOW_CURSOR = '\x1b[?25h';

/** The signals that end a run from the terminal or a process manager. */
const INTERRUPTS = ['SIGINT', 'SIGTERM'] as const;

/** One turn of the event loop through its poll phase, where a signal that has come is handled. */
const throughPoll = (ms = 0) => new Promise<void>((resolve) => setTimeout(() => setImmediate(resolve), ms));

/**
 * From the first ANSI art on standard output on, Ctrl-C (SIGINT) or SIGTERM ends the run
 * between writes, with the colors reset. By default the signal ended the process within a
 * write, its last line colored and never reset, and the terminal stayed that color (chafa
 * resets too). The signal is then raised again, so the shell sees an interrupted run (130 for
 * SIGINT, 143 for SIGTERM).
 */
export class SignalGuard {
  interrupted = false;
  readonly #stdout: NodeJS.WritableStream;
  /** What puts the terminal back: the color reset, and what `restoreAlso` adds. */
  #restore = ANSI_RESET;
  /** What else puts the terminal back (its mode), run before the process ends. */
  readonly #undo: (() => void)[] = [];
  readonly #onSignal = (signal: NodeJS.Signals) => {
    this.interrupted = true;
    this.remove();
    // the signal raised again ends the process at once, before Node could reset the terminal's mode
    for (const undo of this.#undo) undo();
    const raise = () => process.kill(process.pid, signal);
    try {
      this.#stdout.write(this.#restore, raise);
    } catch {
      raise();
    }
  };

  constructor(stdout: NodeJS.WritableStream) {
    this.#stdout = stdout;
    for (const signal of INTERRUPTS) process.on(signal, this.#onSignal);
  }

  /**
   * Adds to what puts the terminal back on a signal: a sequence to write (the cursor shown
   * again while an animation hides it), or a step (the keyboard out of raw mode, a temporary
   * file removed).
   */
  restoreAlso(what: string | (() => void)): void {
    if (typeof what === 'string') this.#restore += what;
    else this.#undo.push(what);
  }

  /** Whether a signal has come, once the event loop has had the chance to handle it. */
  async interruptedSince(ms = 0): Promise<boolean> {
    await throughPoll(ms);
    return this.interrupted;
  }

  remove(): void {
    for (const signal of INTERRUPTS) process.removeListener(signal, this.#onSignal);
  }
}

/** Stops this process as Ctrl-Z does; returns once it is continued (fg). */
const stopProcess = () => process.kill(process.pid, 'SIGTSTP');

/**
 * Ctrl-Z (SIGTSTP) while the cursor is hidden (an animation plays): the colors reset and the
 * cursor shown before the process stops, so the shell's prompt is not left without a cursor.
 * `stopping` runs first (the keyboard given back to the shell). The stop happens within `stop`
 * (the signal's default action, once no listener is left); when it returns (after fg), the
 * cursor is hidden again and `resumed` runs: the picture goes on below whatever the shell
 * printed. Returns what removes the handler. (Windows has no job control signals.)
 */
export function suspendGracefully(
  stdout: NodeJS.WritableStream,
  hooks: { readonly stopping?: () => void; readonly resumed: () => void },
  stop: () => void = stopProcess,
): () => void {
  if (process.platform === 'win32') return () => {};
  const onStop = () => {
    process.removeListener('SIGTSTP', onStop);
    hooks.stopping?.();
    stdout.write(ANSI_RESET + SHOW_CURSOR);
    try {
      stop();
    } finally {
      process.on('SIGTSTP', onStop);
      stdout.write(HIDE_CURSOR);
      hooks.resumed();
    }
  };
  process.on('SIGTSTP', onStop);
  return () => process.removeListener('SIGTSTP', onStop);
}

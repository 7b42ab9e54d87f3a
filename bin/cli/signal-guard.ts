/**
 * The signals that end a run (Ctrl-C, SIGTERM, SIGHUP, Ctrl-\) while art is on the terminal:
 * the terminal is put back before the run ends; on any of them, and on process.exit, a
 * temporary file is removed. Ctrl-Z while an animation plays: the cursor is shown while the
 * process is stopped.
 */
import { ANSI_RESET } from '../../engine/index.js';

export const HIDE_CURSOR = '\x1b[?25l';
export const SHOW_CURSOR = '\x1b[?25h';

/**
 * The signals that end a run: Ctrl-C (SIGINT), a process manager (SIGTERM), the terminal
 * closed (SIGHUP), Ctrl-\ (SIGQUIT; Windows has none).
 */
const EXIT_SIGNALS: readonly NodeJS.Signals[] =
  process.platform === 'win32' ? ['SIGINT', 'SIGTERM', 'SIGHUP'] : ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];

/** What must be done however the process ends (a temporary file removed): synchronous, for a signal's exit awaits nothing. */
const exitSteps = new Set<() => void>();
/** The guards listening, each with what puts its terminal back and then calls `done`. */
const guards = new Map<SignalGuard, (done: () => void) => void>();
let listening = false;

/** A step on the way out: one that fails (a terminal already gone) does not keep the next from running. */
const quietly = (step: () => void) => {
  try {
    step();
  } catch {
    // nothing to tell, the process is ending
  }
};

function runExitSteps(): void {
  const steps = [...exitSteps];
  exitSteps.clear();
  for (const step of steps) quietly(step);
}

/**
 * The one listener for the exit signals, there while a guard or an exit step wants it, and
 * gone otherwise: a signal then has its default action (the process ends, as before).
 */
function listen(): void {
  const wanted = guards.size > 0 || exitSteps.size > 0;
  if (wanted === listening) return;
  listening = wanted;
  for (const signal of EXIT_SIGNALS) {
    if (wanted) process.on(signal, onExitSignal);
    else process.removeListener(signal, onExitSignal);
  }
  if (wanted) process.on('exit', runExitSteps);
  else process.removeListener('exit', runExitSteps);
}

/**
 * A signal that ends the run: the exit steps run, each guard puts its terminal back, and the
 * signal is raised again, once no listener is left, so the process dies of it and the shell
 * sees its status (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP, 131 for SIGQUIT).
 */
function onExitSignal(signal: NodeJS.Signals): void {
  const ending = [...guards.values()];
  guards.clear();
  runExitSteps();
  listen();
  const raise = () => process.kill(process.pid, signal);
  let left = ending.length;
  if (left === 0) raise();
  for (const putBack of ending)
    putBack(() => {
      if (--left === 0) raise();
    });
}

/**
 * Runs `step` if the process ends before the function returned is called: on a signal that
 * ends it (SIGINT, SIGTERM, SIGHUP, SIGQUIT), before the signal is raised again, or on
 * process.exit(). `step` is synchronous (fs.rmSync, not fs.promises.rm): nothing is awaited on
 * the way out. The function returned forgets it (its caller has done it, or no longer needs it).
 */
export function onExit(step: () => void): () => void {
  const once = () => step();
  exitSteps.add(once);
  listen();
  return () => {
    exitSteps.delete(once);
    listen();
  };
}

/** One turn of the event loop through its poll phase, where a signal that has come is handled. */
const throughPoll = (ms = 0) => new Promise<void>((resolve) => setTimeout(() => setImmediate(resolve), ms));

/**
 * From the first ANSI art on standard output on, Ctrl-C (SIGINT), SIGTERM, SIGHUP or SIGQUIT
 * ends the run between writes, with the colors reset. By default the signal ended the process
 * within a write, its last line colored and never reset, and the terminal stayed that color
 * (chafa resets too). The signal is then raised again, so the shell sees an interrupted run
 * (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP, 131 for SIGQUIT). Node puts the terminal's
 * mode back itself on SIGINT and SIGTERM only; here it is put back on all four (`restoreAlso`).
 */
export class SignalGuard {
  interrupted = false;
  readonly #stdout: NodeJS.WritableStream;
  /** What puts the terminal back: the color reset, and what `restoreAlso` adds. */
  #restore = ANSI_RESET;
  /** What else puts the terminal back (its mode), run before the process ends. */
  readonly #undo: (() => void)[] = [];

  constructor(stdout: NodeJS.WritableStream) {
    this.#stdout = stdout;
    guards.set(this, (done) => this.#putBack(done));
    listen();
  }

  /** On a signal: the terminal put back, then `done` (the signal raised again) once the reset is written. */
  #putBack(done: () => void): void {
    this.interrupted = true;
    // the signal raised again ends the process at once, before Node could reset the terminal's mode
    for (const undo of this.#undo) quietly(undo);
    try {
      this.#stdout.write(this.#restore, () => done());
    } catch {
      done();
    }
  }

  /**
   * Adds to what puts the terminal back on a signal: a sequence to write (the cursor shown
   * again while an animation hides it), or a step (the keyboard out of raw mode, ffmpeg
   * stopped). A temporary file is removed with `onExit`, which needs no guard.
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
    guards.delete(this);
    listen();
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

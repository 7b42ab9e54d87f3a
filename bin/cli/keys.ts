/**
 * The keyboard while an animation plays. The terminal is put in raw mode, so a key typed no
 * longer echoes into the picture (an echo moved the cursor, and every later frame was drawn
 * off by it). The keys are read here instead: `q` ends the playback, leaving the frame on
 * screen. Raw mode also turns Ctrl-C, Ctrl-\ and Ctrl-Z into bytes, so they are raised here as
 * the signals the terminal would have sent, to this process (Ctrl-C as SIGINT and Ctrl-\ as
 * SIGQUIT, through the SignalGuard, which puts the terminal back before the process dies of
 * them: exit status 130 and 131; Ctrl-Z through suspendGracefully, which gives the keyboard
 * back first with `pause`). The terminal's mode is put back on `release`, which the
 * SignalGuard calls on a signal too (Node itself does so on SIGINT and SIGTERM only). When
 * standard input is not the terminal (the image or video comes through it), the keys are read
 * from the controlling terminal, /dev/tty, as less does. A job in the background (`&`, or `bg` after
 * Ctrl-Z) leaves the keyboard alone until it is brought to the foreground (fg): changing the
 * terminal's mode, or reading it, from there would stop the job (SIGTTOU, SIGTTIN) before it
 * drew a frame.
 */
import fs from 'node:fs';
import tty from 'node:tty';

const CTRL_C = 0x03;
const CTRL_BACKSLASH = 0x1c;
const CTRL_Z = 0x1a;
const QUIT_KEYS = new Set([0x71, 0x51]); // q, Q
/** How often a job in the background looks whether it has been brought to the foreground. */
const FOREGROUND_POLL_MS = 200;

export interface PlaybackKeys {
  /** The terminal back in its own mode, and no longer read, while the process is stopped (Ctrl-Z). */
  pause(): void;
  /** Raw mode and the keys again once continued: at once after fg, at the next fg after bg. */
  resume(): void;
  /** The terminal back in its own mode, and no longer read (the process may exit). */
  release(): void;
}

type TtyInput = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

/** The controlling terminal opened for reading; null when the process has none (a service, a CI job). */
function controllingTerminal(): tty.ReadStream | null {
  if (process.platform === 'win32') return null;
  let fd: number;
  try {
    fd = fs.openSync('/dev/tty', 'r');
  } catch {
    return null;
  }
  if (tty.isatty(fd)) return new tty.ReadStream(fd);
  fs.closeSync(fd);
  return null;
}

/**
 * Whether this process is in its terminal's foreground process group, from /proc/self/stat
 * (Linux: the fields after the command's name are state, ppid, pgrp, session, tty_nr, tpgid).
 * True without a controlling terminal (tpgid -1), and where /proc is not there (as before).
 */
export function inForeground(stat: string | null = readOwnStat()): boolean {
  if (stat === null) return true;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const group = Number(fields[2]);
  const foreground = Number(fields[5]);
  return foreground === -1 || foreground === group;
}

function readOwnStat(): string | null {
  try {
    return fs.readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return null;
  }
}

/**
 * Reads the keys while an animation plays: from standard input when it is the terminal, else
 * from the controlling terminal; null when there is none, and the keys go on as before.
 */
export function readPlaybackKeys(stdin: NodeJS.ReadableStream, quit: () => void): PlaybackKeys | null {
  /** The terminal opened here, closed on release (else it would keep the process alive). */
  const opened = (stdin as TtyInput).isTTY ? null : controllingTerminal();
  const keyboard: TtyInput = opened ?? stdin;
  const setRawMode = keyboard.setRawMode?.bind(keyboard);
  if (!keyboard.isTTY || !setRawMode) return null;
  const onData = (chunk: Buffer | string) => {
    for (const byte of typeof chunk === 'string' ? Buffer.from(chunk) : chunk) {
      if (byte === CTRL_C) process.kill(process.pid, 'SIGINT');
      else if (byte === CTRL_BACKSLASH && process.platform !== 'win32') process.kill(process.pid, 'SIGQUIT');
      else if (byte === CTRL_Z && process.platform !== 'win32') process.kill(process.pid, 'SIGTSTP');
      else if (QUIT_KEYS.has(byte)) quit();
    }
  };
  /** Whether the keys are wanted (not paused nor released), and whether they are read now. */
  let wanted = true;
  let reading = false;
  /** While in the background: a look, now and then, for the job brought to the foreground. */
  let watch: NodeJS.Timeout | undefined;
  const start = () => {
    if (reading || !wanted) return;
    if (!inForeground()) {
      // fg sends SIGCONT to a stopped job only: a running one is not told
      watch ??= setInterval(start, FOREGROUND_POLL_MS).unref();
      return;
    }
    clearInterval(watch);
    watch = undefined;
    setRawMode(true);
    keyboard.on('data', onData);
    keyboard.resume();
    reading = true;
  };
  const stop = () => {
    wanted = false;
    clearInterval(watch);
    watch = undefined;
    if (!reading) return;
    keyboard.removeListener('data', onData);
    keyboard.pause();
    setRawMode(false);
    reading = false;
  };
  start();
  return {
    pause: stop,
    resume: () => {
      wanted = true;
      start();
    },
    release: () => {
      stop();
      opened?.destroy();
    },
  };
}

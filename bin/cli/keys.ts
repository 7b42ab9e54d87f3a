/**
 * The keyboard while an animation plays. The terminal is put in raw mode, so a key typed no
 * longer echoes into the picture (an echo moved the cursor, and every later frame was drawn
 * off by it). The keys are read here instead: `q` ends the playback, leaving the frame on
 * screen. Raw mode also turns Ctrl-C and Ctrl-Z into bytes, so they are raised here as the
 * signals the terminal would have sent (Ctrl-C through the SignalGuard; Ctrl-Z through
 * suspendGracefully, which gives the keyboard back first with `pause`). Node puts the
 * terminal's mode back when the process exits, a signal's exit included. When standard input
 * is not the terminal (the image or video comes through it), the keys are read from the
 * controlling terminal, /dev/tty, as less does.
 */
import fs from 'node:fs';
import tty from 'node:tty';

const CTRL_C = 0x03;
const CTRL_Z = 0x1a;
const QUIT_KEYS = new Set([0x71, 0x51]); // q, Q

export interface PlaybackKeys {
  /** The terminal back in its own mode while the process is stopped (Ctrl-Z). */
  pause(): void;
  /** Raw mode again, after fg. */
  resume(): void;
  /** The terminal back in its own mode, and standard input no longer read (the process may exit). */
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
      else if (byte === CTRL_Z && process.platform !== 'win32') process.kill(process.pid, 'SIGTSTP');
      else if (QUIT_KEYS.has(byte)) quit();
    }
  };
  setRawMode(true);
  keyboard.on('data', onData);
  keyboard.resume();
  return {
    pause: () => setRawMode(false),
    resume: () => setRawMode(true),
    release: () => {
      keyboard.removeListener('data', onData);
      keyboard.pause();
      setRawMode(false);
      opened?.destroy();
    },
  };
}

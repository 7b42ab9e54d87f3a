/**
 * What the terminal standard output is can show: its width, and how many colors. Into a file
 * there is no terminal to ask: the width is unknown and the colors are 24-bit; into a pipe, the
 * width is the one it most likely ends on (outputColumns), and the colors are 24-bit.
 */
import type { WriteStream } from 'node:tty';
import type { AnsiColorDepth } from '../../engine/index.js';
import { streamStat } from './io.js';

/** The width of the terminal `stdout` is, or undefined when it is a file or a pipe. */
export function terminalColumns(stdout: NodeJS.WritableStream): number | undefined {
  const tty = stdout as Partial<Pick<WriteStream, 'isTTY' | 'columns'>>;
  // a pseudo-terminal whose size was never set says 0: its size is not known
  return tty.isTTY && typeof tty.columns === 'number' && tty.columns > 0 ? tty.columns : undefined;
}

/** Whether a stream is a pipe or a socket (`glyphcast photo.jpg | less -R`), not a file or a terminal. */
function isPipe(stream: NodeJS.WritableStream): boolean {
  const stat = streamStat(stream);
  return stat !== undefined && (stat.isFIFO() || stat.isSocket());
}

/**
 * The width art on standard output is likely shown at: the terminal's; into a pipe, `COLUMNS`
 * when set, else the width of the terminal on stderr (the pipe most likely ends on it: less,
 * head); undefined into a file, or with no terminal anywhere.
 */
export function outputColumns(streams: {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly env?: NodeJS.ProcessEnv;
}): number | undefined {
  const own = terminalColumns(streams.stdout);
  if (own !== undefined || !isPipe(streams.stdout)) return own;
  const columns = Number(streams.env?.COLUMNS);
  return Number.isInteger(columns) && columns > 0 ? columns : terminalColumns(streams.stderr);
}

/** The height of the terminal `stdout` is, or undefined when it is a file or a pipe. */
export function terminalRows(stdout: NodeJS.WritableStream): number | undefined {
  const tty = stdout as Partial<Pick<WriteStream, 'isTTY' | 'rows'>>;
  return tty.isTTY && typeof tty.rows === 'number' && tty.rows > 0 ? tty.rows : undefined;
}

/** Terminals that show 24-bit color whatever their TERM says (TERM_PROGRAM). */
const TRUECOLOR_PROGRAMS = new Set(['iterm.app', 'wezterm', 'vscode', 'ghostty', 'hyper', 'tabby']);

/** TERM values of terminals that show 24-bit color (kitty, st) whatever COLORTERM says. */
const TRUECOLOR_TERMS = new Set(['xterm-kitty', 'st-256color']);

/**
 * TERM values of terminals that show only the 16 ANSI colors (rxvt's terminfo has 8, urxvt's 88
 * without -256color; xterm-color, ansi and the VTs 8 or none), and the suffixes that say so.
 */
const SIXTEEN_COLOR_TERMS = new Set(['linux', 'rxvt', 'rxvt-unicode', 'dumb', 'xterm-color', 'ansi', 'cons25']);
const SIXTEEN_COLOR_TERM = /-(8|16|88)colou?r$|^vt\d+$/;

/** FORCE_COLOR's levels (chalk's, Node's): 1 the 16 colors, 2 xterm's 256, 3 24-bit. */
const FORCED_DEPTHS: Readonly<Record<string, AnsiColorDepth>> = { 1: '16', 2: '256', 3: 'truecolor' };

/**
 * The colors of the terminal `stdout` is, from its environment, much as chafa reads it (a
 * FORCE_COLOR of 1, 2 or 3 says them outright, as for Node's tools): COLORTERM
 * `truecolor` or `24bit`, a TERM with `-direct`, kitty or st, a VTE terminal (GNOME Terminal,
 * Tilix: VTE_VERSION 3600 and later), a terminal program known for it or Windows Terminal is 24-bit; the Linux
 * console, rxvt and rxvt-unicode (without -256color), xterm-color, a VT or a TERM ending -16color
 * show the 16 ANSI colors; any other TERM (`xterm-256color`, `xterm`,
 * `screen`: macOS Terminal, PuTTY, ssh sessions, where COLORTERM is not passed on) xterm's 256.
 * No TERM on a terminal (the Windows console) is 24-bit. A file or a pipe is 24-bit.
 */
export function terminalColorDepth(stdout: NodeJS.WritableStream, env: NodeJS.ProcessEnv): AnsiColorDepth {
  if (!(stdout as Partial<Pick<WriteStream, 'isTTY'>>).isTTY) return 'truecolor';
  const forced = Object.hasOwn(FORCED_DEPTHS, env.FORCE_COLOR ?? '')
    ? FORCED_DEPTHS[env.FORCE_COLOR as string]
    : undefined;
  if (forced) return forced;
  const colorterm = (env.COLORTERM ?? '').toLowerCase();
  const term = (env.TERM ?? '').toLowerCase();
  if (colorterm === 'truecolor' || colorterm === '24bit' || /-direct\b|truecolor|24bit/.test(term)) return 'truecolor';
  if (TRUECOLOR_TERMS.has(term) || Number(env.VTE_VERSION) >= 3600 || env.WT_SESSION) return 'truecolor';
  if (TRUECOLOR_PROGRAMS.has((env.TERM_PROGRAM ?? '').toLowerCase())) return 'truecolor';
  if (term === '') return 'truecolor';
  return SIXTEEN_COLOR_TERMS.has(term) || SIXTEEN_COLOR_TERM.test(term) ? '16' : '256';
}

/**
 * Whether the terminal can redraw in place, as playback does (cursor moves, hidden cursor): not
 * a `dumb` one (Emacs' shell, a CI log), where an animation or a video shows its first frame.
 */
export const terminalRedraws = (env: NodeJS.ProcessEnv) => (env.TERM ?? '').toLowerCase() !== 'dumb';

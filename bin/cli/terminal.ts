/**
 * What the terminal standard output is can show: its width, and how many colors. Into a file or
 * a pipe there is no terminal to ask: the width is unknown and the colors are 24-bit.
 */
import type { WriteStream } from 'node:tty';
import type { AnsiColorDepth } from '../../engine/encode/ansi-palette.js';

/** The width of the terminal `stdout` is, or undefined when it is a file or a pipe. */
export function terminalColumns(stdout: NodeJS.WritableStream): number | undefined {
  const tty = stdout as Partial<Pick<WriteStream, 'isTTY' | 'columns'>>;
  return tty.isTTY && typeof tty.columns === 'number' ? tty.columns : undefined;
}

/** The height of the terminal `stdout` is, or undefined when it is a file or a pipe. */
export function terminalRows(stdout: NodeJS.WritableStream): number | undefined {
  const tty = stdout as Partial<Pick<WriteStream, 'isTTY' | 'rows'>>;
  return tty.isTTY && typeof tty.rows === 'number' ? tty.rows : undefined;
}

/** Terminals that show 24-bit color whatever their TERM says (TERM_PROGRAM). */
const TRUECOLOR_PROGRAMS = new Set(['iterm.app', 'wezterm', 'vscode', 'ghostty', 'hyper', 'tabby']);

/**
 * The colors of the terminal `stdout` is, from its environment as chafa reads it: COLORTERM
 * `truecolor` or `24bit` (or a terminal program known for it, or Windows Terminal) is 24-bit;
 * a TERM with `256color` is xterm's 256; any other TERM (`xterm`, `screen`, `linux`) the 16 ANSI
 * colors. No TERM on a terminal (the Windows console) is 24-bit. A file or a pipe is 24-bit.
 */
export function terminalColorDepth(stdout: NodeJS.WritableStream, env: NodeJS.ProcessEnv): AnsiColorDepth {
  if (!(stdout as Partial<Pick<WriteStream, 'isTTY'>>).isTTY) return 'truecolor';
  const colorterm = (env.COLORTERM ?? '').toLowerCase();
  const term = (env.TERM ?? '').toLowerCase();
  if (colorterm === 'truecolor' || colorterm === '24bit' || /-direct\b|truecolor|24bit/.test(term)) return 'truecolor';
  if (TRUECOLOR_PROGRAMS.has((env.TERM_PROGRAM ?? '').toLowerCase()) || env.WT_SESSION) return 'truecolor';
  if (term.includes('256color')) return '256';
  return term === '' ? 'truecolor' : '16';
}

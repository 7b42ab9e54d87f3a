import type { CellGrid } from '../grid.js';
import { colorRuns, parseHex } from './runs.js';

/** SGR 0: every attribute back to the terminal's default. */
export const ANSI_RESET = '\x1b[0m';

/** SGR 38;2: a 24-bit foreground color. */
export const ansiForeground = (r: number, g: number, b: number) => `\x1b[38;2;${r};${g};${b}m`;

/**
 * ANSI truecolor: the rows joined by `\n` like `text`, each row opened with a 24-bit
 * foreground SGR, a new SGR only where the color changes along the row, and a reset at the
 * end of every row, so color never bleeds into the next row or into the prompt. Without
 * `color` each row is one run in `monoColor`. Removing every SGR gives the `text` output.
 */
export function encodeAnsi(grid: CellGrid, color: boolean, monoColor: string): string {
  return colorRuns(grid, color, parseHex(monoColor))
    .map((runs) => {
      let line = '';
      for (const run of runs) line += ansiForeground(run.r, run.g, run.b) + run.text;
      return line + ANSI_RESET;
    })
    .join('\n');
}

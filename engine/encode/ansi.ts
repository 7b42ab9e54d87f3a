import type { CellGrid } from '../grid.js';
import { type AnsiColorDepth, foregroundAt } from './ansi-palette.js';
import { colorRuns, parseHex } from './runs.js';

/** SGR 0: every attribute back to the terminal's default. */
export const ANSI_RESET = '\x1b[0m';

/**
 * ANSI color: the rows joined by `\n` like `text`, each row opened with a foreground SGR, a new
 * SGR only where the color changes along the row, and a reset at the end of every row, so color
 * never bleeds into the next row or into the prompt. Without `color` each row is one run in
 * `monoColor`. Removing every SGR gives the `text` output. `depth` picks the SGRs: 24-bit (the
 * API's), or the nearest of xterm's 256 colors or of the 16 ANSI colors for terminals without
 * 24-bit color (ansi-palette.ts); runs that come to the same palette color share one SGR.
 */
export function encodeAnsi(
  grid: CellGrid,
  color: boolean,
  monoColor: string,
  depth: AnsiColorDepth = 'truecolor',
): string {
  const foreground = foregroundAt(depth);
  return colorRuns(grid, color, parseHex(monoColor))
    .map((runs) => {
      let line = '';
      let open = '';
      for (const run of runs) {
        const sgr = foreground(run.r, run.g, run.b);
        if (sgr !== open) line += sgr;
        open = sgr;
        line += run.text;
      }
      return line + ANSI_RESET;
    })
    .join('\n');
}

import type { CellGrid } from '../grid.js';
import { type AnsiColorDepth, foregroundAt, sgrParamsAt } from './ansi-palette.js';
import { colorRuns, parseHex, twoColorRuns } from './runs.js';

/** SGR 0: every attribute back to the terminal's default. */
export const ANSI_RESET = '\x1b[0m';

/**
 * ANSI color: the rows joined by `\n` like `text`, each row opened with a foreground SGR, a new
 * SGR only where the color changes along the row, and a reset at the end of every row, so color
 * never bleeds into the next row or into the prompt. Without `color` each row is one run in
 * `monoColor`. Removing every SGR gives the `text` output. `depth` picks the SGRs: 24-bit (the
 * API's), or the nearest of xterm's 256 colors or of the 16 ANSI colors for terminals without
 * 24-bit color (ansi-palette.ts); runs that come to the same palette color share one SGR.
 * Two-colour art (the grid has backgrounds, with `color`) sets each run's background (`48;2`)
 * and glyph color (`38;2`) in one SGR, each only where it changes; runs of spaces set no glyph
 * color.
 */
export function encodeAnsi(
  grid: CellGrid,
  color: boolean,
  monoColor: string,
  depth: AnsiColorDepth = 'truecolor',
): string {
  if (color && grid.backgrounds) return encodeTwoColorAnsi(grid, grid.backgrounds, depth);
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

function encodeTwoColorAnsi(grid: CellGrid, backgrounds: Uint8Array, depth: AnsiColorDepth): string {
  const sgr = sgrParamsAt(depth);
  return twoColorRuns(grid, backgrounds)
    .map((runs) => {
      let line = '';
      let openFg = '';
      let openBg = '';
      for (const run of runs) {
        const bg = sgr('bg', ...run.bg);
        const fg = run.fg ? sgr('fg', ...run.fg) : openFg;
        const set = [fg !== openFg ? fg : '', bg !== openBg ? bg : ''].filter(Boolean);
        if (set.length > 0) line += `\x1b[${set.join(';')}m`;
        [openFg, openBg] = [fg, bg];
        line += run.text;
      }
      return line + ANSI_RESET;
    })
    .join('\n');
}

import type { CellGrid } from '../grid.js';
import { colorRuns, parseHex } from './runs.js';

const RESET = '\x1b[0m';

/**
 * ANSI truecolor: a 24-bit foreground SGR (`ESC[38;2;r;g;bm`) only where the color changes,
 * and a reset at the end of every line, so a line never bleeds color into the next one or
 * into the prompt. Without `color`, each line is drawn in `monoColor`.
 */
export function encodeAnsi(grid: CellGrid, color: boolean, monoColor: string): string {
  const lines = colorRuns(grid, color, parseHex(monoColor)).map((runs) => {
    let line = '';
    for (const run of runs) line += `\x1b[38;2;${run.r};${run.g};${run.b}m${run.text}`;
    return line + RESET;
  });
  return `${lines.join('\n')}\n`;
}

import { type CellGrid, gridLines } from '../grid.js';

/**
 * Plain text: the rows joined by `\n`, with no newline after the last one (hosts that print
 * to a terminal add it). Colors are ignored (SPEC 4.2 rule 2).
 */
export function encodeText(grid: CellGrid): string {
  return gridLines(grid).join('\n');
}

import { type CellGrid, gridLines } from '../grid.js';

/** Plain text: the rows joined by `\n`, with a final newline. Colors are ignored (SPEC 4.2 rule 2). */
export function encodeText(grid: CellGrid): string {
  return `${gridLines(grid).join('\n')}\n`;
}

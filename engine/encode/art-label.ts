import type { CellGrid } from '../grid.js';

/**
 * The text alternative of a picture of `grid`, in the HTML and SVG outputs and on the studio's
 * stage: screen readers announce it instead of reading the glyphs one by one.
 */
export function artLabel(grid: Pick<CellGrid, 'columns' | 'rows'>): string {
  return `ASCII art, ${grid.columns} by ${grid.rows} characters`;
}

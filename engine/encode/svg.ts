import type { CellGrid } from '../grid.js';
import { escapeXml } from './escape.js';
import { FONT_STACK } from './html.js';
import { colorRuns, hex, parseHex } from './runs.js';

/** Cell size in SVG user units: the 1:2 cell the glyphs were measured in. */
const CELL_W = 8;
const CELL_H = 16;
/** Font size that makes DejaVu Sans Mono's advance exactly one cell (1233/2048 em). */
const FONT_SIZE = (CELL_W * 2048) / 1233;

/**
 * Valid standalone SVG: a black background, one `<text>` per row with `xml:space="preserve"`,
 * a `<tspan>` per run of equal color (fills in runs), `textLength` pinning every row to the grid
 * width, and a viewBox of columns x 8 by rows x 16 units that keeps the cell aspect.
 */
export function encodeSvg(grid: CellGrid, color: boolean, monoColor: string): string {
  const width = grid.columns * CELL_W;
  const height = grid.rows * CELL_H;
  const rows = colorRuns(grid, color, parseHex(monoColor));
  const baseline = CELL_H * 0.7875; // the measured baseline of the 16-unit cell (12.6)
  const text = rows
    .map((runs, r) => {
      const spans = color
        ? runs.map((run) => `<tspan fill="${hex(run.r, run.g, run.b)}">${escapeXml(run.text)}</tspan>`).join('')
        : escapeXml(runs.map((run) => run.text).join(''));
      return `<text x="0" y="${(r * CELL_H + baseline).toFixed(2)}" textLength="${width}" lengthAdjust="spacingAndGlyphs">${spans}</text>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="#000"/>
<g font-family="${escapeXml(FONT_STACK)}" font-size="${FONT_SIZE.toFixed(3)}" fill="${monoColor}" xml:space="preserve">
${text}
</g>
</svg>
`;
}

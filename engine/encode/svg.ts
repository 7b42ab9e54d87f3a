import { CELL_H, CELL_W } from '../glyphs/font-format.js';
import type { CellGrid } from '../grid.js';
import { artLabel } from './art-label.js';
import { escapeXml } from './escape.js';
import { FONT_STACK } from './html.js';
import { backgroundHex, colorRuns, hex, monoInk, type PageParams, parseHex, twoColorRuns } from './runs.js';

/** Font size that makes DejaVu Sans Mono's advance (1233/2048 em) exactly one cell wide. */
const FONT_SIZE = (CELL_W * 2048) / 1233;
/** Baseline inside the cell, as measured with the glyph table (font-metrics.ts: 12.6 of 16). */
const BASELINE = CELL_H * 0.7875;

/**
 * Valid standalone SVG (XML), an image named by its `<title>` (artLabel): a black background
 * (white for inverted art and under a dark `monoColor`: runs.ts lightBackground), one `<text>` per row with
 * whitespace preserved, a `<tspan>` per run of equal color (fills in runs), `textLength`
 * pinning every row to the grid width whatever font the viewer falls back to, and a viewBox of
 * columns x CELL_W by rows x CELL_H units: the 1:2 cell the glyphs were measured in, so the
 * picture keeps the aspect the grid was made for. Without `color` the text is the mono ink
 * (runs.ts monoInk). Two-colour art (the grid has backgrounds) lays one `<rect>` per run of equal
 * background under the text.
 */
export function encodeSvg(grid: CellGrid, page: PageParams): string {
  const { color } = page;
  const ink = monoInk(page);
  const width = grid.columns * CELL_W;
  const height = grid.rows * CELL_H;
  const text = colorRuns(grid, color, parseHex(ink), grid.table.map(escapeXml))
    .map((runs, r) => {
      const content = color
        ? runs.map((run) => `<tspan fill="${hex(run.r, run.g, run.b)}">${run.text}</tspan>`).join('')
        : runs[0].text;
      const y = (r * CELL_H + BASELINE).toFixed(2);
      return `<text x="0" y="${y}" textLength="${width}" lengthAdjust="spacingAndGlyphs">${content}</text>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">
<title>${artLabel(grid)}</title>
<rect width="100%" height="100%" fill="${backgroundHex(page)}"/>
${color && grid.backgrounds ? backgroundRects(grid, grid.backgrounds) : ''}<g font-family="${escapeXml(FONT_STACK)}" font-size="${FONT_SIZE.toFixed(3)}" fill="${ink}" xml:space="preserve" style="white-space:pre">
${text}
</g>
</svg>`;
}

/** One `<rect>` per run of equal background in each row (a cell is CELL_W x CELL_H), in a `<g>`. */
function backgroundRects(grid: CellGrid, backgrounds: Uint8Array): string {
  const rects: string[] = [];
  twoColorRuns(grid, backgrounds).forEach((runs, r) => {
    let column = 0;
    for (const run of runs) {
      rects.push(
        `<rect x="${column * CELL_W}" y="${r * CELL_H}" width="${run.cells * CELL_W}" height="${CELL_H}" fill="${hex(...run.bg)}"/>`,
      );
      column += run.cells;
    }
  });
  return `<g shape-rendering="crispEdges">\n${rects.join('\n')}\n</g>\n`;
}

/**
 * The engine's one-call entry: RGBA image + validated params -> CellGrid.
 * PROVISIONAL body (mean luma per cell -> coverage-ordered ramp) until the kernel pipeline lands.
 */
import { CHARSET_GLYPHS } from './glyphs/charsets.js';
import type { CellGrid } from './grid.js';
import type { RgbaImage } from './image.js';
import type { RenderParams } from './params.js';
import { gridSize, type RenderOptions } from './size.js';

export type { RenderOptions };

export function renderImage(image: RgbaImage, params: RenderParams, options: RenderOptions = {}): CellGrid {
  const { columns, rows } = gridSize(image, params.columns, options);
  const table = CHARSET_GLYPHS[params.charset];
  const glyphs = new Uint8Array(columns * rows);
  const colors = new Uint8Array(columns * rows * 3);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const x = Math.min(image.width - 1, Math.floor(((c + 0.5) * image.width) / columns));
      const y = Math.min(image.height - 1, Math.floor(((r + 0.5) * image.height) / rows));
      const p = (y * image.width + x) * 4;
      const luma = 0.2126 * image.data[p] + 0.7152 * image.data[p + 1] + 0.0722 * image.data[p + 2];
      glyphs[r * columns + c] = Math.min(table.length - 1, Math.floor((luma / 256) * table.length));
      colors.set([image.data[p], image.data[p + 1], image.data[p + 2]], (r * columns + c) * 3);
    }
  return {
    columns,
    rows,
    charset: params.charset,
    table,
    glyphs,
    colors,
    evidence: {
      source: { width: image.width, height: image.height },
      samplesPerCell: { x: 1, y: 1 },
      codebook: {
        strategy: 'fixed',
        glyphs: table.join(''),
        size: table.length,
        rmse: 0,
        bound: null,
        status: 'best_effort',
      },
      director: null,
      timings: {},
    },
  };
}

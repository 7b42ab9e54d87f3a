/**
 * A glyph atlas rasterized with Canvas 2D from the page's font: one slot per entry of a
 * charset table (a grid's `glyphs` index it), white ink on transparent, at the size the grid
 * is drawn at, so sampling is close to 1:1. Each glyph is clipped to its cell; slots have a
 * one-texel gap so linear filtering never reads a neighbour. Block elements are rectangles that
 * fill the gap on their outer sides (block-elements.ts).
 */
import { blockShape, fillBar, fillQuadrants } from './block-elements.js';
import { type CellMetrics, FONT_STACK } from './cell-metrics.js';

/** Slots per atlas row: 16 x 16 covers the largest table (256 glyphs, the dots charset). */
const ATLAS_COLUMNS = 16;
/** Empty texels around each slot. */
const GAP = 1;

export interface GlyphAtlas {
  readonly canvas: OffscreenCanvas;
  readonly table: readonly string[];
  readonly cell: CellMetrics;
  /**
   * Per glyph, 8 floats: the box of its ink inside the cell (x0, y0, x1, y1 in texels from the
   * cell's top left, whole texels, clamped to the cell; x1 = x0 = 0 for a blank glyph), then the
   * atlas texel where its cell starts (x, y, 0, 0).
   */
  readonly info: Float32Array<ArrayBuffer>;
}

export function rasterizeAtlas(table: readonly string[], cell: CellMetrics): GlyphAtlas {
  const slotWidth = Math.ceil(cell.width) + 2 * GAP;
  const slotHeight = Math.ceil(cell.height) + 2 * GAP;
  const rows = Math.ceil(table.length / ATLAS_COLUMNS);
  const canvas = new OffscreenCanvas(slotWidth * ATLAS_COLUMNS, slotHeight * Math.max(1, rows));
  const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
  ctx.font = `${cell.fontPx}px ${FONT_STACK}`;
  ctx.fillStyle = '#fff';
  ctx.textBaseline = 'alphabetic';
  table.forEach((glyph, i) => {
    const x = (i % ATLAS_COLUMNS) * slotWidth + GAP;
    const y = Math.floor(i / ATLAS_COLUMNS) * slotHeight + GAP;
    const shape = blockShape(glyph);
    if (shape) {
      // to the slot's whole texels and into its gap on the cell's outer sides: the sampler
      // filters across the cell's fractional edge, and reads full ink there
      ctx.globalAlpha = shape.ink;
      const { width: w, height: h } = cell;
      if (shape.bar) fillBar(ctx, shape.bar, x, x + Math.ceil(w), y, y + Math.ceil(h), GAP);
      else fillQuadrants(ctx, shape.quadrants, x, x + w / 2, x + Math.ceil(w), y, y + h / 2, y + Math.ceil(h), GAP);
      ctx.globalAlpha = 1;
      return;
    }
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, cell.width, cell.height);
    ctx.clip();
    ctx.fillText(glyph, x, y + cell.baseline);
    ctx.restore();
  });
  return {
    canvas,
    table,
    cell,
    info: glyphInfo(ctx, table.length, cell, slotWidth, slotHeight),
  };
}

/** Scans each slot's alpha for the box its glyph inked; records where each slot's cell starts. */
function glyphInfo(
  ctx: OffscreenCanvasRenderingContext2D,
  glyphs: number,
  cell: CellMetrics,
  slotWidth: number,
  slotHeight: number,
): Float32Array<ArrayBuffer> {
  const { width, height } = ctx.canvas;
  const alpha = ctx.getImageData(0, 0, width, height).data;
  const info = new Float32Array(glyphs * 8);
  const w = Math.ceil(cell.width);
  const h = Math.ceil(cell.height);
  for (let i = 0; i < glyphs; i++) {
    const x0 = (i % ATLAS_COLUMNS) * slotWidth + GAP;
    const y0 = Math.floor(i / ATLAS_COLUMNS) * slotHeight + GAP;
    let minX = w;
    let minY = h;
    let maxX = -1;
    let maxY = -1;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        if (alpha[((y0 + y) * width + x0 + x) * 4 + 3] > 0) {
          if (x < minX) minX = x;
          if (x > maxX) maxX = x;
          if (y < minY) minY = y;
          if (y > maxY) maxY = y;
        }
    if (maxX >= 0) info.set([minX, minY, Math.min(maxX + 1, cell.width), Math.min(maxY + 1, cell.height)], i * 8);
    info.set([x0, y0], i * 8 + 4);
  }
  return info;
}

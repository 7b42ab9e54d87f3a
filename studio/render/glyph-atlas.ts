/**
 * A glyph atlas rasterized with Canvas 2D from the page's font: one slot per entry of a
 * charset table (a grid's `glyphs` index it), white ink on transparent, at the size the grid
 * is drawn at, so sampling is close to 1:1. Each glyph is clipped to its cell; slots have a
 * one-texel gap so linear filtering never reads a neighbour.
 */
import { type CellMetrics, FONT_STACK } from './cell-metrics.js';

/** Slots per atlas row: 16 x 16 covers the largest table (256 glyphs, the dots charset). */
export const ATLAS_COLUMNS = 16;
/** Empty texels around each slot. */
const GAP = 1;

export interface GlyphAtlas {
  readonly canvas: OffscreenCanvas;
  readonly table: readonly string[];
  readonly cell: CellMetrics;
  /** Slot pitch in texels (cell size rounded up, plus the gap). */
  readonly slotWidth: number;
  readonly slotHeight: number;
  /** Offset of the cell inside its slot, in texels. */
  readonly inset: number;
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
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, cell.width, cell.height);
    ctx.clip();
    ctx.fillText(glyph, x, y + cell.baseline);
    ctx.restore();
  });
  return { canvas, table, cell, slotWidth, slotHeight, inset: GAP };
}

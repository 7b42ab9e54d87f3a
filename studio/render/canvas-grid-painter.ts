/**
 * GridPainter on Canvas 2D, for browsers without WebGPU (or after the device is lost).
 *
 * Rows are drawn as text in the page's font, which lays glyphs one measured advance apart, the
 * cell width. In color mode the rows are drawn white and the cell colors, one texel per cell
 * scaled up without smoothing, are multiplied over them: white ink takes its cell's color and
 * the black background stays black. One fillText per row and one drawImage per frame; block
 * elements are filled as rectangles instead of drawn from the font (block-elements.ts). Two-colour
 * cells add each cell's background where its glyph has no ink: the backgrounds, scaled up the same
 * way, with the rows drawn out of them ('destination-out'), added over the tinted glyphs.
 */
import { type BlockShape, blockShapes, fillBar, fillQuadrants } from './block-elements.js';
import { type CellMetrics, FONT_STACK, measureCell } from './cell-metrics.js';
import type { GridPainter, PaintableGrid, PaintStyle } from './grid-painter.js';

/** Where cell edge `i` (fractional for cell middles) falls, on a whole pixel. */
const at = (i: number, size: number): number => Math.round(i * size);

export class CanvasGridPainter implements GridPainter {
  readonly kind = 'canvas2d' as const;
  readonly gpuMs = null;
  private readonly ctx: CanvasRenderingContext2D;
  private cell: CellMetrics | null = null;
  /** One texel per cell: the grid's colors, reused while the grid size stays. */
  private readonly tint = new CellTexture();
  /** The backgrounds layer of two-colour cells (canvas-sized) and its one-texel-per-cell source. */
  private under: OffscreenCanvas | null = null;
  private readonly underTint = new CellTexture();
  private monoStyle = '';
  private lastMono: readonly number[] = [];

  /**
   * `onRestored`: the browser gave the canvas a new context (its GPU process restarted, as when a
   * WebGPU device is lost with it) and the picture is gone: the host paints the frame again.
   */
  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly onRestored: () => void = () => {},
  ) {
    this.ctx = canvas.getContext('2d', { alpha: false }) as CanvasRenderingContext2D;
    canvas.addEventListener('contextrestored', this.onRestored);
  }

  paint(grid: PaintableGrid, style: PaintStyle, fontPx: number): void {
    if (this.cell?.fontPx !== fontPx) this.cell = measureCell(fontPx);
    const cell = this.cell;
    const width = Math.max(1, Math.round(grid.columns * cell.width));
    const height = Math.max(1, Math.round(grid.rows * cell.height));
    if (this.canvas.width !== width) this.canvas.width = width;
    if (this.canvas.height !== height) this.canvas.height = height;
    const ctx = this.ctx;
    ctx.globalCompositeOperation = 'source-over';
    ctx.fillStyle = style.light ? '#fff' : '#000';
    ctx.fillRect(0, 0, width, height);
    ctx.font = `${fontPx}px ${FONT_STACK}`;
    ctx.textBaseline = 'alphabetic';
    ctx.fillStyle = style.color ? '#fff' : this.mono(style.mono);
    this.drawGlyphs(ctx, grid, cell);
    if (style.color) this.multiplyColors(grid, width, height);
    if (style.color && grid.backgrounds) this.addBackgrounds(grid, grid.backgrounds, cell, fontPx, width, height);
  }

  /** The rows as text in the current fill, block elements as rectangles. */
  private drawGlyphs(
    ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
    grid: PaintableGrid,
    cell: CellMetrics,
  ): void {
    const { columns, rows, glyphs, table } = grid;
    const shapes = blockShapes(table);
    let blocks = 0;
    for (let r = 0; r < rows; r++) {
      let line = '';
      for (let c = 0; c < columns; c++) {
        const g = glyphs[r * columns + c];
        if (shapes[g]) {
          line += ' ';
          blocks++;
        } else line += table[g];
      }
      ctx.fillText(line, 0, r * cell.height + cell.baseline);
    }
    if (blocks > 0) this.paintBlocks(ctx, grid, shapes, cell);
  }

  /** Adds (1 - ink) x background to the tinted glyphs: the backgrounds with the glyphs cut out. */
  private addBackgrounds(
    grid: PaintableGrid,
    backgrounds: Uint8Array,
    cell: CellMetrics,
    fontPx: number,
    width: number,
    height: number,
  ): void {
    if (this.under?.width !== width || this.under.height !== height) this.under = new OffscreenCanvas(width, height);
    const texture = this.underTint.update(backgrounds, grid.columns, grid.rows);
    const under = this.under.getContext('2d') as OffscreenCanvasRenderingContext2D;
    under.globalCompositeOperation = 'source-over';
    under.clearRect(0, 0, width, height);
    under.imageSmoothingEnabled = false;
    under.drawImage(texture, 0, 0, width, height);
    under.globalCompositeOperation = 'destination-out';
    under.font = `${fontPx}px ${FONT_STACK}`;
    under.textBaseline = 'alphabetic';
    under.fillStyle = '#fff';
    this.drawGlyphs(under, grid, cell);
    this.ctx.globalCompositeOperation = 'lighter';
    this.ctx.drawImage(this.under, 0, 0);
    this.ctx.globalCompositeOperation = 'source-over';
  }

  /** Block elements as rectangles on whole pixels, so neighbours meet without a seam (block-elements.ts). */
  private paintBlocks(
    ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
    grid: PaintableGrid,
    shapes: readonly (BlockShape | null)[],
    cell: CellMetrics,
  ): void {
    const { columns, rows, glyphs } = grid;
    for (let r = 0; r < rows; r++) {
      const y0 = at(r, cell.height);
      const y1 = at(r + 0.5, cell.height);
      const y2 = at(r + 1, cell.height);
      for (let c = 0; c < columns; c++) {
        const shape = shapes[glyphs[r * columns + c]];
        if (!shape) continue;
        ctx.globalAlpha = shape.ink;
        if (shape.bar) {
          fillBar(ctx, shape.bar, at(c, cell.width), at(c + 1, cell.width), y0, y2, 0, Math.round);
          continue;
        }
        fillQuadrants(
          ctx,
          shape.quadrants,
          at(c, cell.width),
          at(c + 0.5, cell.width),
          at(c + 1, cell.width),
          y0,
          y1,
          y2,
        );
      }
    }
    ctx.globalAlpha = 1;
  }

  dispose(): void {
    this.canvas.removeEventListener('contextrestored', this.onRestored);
    this.tint.release();
    this.underTint.release();
    this.under = null;
  }

  private mono(rgb: readonly [number, number, number]): string {
    if (rgb[0] !== this.lastMono[0] || rgb[1] !== this.lastMono[1] || rgb[2] !== this.lastMono[2]) {
      this.lastMono = rgb;
      this.monoStyle = `rgb(${rgb[0]} ${rgb[1]} ${rgb[2]})`;
    }
    return this.monoStyle;
  }

  private multiplyColors(grid: PaintableGrid, width: number, height: number): void {
    const texture = this.tint.update(grid.colors, grid.columns, grid.rows);
    this.ctx.globalCompositeOperation = 'multiply';
    this.ctx.imageSmoothingEnabled = false;
    this.ctx.drawImage(texture, 0, 0, width, height);
    this.ctx.globalCompositeOperation = 'source-over';
  }
}

/** Per-cell colors as one texel per cell, for drawing scaled up; reused while the grid size stays. */
class CellTexture {
  private canvas: OffscreenCanvas | null = null;
  private pixels: ImageData | null = null;

  /** The texture of `colors` (sRGB8 x 3 per cell, row-major). */
  update(colors: Uint8Array, columns: number, rows: number): OffscreenCanvas {
    if (this.canvas?.width !== columns || this.canvas.height !== rows || !this.pixels) {
      this.canvas = new OffscreenCanvas(columns, rows);
      this.pixels = new ImageData(columns, rows);
    }
    const px = this.pixels.data;
    for (let i = 0, n = columns * rows; i < n; i++) {
      px[i * 4] = colors[i * 3];
      px[i * 4 + 1] = colors[i * 3 + 1];
      px[i * 4 + 2] = colors[i * 3 + 2];
      px[i * 4 + 3] = 255;
    }
    (this.canvas.getContext('2d') as OffscreenCanvasRenderingContext2D).putImageData(this.pixels, 0, 0);
    return this.canvas;
  }

  release(): void {
    this.canvas = null;
    this.pixels = null;
  }
}

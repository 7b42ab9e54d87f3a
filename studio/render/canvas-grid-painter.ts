/**
 * GridPainter on Canvas 2D, for browsers without WebGPU (or after the device is lost).
 *
 * Rows are drawn as text in the page's font, which lays glyphs one measured advance apart, the
 * cell width. In color mode the rows are drawn white and the cell colors, one texel per cell
 * scaled up without smoothing, are multiplied over them: white ink takes its cell's color and
 * the black background stays black. One fillText per row and one drawImage per frame.
 */
import type { CellGrid } from '../../engine/grid.js';
import { type CellMetrics, FONT_STACK, measureCell } from './cell-metrics.js';
import type { GridPainter, PaintStyle } from './grid-painter.js';

export class CanvasGridPainter implements GridPainter {
  readonly kind = 'canvas2d' as const;
  readonly gpuMs = null;
  private readonly ctx: CanvasRenderingContext2D;
  private cell: CellMetrics | null = null;
  /** One texel per cell: the grid's colors, reused while the grid size stays. */
  private tint: OffscreenCanvas | null = null;
  private tintPixels: ImageData | null = null;
  private monoStyle = '';
  private lastMono: readonly number[] = [];

  constructor(private readonly canvas: HTMLCanvasElement) {
    this.ctx = canvas.getContext('2d', { alpha: false }) as CanvasRenderingContext2D;
  }

  paint(grid: CellGrid, style: PaintStyle, fontPx: number): void {
    if (this.cell?.fontPx !== fontPx) this.cell = measureCell(fontPx);
    const cell = this.cell;
    const width = Math.max(1, Math.round(grid.columns * cell.width));
    const height = Math.max(1, Math.round(grid.rows * cell.height));
    if (this.canvas.width !== width) this.canvas.width = width;
    if (this.canvas.height !== height) this.canvas.height = height;
    const ctx = this.ctx;
    ctx.globalCompositeOperation = 'source-over';
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, width, height);
    ctx.font = `${fontPx}px ${FONT_STACK}`;
    ctx.textBaseline = 'alphabetic';
    ctx.fillStyle = style.color ? '#fff' : this.mono(style.mono);
    const { columns, rows, glyphs, table } = grid;
    for (let r = 0; r < rows; r++) {
      let line = '';
      for (let c = 0; c < columns; c++) line += table[glyphs[r * columns + c]];
      ctx.fillText(line, 0, r * cell.height + cell.baseline);
    }
    if (style.color) this.multiplyColors(grid, width, height);
  }

  dispose(): void {
    this.tint = null;
    this.tintPixels = null;
  }

  private mono(rgb: readonly [number, number, number]): string {
    if (rgb[0] !== this.lastMono[0] || rgb[1] !== this.lastMono[1] || rgb[2] !== this.lastMono[2]) {
      this.lastMono = rgb;
      this.monoStyle = `rgb(${rgb[0]} ${rgb[1]} ${rgb[2]})`;
    }
    return this.monoStyle;
  }

  private multiplyColors(grid: CellGrid, width: number, height: number): void {
    const { columns, rows, colors } = grid;
    if (!this.tint || this.tint.width !== columns || this.tint.height !== rows) {
      this.tint = new OffscreenCanvas(columns, rows);
      this.tintPixels = new ImageData(columns, rows);
    }
    const px = (this.tintPixels as ImageData).data;
    for (let i = 0, n = columns * rows; i < n; i++) {
      px[i * 4] = colors[i * 3];
      px[i * 4 + 1] = colors[i * 3 + 1];
      px[i * 4 + 2] = colors[i * 3 + 2];
      px[i * 4 + 3] = 255;
    }
    const tintCtx = this.tint.getContext('2d') as OffscreenCanvasRenderingContext2D;
    tintCtx.putImageData(this.tintPixels as ImageData, 0, 0);
    this.ctx.globalCompositeOperation = 'multiply';
    this.ctx.imageSmoothingEnabled = false;
    this.ctx.drawImage(this.tint, 0, 0, width, height);
    this.ctx.globalCompositeOperation = 'source-over';
  }
}

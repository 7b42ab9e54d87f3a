/**
 * Draws a CellGrid onto the stage's canvas. Two implementations: WebGPU (a render pass of
 * instanced quads from a glyph atlas) and Canvas 2D (the fallback without WebGPU).
 */

import type { CellGrid, DeviceGrid, RenderParams } from '../../engine/index.js';
import { lightBackground, monoInk, parseHex } from '../../engine/index.js';

/** What a painter reads of a grid: its size, glyphs and colors (a recorded clip's frame has no more). */
export type PaintableGrid = Pick<CellGrid, 'columns' | 'rows' | 'table' | 'glyphs' | 'colors' | 'backgrounds'>;

/** Whether a grid is a frame left on the GPU (drawn from the executor's buffer by the WebGPU painter only). */
export function isDeviceGrid(grid: PaintableGrid | DeviceGrid): grid is DeviceGrid {
  return 'packed' in grid;
}

export interface PaintStyle {
  /** Per-cell colors from the grid (color mode), or every glyph in `mono`. */
  readonly color: boolean;
  /** The mono glyph color, as 0..255 RGB. */
  readonly mono: readonly [number, number, number];
  /** A white page behind the glyphs instead of black (inverted art, dark mono ink: engine/encode/runs.ts lightBackground). */
  readonly light: boolean;
}

/** How a grid rendered with `params` is painted (as the encoders write it: engine/encode/runs.ts). */
export function paintStyleOf(params: Pick<RenderParams, 'color' | 'invert' | 'monoColor'>): PaintStyle {
  return {
    color: params.color,
    mono: parseHex(monoInk(params)),
    light: lightBackground(params),
  };
}

export type PainterKind = 'webgpu' | 'canvas2d';

export interface GridPainter {
  readonly kind: PainterKind;
  /**
   * Paints `grid` with glyphs `fontPx` device pixels tall; sizes the canvas backing store to
   * columns x rows cells of the font at that size. Allocates only when the grid size, the
   * font size or the charset table changes.
   */
  paint(grid: PaintableGrid, style: PaintStyle, fontPx: number): void;
  /**
   * Paints a frame the GPU executor left on the painter's own device, from its buffer (WebGPU
   * only; absent where the painter cannot: the caller reads the grid back instead). A frame no
   * longer `current` is not painted.
   */
  paintDevice?(grid: DeviceGrid, style: PaintStyle, fontPx: number): void;
  /** GPU time of the last measured draw (timestamp queries), or null where not measurable. */
  readonly gpuMs: number | null;
  dispose(): void;
}

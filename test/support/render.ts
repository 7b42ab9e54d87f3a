/**
 * Rendering helpers for engine tests: params as a host resolves them (with the Auto Director
 * off unless a test turns it on), and the measures the tests compare (ink per cell, spreads).
 */
import { CpuExecutor } from '../../engine/cpu/executor.js';
import { SAMPLES_PER_CELL } from '../../engine/fixed.js';
import { glyphTable } from '../../engine/glyphs/table.js';
import type { CellGrid } from '../../engine/grid.js';
import type { RgbaImage } from '../../engine/image.js';
import { type RenderParams, type RenderParamsInput, resolveParams } from '../../engine/index.js';
import { CELL_MEAN, CELL_STRIDE } from '../../engine/kernels/cells.js';
import { planFrame } from '../../engine/plan.js';
import { renderImage } from '../../engine/render.js';
import type { RenderOptions } from '../../engine/size.js';

/** Params from the defaults plus `values`, with autoOptimize 0 unless `values` sets it. */
export const paramsOf = (values: RenderParamsInput = {}): RenderParams =>
  resolveParams({ autoOptimize: 0, ...values }, 'json');

/** renderImage with paramsOf(values). */
export const render = (image: RgbaImage, values: RenderParamsInput = {}, options?: RenderOptions): CellGrid =>
  renderImage(image, paramsOf(values), options);

/** The measured ink coverage (Q12) of each cell's glyph. */
export const inkOf = (grid: CellGrid): number[] => Array.from(grid.glyphs, (g) => glyphTable(grid.charset).coverage[g]);

export const mean = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

export const std = (values: readonly number[]): number => {
  const m = mean(values);
  return Math.sqrt(mean(values.map((v) => (v - m) ** 2)));
};

/** The glyphs of a grid as characters, row-major. */
export const glyphsOf = (grid: CellGrid): string[] => Array.from(grid.glyphs, (g) => grid.table[g]);

/** The cell targets' mean ink (what the glyphs should reproduce), from the pipeline's cell records. */
export function targetInk(image: RgbaImage, values: RenderParamsInput = {}): number[] {
  const plan = planFrame(paramsOf(values), image);
  const executor = new CpuExecutor();
  executor.render(plan, image);
  const cells = plan.columns * plan.rows;
  return Array.from({ length: cells }, (_, i) => executor.cellData[i * CELL_STRIDE + CELL_MEAN]);
}

/** The cells' per-sample target ink (8 per cell, row-major cells), from the pipeline's cell records. */
export function sampleInk(image: RgbaImage, values: RenderParamsInput = {}): number[] {
  const plan = planFrame(paramsOf(values), image);
  const executor = new CpuExecutor();
  executor.render(plan, image);
  const out: number[] = [];
  for (let i = 0; i < plan.columns * plan.rows; i++)
    for (let k = 0; k < SAMPLES_PER_CELL; k++) out.push(executor.cellData[i * CELL_STRIDE + k]);
  return out;
}

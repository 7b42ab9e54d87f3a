/**
 * Engine invariants (STYLE habit 9): a flat image gives one glyph, degenerate sizes render,
 * the same input gives the same output on any executor, forced rows are honored, and every
 * input the engine cannot render fails with a typed RenderError and a one-line message.
 */
import { describe, expect, it } from 'vitest';
import { CpuExecutor, StreamState } from '../../../engine/cpu/executor.js';
import { directRender } from '../../../engine/director/direct.js';
import { RenderError, type RenderErrorCode } from '../../../engine/errors.js';
import type { CellGrid } from '../../../engine/grid.js';
import type { RgbaImage } from '../../../engine/image.js';
import { CHARSETS } from '../../../engine/index.js';
import { planFrame } from '../../../engine/plan.js';
import { renderImage } from '../../../engine/render.js';
import { gridSize, MAX_ROWS } from '../../../engine/size.js';
import { reproducible } from '../../../scripts/reproducible.js';
import { flatImage, imageOf, rampImage, random } from '../../support/images.js';
import { paramsOf, render } from '../../support/render.js';

function expectValidGrid(grid: CellGrid, columns: number, rows?: number) {
  expect(grid.columns).toBe(columns);
  if (rows !== undefined) expect(grid.rows).toBe(rows);
  expect(grid.rows).toBeGreaterThanOrEqual(1);
  expect(grid.glyphs).toHaveLength(grid.columns * grid.rows);
  expect(grid.colors).toHaveLength(grid.columns * grid.rows * 3);
  expect(grid.glyphs.reduce((a, b) => Math.max(a, b), 0)).toBeLessThan(grid.table.length);
}

/** Runs `f`, which must throw a RenderError with `code` and a one-line message mentioning `words`. */
function expectRenderError(f: () => unknown, code: RenderErrorCode, ...words: string[]) {
  let thrown: unknown;
  try {
    f();
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(RenderError);
  const err = thrown as RenderError;
  expect(err.code).toBe(code);
  expect(err.name).toBe('RenderError');
  expect(err.message).not.toContain('\n');
  for (const w of words) expect(err.message).toContain(w);
}

/** A photo-like test image: a ramp, a disc and some noise, in color. */
function busyImage(width: number, height: number, seed = 1): RgbaImage {
  const next = random(seed);
  return imageOf(width, height, (x, y) => {
    const disc = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (width / 4) ** 2;
    const v = Math.round((x * 200) / width + next() * 40);
    return disc ? [255 - v, v, 128] : [v, v, (y * 255) / height];
  });
}

describe('engine invariants', () => {
  it('a flat image gives one glyph everywhere, for every charset and grey level (dither off)', () => {
    for (const charset of CHARSETS)
      for (const level of [0, 40, 128, 200, 255]) {
        const grid = render(flatImage(48, 40, level), { columns: 12, charset });
        expect(new Set(grid.glyphs).size).toBe(1);
      }
    // and in color: one glyph and one color
    const grid = render(flatImage(48, 40, [200, 30, 90]), { columns: 12, color: true });
    expect(new Set(grid.glyphs).size).toBe(1);
    expect(
      new Set(Array.from({ length: grid.glyphs.length }, (_, i) => grid.colors.subarray(i * 3, i * 3 + 3).join())).size,
    ).toBe(1);
  });

  it('black is blank and a flat image keeps one glyph with the Auto Director on, at the ends of the range', () => {
    for (const level of [0, 255]) {
      const grid = renderImage(flatImage(48, 40, level), paramsOf({ columns: 12, autoOptimize: 0.9 }));
      expect(new Set(grid.glyphs).size).toBe(1);
      if (level === 0) expect(grid.table[grid.glyphs[0]]).toBe(' ');
    }
  });

  it('renders 1 x 1, 1 x N and N x 1 images', () => {
    const one = flatImage(1, 1, 255);
    expectValidGrid(render(one, { columns: 8 }), 8, 4); // rows = round(8 x 1 x 0.5 / 1)
    expectValidGrid(renderImage(one, paramsOf({ columns: 8, autoOptimize: 0.9 })), 8, 4);
    const column = rampImage(1, 50);
    expectValidGrid(render(column, { columns: 8 }), 8, 200);
    expectValidGrid(render(rampImage(1, 300), { columns: 120 }, { rows: 40 }), 120, 40);
    const line = rampImage(50, 1);
    expectValidGrid(render(line, { columns: 8 }), 8, 1);
    expectValidGrid(renderImage(rampImage(300, 1), paramsOf({ autoOptimize: 0.9 })), 120, 1);
  });

  it('same input, same output: twice on the shared executor, and on two fresh executors', () => {
    const image = busyImage(97, 61);
    const params = paramsOf({ columns: 24, autoOptimize: 0.9, color: true });
    const first = reproducible(renderImage(image, params));
    expect(reproducible(renderImage(image, params))).toEqual(first);
    const a = reproducible(directRender(new CpuExecutor(), image, params, {}));
    const b = reproducible(directRender(new CpuExecutor(), image, params, {}));
    expect(a).toEqual(first);
    expect(b).toEqual(first);
  });

  it('measure: false skips the evidence, never a cell of the grid, tuned or not', () => {
    const image = busyImage(97, 61, 5);
    const untuned = paramsOf({ columns: 24, autoOptimize: 0, color: true });
    const measured = renderImage(image, untuned, { rows: 9 });
    const skipped = renderImage(image, untuned, { rows: 9, measure: false });
    expect(measured.evidence.director?.metrics.length).toBeGreaterThan(0);
    expect(skipped.evidence.director).toBeNull();
    expect([skipped.columns, skipped.rows]).toEqual([24, 9]);
    expect(skipped.glyphs).toEqual(measured.glyphs);
    expect(skipped.colors).toEqual(measured.colors);
    // a tuned render: the same tuning and the same cells, without the evidence
    const tuned = paramsOf({ columns: 24, autoOptimize: 0.9 });
    const tunedMeasured = renderImage(image, tuned);
    const tunedSkipped = renderImage(image, tuned, { measure: false });
    expect(tunedMeasured.evidence.director?.changes.length).toBeGreaterThan(0);
    expect(tunedSkipped.evidence.director).toBeNull();
    expect(tunedSkipped.glyphs).toEqual(tunedMeasured.glyphs);
    expect(tunedSkipped.colors).toEqual(tunedMeasured.colors);
  });

  it('an executor reused across sizes gives what a fresh one gives (no state leaks between frames)', () => {
    const big = busyImage(120, 80, 2);
    const small = busyImage(33, 17, 3);
    const params = paramsOf({ columns: 20 });
    const shared = new CpuExecutor();
    const run = (executor: CpuExecutor, image: RgbaImage) =>
      reproducible(executor.render(planFrame(params, image), image));
    const bigFirst = run(shared, big);
    run(shared, small);
    expect(run(shared, big)).toEqual(bigFirst);
    expect(run(new CpuExecutor(), small)).toEqual(run(shared, small));
  });

  it('a new size on planes left by a larger one renders as on fresh planes, every look, Director on', () => {
    // smaller frames after larger ones: each takes its planes from memory a larger frame wrote
    // (frame-buffers.ts), pyramid levels and full-size planes trading places
    const sizes = [
      [400, 300],
      [97, 61],
      [250, 170],
      [33, 17],
      [180, 240],
      [61, 97],
    ];
    const looks = [
      { columns: 20, autoOptimize: 0.9 },
      { columns: 16, color: true, background: true },
      { columns: 24, color: true, background: true, charset: 'blocks' as const },
    ];
    for (const look of looks) {
      const params = paramsOf(look);
      const shared = new CpuExecutor();
      for (const [i, [width, height]] of sizes.entries()) {
        const image = busyImage(width, height, 10 + i);
        const fresh = reproducible(directRender(new CpuExecutor(), image, params, {}));
        expect([look, width, height, reproducible(directRender(shared, image, params, {}))]).toEqual([
          look,
          width,
          height,
          fresh,
        ]);
      }
    }
  });

  it('streams are deterministic too: two executors and two stream states over the same frames', () => {
    const frames = [1, 2, 3, 4, 5].map((seed) => busyImage(64, 48, seed));
    const params = paramsOf({ columns: 16 });
    const plan = planFrame(params, frames[0]);
    const run = () => {
      const executor = new CpuExecutor();
      const stream = new StreamState();
      return frames.map((f) => reproducible(executor.render(plan, f, stream)));
    };
    expect(run()).toEqual(run());
  });

  it('format, color and monoColor do not change the grid: they only choose its encoding', () => {
    // the goldens rely on this: settings that differ only in these render once (scripts/update-goldens.ts)
    const image = busyImage(80, 60, 4);
    const base = reproducible(renderImage(image, paramsOf({ columns: 20, autoOptimize: 0.9 })));
    for (const values of [
      { format: 'json' },
      { color: true },
      { monoColor: '#123456' },
      { format: 'svg', color: true },
    ] as const)
      expect(reproducible(renderImage(image, paramsOf({ columns: 20, autoOptimize: 0.9, ...values })))).toEqual(base);
  });

  it('forced rows are honored whatever the aspect, from 1 to MAX_ROWS', () => {
    const image = busyImage(64, 64);
    for (const rows of [1, 7, 100]) expectValidGrid(render(image, { columns: 16 }, { rows }), 16, rows);
    const plan = planFrame(paramsOf({ columns: 8 }), image, { rows: MAX_ROWS });
    expect(plan.rows).toBe(MAX_ROWS);
  });

  it('cellAspect sets the rows: a font cell twice as wide as tall gives four times the rows of 0.5', () => {
    expect(gridSize({ width: 100, height: 100 }, 40)).toEqual({ columns: 40, rows: 20 });
    expect(gridSize({ width: 100, height: 100 }, 40, { cellAspect: 2 })).toEqual({ columns: 40, rows: 80 });
  });

  it('refuses a grid over MAX_ROWS with grid_too_large, naming the limit, instead of clamping', () => {
    expect(MAX_ROWS).toBe(2000);
    expectRenderError(() => gridSize({ width: 1, height: 300 }, 120), 'grid_too_large', '2000', '18000 rows');
    expectRenderError(() => render(rampImage(1, 300), { columns: 120 }), 'grid_too_large', 'limit is 2000');
    // at the limit itself: 8 x 500 x 0.5 = 2000 rows renders; 501 px tall needs 2004
    expect(gridSize({ width: 1, height: 500 }, 8)).toEqual({ columns: 8, rows: 2000 });
    expectRenderError(() => gridSize({ width: 1, height: 501 }, 8), 'grid_too_large', '2004 rows');
  });

  it('says how many columns fit when a grid is too tall, or that none does', () => {
    // 1000 x 75000 at 0.5: 53 columns need 1988 rows, 54 need 2025
    expectRenderError(() => gridSize({ width: 1000, height: 75_000 }, 60), 'grid_too_large', 'at most 53 columns fit');
    expect(gridSize({ width: 1000, height: 75_000 }, 53).rows).toBeLessThanOrEqual(MAX_ROWS);
    expect(() => gridSize({ width: 1000, height: 75_000 }, 54)).toThrow(/at most 53 columns fit/);
    expectRenderError(() => gridSize({ width: 1, height: 501 }, 8), 'grid_too_large', 'crop the image');
  });

  it('refuses invalid forced rows and cell aspects with invalid_rows', () => {
    const source = { width: 10, height: 10 };
    for (const rows of [0, -1, 1.5, MAX_ROWS + 1, Number.NaN])
      expectRenderError(() => gridSize(source, 20, { rows }), 'invalid_rows', 'rows', '1 to 2000', String(rows));
    for (const cellAspect of [0, 0.1, 10, Number.NaN, -1])
      expectRenderError(() => gridSize(source, 20, { cellAspect }), 'invalid_rows', 'cellAspect', String(cellAspect));
    expectRenderError(() => render(rampImage(8, 8), {}, { rows: 0 }), 'invalid_rows', 'rows');
  });

  it('refuses an empty image and a buffer that does not match its size with a RenderError', () => {
    const data = new Uint8Array(16);
    for (const [width, height] of [
      [0, 0],
      [0, 4],
      [4, 0],
      [-2, -2],
      [1.5, 2],
      [Number.NaN, 4],
    ])
      expectRenderError(() => render({ width, height, data }), 'empty_image', 'no pixels');
    expectRenderError(
      () => render({ width: 2, height: 2, data: new Uint8Array(15) }),
      'image_buffer_mismatch',
      '15',
      '16',
    );
    expectRenderError(() => render({ width: 2, height: 2, data: new Uint8Array(17) }), 'image_buffer_mismatch', '17');
    expectRenderError(() => render({ width: 2, height: 2, data: new Uint8Array(2 * 2 * 3) }), 'image_buffer_mismatch');
  });

  it('renders the largest grid, 400 x 2000 cells, at extreme settings (executor, one pass)', () => {
    // 800 x 8000 pixels = the sample grid: black and white at sample scale, the steepest gradients
    const image = imageOf(800, 8000, (x, y) => (((x >> 1) + (y >> 2)) % 2 ? 255 : (x * 7) % 256));
    const params = paramsOf({
      columns: 400,
      charset: 'blocks',
      edges: true,
      edgeStrength: 5,
      sharpen: 1,
      denoise: 1,
      structure: 1,
      saturation: 4,
      dither: true,
    });
    const plan = planFrame(params, image);
    expect([plan.columns, plan.rows]).toEqual([400, MAX_ROWS]);
    const grid = new CpuExecutor().render(plan, image);
    expectValidGrid(grid, 400, MAX_ROWS);
    expect(new Set(grid.glyphs).size).toBeGreaterThan(1);
  });
});

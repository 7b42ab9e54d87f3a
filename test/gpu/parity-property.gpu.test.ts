/**
 * Property: for random valid parameter sets, random image sizes (1 x 1, odd, very wide, very
 * tall), random content (with and without alpha) and short streams (temporal filter on), the
 * GPU executor's grids equal the CPU executor's byte for byte, frame after frame. Dithered
 * cases on small grids also run the serial dither schedule, which must equal the wavefront.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CpuExecutor, StreamState } from '../../engine/cpu/executor.js';
import { RenderError } from '../../engine/errors.js';
import type { GpuExecutor } from '../../engine/gpu/executor.js';
import { resolveParams } from '../../engine/index.js';
import { type FramePlan, planFrame } from '../../engine/plan.js';
import { gridDiff } from '../support/grid-diff.js';
import { nodeGpuExecutor } from '../support/node-gpu.js';
import { validParamsArbitrary } from '../support/params-arbitrary.js';
import { type Pattern, synthetic, withNoise } from '../support/synthetic.js';

const PATTERNS: Pattern[] = ['noise', 'gradient', 'flat', 'stripes', 'checker', 'spots'];

/**
 * Image shapes, with columns that keep the grid within MAX_ROWS and a case under a second on
 * lavapipe: 1 x 1, small odd sizes, medium, very wide (a few pixel rows), very tall.
 */
const shape = fc.oneof(
  fc.record({ w: fc.constant(1), h: fc.constant(1), columns: fc.integer({ min: 8, max: 40 }) }),
  fc.record({
    w: fc.integer({ min: 1, max: 63 }),
    h: fc.integer({ min: 1, max: 63 }),
    columns: fc.integer({ min: 8, max: 80 }),
  }),
  fc.record({
    w: fc.integer({ min: 2, max: 200 }),
    h: fc.integer({ min: 2, max: 160 }),
    columns: fc.integer({ min: 8, max: 120 }),
  }),
  fc.record({
    w: fc.integer({ min: 800, max: 3000 }),
    h: fc.integer({ min: 1, max: 9 }),
    columns: fc.integer({ min: 8, max: 400 }),
  }),
  fc.record({
    w: fc.integer({ min: 3, max: 9 }),
    h: fc.integer({ min: 200, max: 500 }),
    columns: fc.integer({ min: 8, max: 10 }),
  }),
);

const caseArbitrary = fc.record({
  params: validParamsArbitrary,
  shape,
  pattern: fc.constantFrom(...PATTERNS),
  alpha: fc.boolean(),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  frames: fc.integer({ min: 1, max: 3 }),
  cellAspect: fc.option(fc.double({ min: 0.2, max: 2, noNaN: true }), { nil: undefined }),
});

describe('GPU executor equals the CPU executor on random parameters, sizes and streams', () => {
  let gpu: GpuExecutor | null;
  let serial: GpuExecutor | null;
  const cpu = new CpuExecutor();

  beforeAll(async () => {
    gpu = await nodeGpuExecutor({ timestamps: false });
    serial = await nodeGpuExecutor({ dither: 'serial', timestamps: false });
  });
  afterAll(() => {
    gpu?.destroy();
    serial?.destroy();
  });

  it('holds for 200 random cases', async (ctx) => {
    if (!gpu || !serial) return ctx.skip();
    const g = gpu;
    const s = serial;
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (c) => {
        const params = resolveParams({ ...c.params, columns: c.shape.columns }, 'json');
        const first = synthetic(c.shape.w, c.shape.h, c.pattern, c.seed, c.alpha);
        let plan: FramePlan;
        try {
          plan = planFrame(params, first, { cellAspect: c.cellAspect });
        } catch (e) {
          fc.pre(!(e instanceof RenderError));
          throw e;
        }
        const stream = c.frames > 1;
        const state = new StreamState();
        g.reset();
        s.reset();
        const checkSerial = params.dither && plan.columns * plan.rows <= 4000;
        for (let f = 0; f < c.frames; f++) {
          const image = f === 0 ? first : withNoise(first, 4 + 10 * f, c.seed + f);
          const expected = cpu.render(plan, image, stream ? state : undefined);
          const actual = await g.render(plan, image, { stream });
          expect(gridDiff(expected, actual), `frame ${f}`).toBeNull();
          if (checkSerial) {
            const other = await s.render(plan, image, { stream });
            expect(gridDiff(expected, other), `frame ${f}, serial dither`).toBeNull();
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

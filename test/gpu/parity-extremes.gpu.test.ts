/**
 * The extremes the 32-bit bounds are about, through both twins: white, black, transparent and
 * half-covered frames, one-pixel checkers (largest gradients and structure), saturated colors at
 * saturation 4, the densest charset (blocks) with dithering, the tallest sample grid (resample
 * at m = 2n - 1), and black/white frames alternating in a stream (largest innovations).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CpuExecutor, StreamState } from '../../engine/cpu/executor.js';
import type { GpuExecutor } from '../../engine/gpu/executor.js';
import type { RgbaImage } from '../../engine/image.js';
import { type RenderParamsInput, resolveParams } from '../../engine/index.js';
import { planFrame } from '../../engine/plan.js';
import type { RenderOptions } from '../../engine/size.js';
import { gridDiff } from '../support/grid-diff.js';
import { nodeGpuExecutor } from '../support/node-gpu.js';
import { synthetic } from '../support/synthetic.js';

function solid(w: number, h: number, rgba: [number, number, number, number]): RgbaImage {
  const data = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) data.set(rgba, i * 4);
  return { width: w, height: h, data };
}

function colorBars(w: number, h: number): RgbaImage {
  const bars: [number, number, number][] = [
    [255, 0, 0],
    [0, 255, 0],
    [0, 0, 255],
    [255, 255, 0],
    [0, 255, 255],
    [255, 0, 255],
    [255, 255, 255],
    [0, 0, 0],
  ];
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) data.set([...bars[Math.floor((x * bars.length) / w)], 255], (y * w + x) * 4);
  return { width: w, height: h, data };
}

const IMAGES: [string, RgbaImage][] = [
  ['white', solid(97, 61, [255, 255, 255, 255])],
  ['black', solid(97, 61, [0, 0, 0, 255])],
  ['transparent', solid(97, 61, [255, 255, 255, 0])],
  ['half-covered', solid(97, 61, [200, 120, 40, 128])],
  ['checker', synthetic(128, 96, 'checker', 1)],
  ['stripes', synthetic(131, 77, 'stripes', 2)],
  ['color bars', colorBars(160, 40)],
  ['noise with alpha', synthetic(120, 90, 'noise', 3, true)],
];

const SETTINGS: RenderParamsInput[] = [
  { columns: 40 },
  { columns: 40, charset: 'blocks', dither: true },
  { columns: 40, charset: 'blocks', glyphStrategy: 'fixed', dither: true, contrast: 4, sharpen: 1 },
  { columns: 40, charset: 'detailed', dither: true, structure: 1, edges: true, edgeStrength: 5 },
  { columns: 40, saturation: 4, color: true, brightness: 150, gamma: 3, autoLevels: 1 },
  { columns: 40, invert: true, brightness: -150, gamma: 0.2, denoise: 1, maxGlyphRmse: 0.005 },
];

describe('GPU executor equals the CPU executor at the extremes', () => {
  let gpu: GpuExecutor | null;
  const cpu = new CpuExecutor();

  beforeAll(async () => {
    gpu = await nodeGpuExecutor({ timestamps: false });
  });
  afterAll(() => gpu?.destroy());

  async function same(image: RgbaImage, input: RenderParamsInput, options: RenderOptions = {}): Promise<string | null> {
    if (!gpu) return null;
    const params = resolveParams(input, 'json');
    const plan = planFrame(params, image, options);
    const expected = cpu.render(plan, image);
    const actual = await gpu.render(plan, image);
    return gridDiff(expected, actual);
  }

  it.for(IMAGES)('%s frames under extreme settings', async ([, image], ctx) => {
    if (!gpu) return ctx.skip();
    for (const s of SETTINGS) expect(await same(image, s), JSON.stringify(s)).toBeNull();
  });

  it('nearly flat frames, whose capped levels stretch is bounded by its window (dark, mid, light)', async (ctx) => {
    if (!gpu) return ctx.skip();
    const ramp = (from: number, to: number): RgbaImage => {
      const [w, h] = [96, 48];
      const data = new Uint8Array(w * h * 4);
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const v = from + Math.round(((to - from) * ((x + y) % w)) / (w - 1));
          data.set([v, v, v, 255], (y * w + x) * 4);
        }
      return { width: w, height: h, data };
    };
    for (const [from, to] of [
      [0, 31],
      [0, 6],
      [100, 106],
      [224, 255],
      [249, 255],
    ])
      for (const autoLevels of [1, 0.9, 0.5])
        expect(await same(ramp(from, to), { columns: 40, autoLevels }), `${from}..${to} at ${autoLevels}`).toBeNull();
  });

  it('the tallest sample grid: 2000 rows, resampled from 15999 pixel rows (m = 2n - 1)', async (ctx) => {
    if (!gpu) return ctx.skip();
    const image = synthetic(9, 15999, 'gradient', 4);
    expect(await same(image, { columns: 8 }, { rows: 2000 })).toBeNull();
    expect(await same(solid(9, 15999, [255, 255, 255, 255]), { columns: 8, dither: true }, { rows: 2000 })).toBeNull();
  });

  it('black and white frames alternating in a stream (largest innovations), blocks and detailed', async (ctx) => {
    if (!gpu) return ctx.skip();
    const frames = [0, 1, 2, 3, 4, 5].map((f) => solid(64, 48, f % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255]));
    for (const input of [
      { columns: 24, charset: 'blocks', motionSensitivity: 1 },
      { columns: 24, charset: 'blocks', motionSensitivity: 0, dither: true },
      { columns: 24, charset: 'detailed', motionSensitivity: 0.7 },
    ] as const) {
      const params = resolveParams(input, 'json');
      const plan = planFrame(params, frames[0]);
      const state = new StreamState();
      gpu.reset();
      for (const [f, image] of frames.entries()) {
        const expected = cpu.render(plan, image, state);
        const actual = await gpu.render(plan, image, { stream: true });
        expect(gridDiff(expected, actual), `${input.charset} frame ${f}`).toBeNull();
      }
    }
  });
});

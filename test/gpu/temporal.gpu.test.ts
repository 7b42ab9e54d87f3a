/**
 * The temporal filter (DESIGN 3) through both twins: synthetic and real sequences give the same
 * grids bit for bit on the CPU and the GPU, and the filter does its job: flicker on a static
 * noisy scene drops at least 5x, cells follow a cut within 3 frames at motionSensitivity 0.7,
 * and a higher motionSensitivity follows faster. The figures are computed on grids both twins
 * produced identically.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CpuExecutor, StreamState } from '../../engine/cpu/executor.js';
import type { GpuExecutor } from '../../engine/gpu/executor.js';
import type { CellGrid } from '../../engine/grid.js';
import type { RgbaImage } from '../../engine/image.js';
import { type RenderParamsInput, resolveParams } from '../../engine/index.js';
import { planFrame } from '../../engine/plan.js';
import { decodeDev, VIDEO } from '../support/corpus.js';
import { gridDiff } from '../support/grid-diff.js';
import { nodeGpuExecutor } from '../support/node-gpu.js';
import { synthetic, withNoise } from '../support/synthetic.js';
import { videoFrames } from '../support/video.js';

/** Sensor-like noise: Gaussian, sigma 6/255 per channel. */
const SIGMA = 6;

/** A frame sequence; `reset` lists frame indexes before which the stream is reset. */
interface Sequence {
  readonly frames: readonly RgbaImage[];
  readonly reset?: readonly number[];
}

async function resized(name: string, width: number, height: number): Promise<RgbaImage> {
  const image = await decodeDev(name);
  const raw = { width: image.width, height: image.height, channels: 4 as const };
  const data = await sharp(Buffer.from(image.data), { raw }).resize(width, height, { fit: 'fill' }).raw().toBuffer();
  return { width, height, data: new Uint8Array(data) };
}

function changeRate(a: Uint8Array, b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n / a.length;
}

describe('temporal filter, CPU and GPU twins', () => {
  let gpu: GpuExecutor | null;
  const cpu = new CpuExecutor();

  beforeAll(async () => {
    gpu = await nodeGpuExecutor({ timestamps: false });
  });
  afterAll(() => gpu?.destroy());

  /** Runs a sequence as one stream through both twins, asserts every frame equal, returns the grids. */
  async function stream(g: GpuExecutor, seq: Sequence, input: RenderParamsInput): Promise<CellGrid[]> {
    const params = resolveParams(input, 'json');
    const plan = planFrame(params, seq.frames[0]);
    const state = new StreamState();
    g.reset();
    const out: CellGrid[] = [];
    for (const [f, image] of seq.frames.entries()) {
      if (seq.reset?.includes(f)) {
        state.reset();
        g.reset();
      }
      const expected = cpu.render(plan, image, state);
      const actual = await g.render(plan, image, { stream: true });
      expect(gridDiff(expected, actual), `frame ${f}`).toBeNull();
      out.push(actual);
    }
    return out;
  }

  it('synthetic sequences match bit for bit (static noise, motion, a cut, a reset; several settings)', async (ctx) => {
    if (!gpu) return ctx.skip();
    const base = synthetic(240, 160, 'gradient', 5);
    const other = synthetic(240, 160, 'spots', 9);
    const noisy: Sequence = { frames: Array.from({ length: 8 }, (_, f) => withNoise(base, SIGMA, f)) };
    const moving: Sequence = {
      frames: Array.from({ length: 6 }, (_, f) => synthetic(240 + 4 * f, 160, 'gradient', 5)).map((im) => ({
        width: 240,
        height: 160,
        data: cropLeft(im, 240),
      })),
    };
    const cut: Sequence = {
      frames: [0, 1, 2, 3, 4, 5, 6, 7].map((f) => withNoise(f < 4 ? base : other, SIGMA, 100 + f)),
      reset: [6],
    };
    const settings: RenderParamsInput[] = [
      { columns: 48 },
      { columns: 48, dither: true, charset: 'blocks' },
      { columns: 40, glyphStrategy: 'fixed', charset: 'dots', motionSensitivity: 0 },
      { columns: 56, edges: true, motionSensitivity: 1, color: true },
      { columns: 32, charset: 'minimal', maxGlyphRmse: 0.1, structure: 1 },
      // two-colour cells, which steady both colors: twoColor, and fineBlocks (blocks)
      { columns: 40, color: true, background: true },
      { columns: 40, color: true, background: true, charset: 'blocks' },
    ];
    for (const params of settings) for (const seq of [noisy, moving, cut]) await stream(gpu, seq, params);
  });

  it('frames of the bench video match bit for bit', async (ctx) => {
    if (!gpu) return ctx.skip();
    const frames = videoFrames(VIDEO, 16, 384, 288, 100);
    if (!frames) return ctx.skip();
    await stream(gpu, { frames }, { columns: 80 });
    await stream(gpu, { frames }, { columns: 64, dither: true, charset: 'standard', motionSensitivity: 0.3 });
  });

  it('cuts the glyph change rate on a static scene with sensor noise by at least 5x', async (ctx) => {
    if (!gpu) return ctx.skip();
    const g = gpu;
    const scene = await decodeDev('landscape_street.jpg');
    const frames = Array.from({ length: 20 }, (_, f) => withNoise(scene, SIGMA, 500 + f));
    const params = resolveParams({ columns: 80 }, 'json');
    const plan = planFrame(params, scene);
    const filtered = await stream(g, { frames }, { columns: 80 });
    const unfiltered: CellGrid[] = [];
    for (const image of frames) {
      const still = await g.render(plan, image);
      expect(gridDiff(cpu.render(plan, image), still)).toBeNull();
      unfiltered.push(still);
    }
    const rate = (grids: CellGrid[]) =>
      grids.slice(1).reduce((sum, grid, i) => sum + changeRate(grids[i].glyphs, grid.glyphs), 0) / (grids.length - 1);
    const without = rate(unfiltered);
    const withFilter = rate(filtered);
    console.info(
      `glyph change rate per frame: ${(without * 100).toFixed(3)} % unfiltered, ${(withFilter * 100).toFixed(3)} % filtered`,
    );
    expect(without).toBeGreaterThan(0);
    expect(withFilter * 5).toBeLessThanOrEqual(without);
  });

  describe('after a cut', () => {
    /** 10 noisy frames of one scene, then 16 of another: the share of changed cells settled at each frame after the cut. */
    async function settledAfterCut(g: GpuExecutor, input: RenderParamsInput): Promise<number[]> {
      const a = await resized('landscape_street.jpg', 751, 563);
      const b = await resized('portrait_baboon.jpg', 751, 563);
      const frames = [
        ...Array.from({ length: 10 }, (_, f) => withNoise(a, SIGMA, f)),
        ...Array.from({ length: 16 }, (_, f) => withNoise(b, SIGMA, 2000 + f)),
      ];
      const grids = await stream(g, { frames }, input);
      const before = grids[9].glyphs;
      const after = grids.slice(10).map((x) => x.glyphs);
      const settled = after[after.length - 1];
      // the frame after the cut from which each changed cell shows its settled glyph
      const since: number[] = [];
      for (let i = 0; i < settled.length; i++) {
        if (before[i] === settled[i] && after.every((x) => x[i] === settled[i])) continue;
        let f = after.length - 1;
        while (f > 0 && after[f - 1][i] === settled[i]) f--;
        since.push(f);
      }
      return [0, 1, 2, 3].map((f) => since.filter((s) => s <= f).length / since.length);
    }

    it('cells follow within 3 frames at motionSensitivity 0.7 (adaptive and fixed codebooks)', async (ctx) => {
      if (!gpu) return ctx.skip();
      for (const glyphStrategy of ['adaptive', 'fixed'] as const) {
        const share = await settledAfterCut(gpu, { columns: 80, motionSensitivity: 0.7, glyphStrategy });
        console.info(`${glyphStrategy}: changed cells settled at frames 0..3 after the cut: ${pct(share)}`);
        expect(share[2]).toBeGreaterThanOrEqual(0.9);
      }
    });

    it('a higher motionSensitivity follows faster', async (ctx) => {
      if (!gpu) return ctx.skip();
      const lag: number[] = [];
      const atCut: number[] = [];
      for (const motionSensitivity of [0, 0.35, 0.7, 1]) {
        const share = await settledAfterCut(gpu, { columns: 80, motionSensitivity, glyphStrategy: 'fixed' });
        console.info(`motionSensitivity ${motionSensitivity}: settled at frames 0..3: ${pct(share)}`);
        atCut.push(share[0]);
        // frames a changed cell waits, on average, over the first three after the cut
        lag.push(3 - share[0] - share[1] - share[2]);
      }
      for (let i = 1; i < lag.length; i++) expect(atCut[i]).toBeGreaterThan(atCut[i - 1]);
      // at 1 frames pass through with their noise, so some cells never settle: the lag is
      // compared where the filter still smooths
      for (let i = 1; i < lag.length - 1; i++) expect(lag[i]).toBeLessThan(lag[i - 1]);
    });
  });
});

function pct(xs: number[]): string {
  return xs.map((x) => `${(x * 100).toFixed(1)} %`).join(', ');
}

/** The leftmost `width` columns of an image (a pan over a wider one). */
function cropLeft(image: RgbaImage, width: number): Uint8Array {
  const out = new Uint8Array(width * image.height * 4);
  for (let y = 0; y < image.height; y++)
    out.set(image.data.subarray(y * image.width * 4, y * image.width * 4 + width * 4), y * width * 4);
  return out;
}

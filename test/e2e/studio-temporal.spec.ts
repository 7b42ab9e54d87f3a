/**
 * The live view on the GPU executor with the temporal filter: webcam mode (Chromium's fake
 * camera fed from the real clip) renders every frame with the WebGPU compute executor, and the
 * temporal filter measurably lowers the glyph change rate (the fraction of cells whose glyph
 * changes between consecutive rendered frames) at the default motionSensitivity against
 * motionSensitivity = 1, where every change counts as motion and frames pass through unsmoothed
 * (engine/kernels/temporal.ts), and against the same stream without the filter (`temporal=off`).
 *
 * The frames are read from the studio's frame bus (`document.querySelector('gc-studio').bus`,
 * the documented test hook), never from pixels. Chromium runs with WebGPU but without the
 * canvas flags, and the link asks for `executor=webgpu&draw=canvas2d`: compute runs on WebGPU
 * (SwiftShader, which `auto` leaves for the CPU Worker as a software fallback adapter), drawing
 * with Canvas 2D, because presenting a WebGPU canvas in headless Chromium needs the
 * SwiftShader compositor, which slows the whole page (bench/results/studio.md).
 */
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { unavailable } from '../support/env.js';
import { cameraY4m } from '../support/media.js';
import { collectErrors, eventually, fakeCameraFlags, startStudio, stubServerRoutes } from '../support/studio.js';

/** Consecutive rendered frames compared per run. */
const FRAMES = 24;

interface Measured {
  /** Changed cells / compared cells over FRAMES consecutive pairs. */
  readonly rate: number;
  readonly pairs: number;
  /** Frames whose evidence carries the GPU executor's timings (`gpu` or `submit`). */
  readonly gpuFrames: number;
  readonly columns: number;
}

/** Subscribes to the frame bus and measures the glyph change rate over `frames` consecutive frames. */
function measureChangeRate(page: Page, frames: number): Promise<Measured> {
  return page.evaluate(
    (n) =>
      new Promise<Measured>((resolve) => {
        type Frame = { grid: { columns: number; glyphs: Uint8Array; evidence: { timings: Record<string, number> } } };
        const app = document.querySelector('gc-studio') as unknown as {
          bus: { subscribe(l: (f: Frame) => void): () => void };
        };
        let prev: Uint8Array | null = null;
        let changed = 0;
        let cells = 0;
        let pairs = 0;
        let gpuFrames = 0;
        const off = app.bus.subscribe(({ grid }) => {
          const t = grid.evidence.timings;
          if ('gpu' in t || 'submit' in t) gpuFrames++;
          const g = grid.glyphs;
          if (prev && prev.length === g.length) {
            for (let i = 0; i < g.length; i++) if (g[i] !== prev[i]) changed++;
            cells += g.length;
            pairs++;
          }
          prev = g.slice();
          if (pairs >= n) {
            off();
            resolve({ rate: changed / cells, pairs, gpuFrames, columns: grid.columns });
          }
        });
      }),
    frames,
  );
}

describe('studio: GPU executor and temporal filter on a live camera', () => {
  let browser: Browser | null = null;
  let studio: { app: FastifyInstance; url: string };

  beforeAll(async () => {
    const y4m = cameraY4m();
    if (y4m) browser = await launchChromium(fakeCameraFlags(y4m));
    studio = await startStudio();
  });
  afterAll(async () => {
    await browser?.close();
    await studio?.app.close();
  });

  it('renders webcam frames on the WebGPU executor; the temporal filter lowers the glyph change rate', async (ctx) => {
    if (!browser) return ctx.skip();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await stubServerRoutes(context, { receiverOrigin: null });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const pill = page.getByRole('status').filter({ hasText: /^\s*(WebGPU|CPU \(Worker\))/ });
    const hud = (term: string) =>
      page
        .getByLabel('Performance')
        .locator('div', { has: page.getByText(term, { exact: true }) })
        .locator('dd');

    // autoOptimize=0: no re-tuning, so only the temporal filter differs between the runs
    const run = async (query: string): Promise<Measured> => {
      await page.goto(`${studio.url}/?diagnostics=on&columns=80&autoOptimize=0&executor=webgpu&draw=canvas2d${query}`);
      const adapter = await page.evaluate(async () => (await navigator.gpu?.requestAdapter()) != null);
      if (!adapter) ctx.skip(unavailable('WebGPU in Chromium', 'no adapter'));
      await eventually(() => pill.textContent()).toContain('WebGPU · drawn with Canvas 2D');
      await page.getByRole('button', { name: 'Webcam' }).click();
      await eventually(() => page.getByRole('img', { name: /^ASCII art, 80 by 30 characters$/ }).count()).toBe(1);
      return measureChangeRate(page, FRAMES);
    };

    const filtered = await run('');
    // the HUD names the GPU time of the executor's passes (timestamp queries, or marked wall)
    await eventually(async () => (await hud('GPU').textContent()) ?? '').toMatch(/^\d+\.\d\d ms( \(wall\))?$/);
    expect(await hud('filter').textContent()).toBe('temporal');
    const fullMotion = await run('&motionSensitivity=1');
    const unfiltered = await run('&temporal=off');
    expect(await hud('filter').textContent()).toBe('off');

    for (const m of [filtered, fullMotion, unfiltered]) {
      expect(m).toMatchObject({ pairs: FRAMES, columns: 80 });
      expect(m.gpuFrames).toBe(FRAMES + 1);
    }
    const pct = (m: Measured) => `${(m.rate * 100).toFixed(2)} %`;
    console.log(
      `glyph change rate over ${FRAMES} consecutive frame pairs (GPU executor): temporal filter, ` +
        `motionSensitivity 0.7: ${pct(filtered)}; motionSensitivity 1: ${pct(fullMotion)}; filter off: ${pct(unfiltered)}`,
    );
    expect(unfiltered.rate).toBeGreaterThan(0.05); // the frames do change
    expect(fullMotion.rate).toBeGreaterThan(0.05); // at 1 nothing is smoothed
    expect(filtered.rate).toBeLessThan(fullMotion.rate * 0.5);
    expect(filtered.rate).toBeLessThan(unfiltered.rate * 0.5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('falls back to the CPU Worker when the GPU device goes, says so, and the stream goes on', async (ctx) => {
    if (!browser) return ctx.skip();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await stubServerRoutes(context, { receiverOrigin: null });
    const page = await context.newPage();
    const pill = page.getByRole('status').filter({ hasText: /^\s*(WebGPU|CPU \(Worker\))/ });
    await page.goto(`${studio.url}/?diagnostics=on&columns=80&executor=webgpu&draw=canvas2d`);
    const adapter = await page.evaluate(async () => (await navigator.gpu?.requestAdapter()) != null);
    if (!adapter) return ctx.skip(unavailable('WebGPU in Chromium', 'no adapter'));
    await eventually(() => pill.textContent()).toContain('WebGPU · drawn with Canvas 2D');
    await page.getByRole('button', { name: 'Webcam' }).click();
    await eventually(() => page.getByRole('img', { name: /^ASCII art, 80 by 30 characters$/ }).count()).toBe(1);
    const before = await measureChangeRate(page, 2);
    expect(before.gpuFrames).toBe(3);

    // The device the studio shares between executor and painter (the stage's public `gpu` state)
    // is destroyed: the executor's next frame fails with device loss.
    await page.evaluate(() => {
      const app = document.querySelector('gc-studio') as unknown as { renderRoot: ShadowRoot };
      const stage = app.renderRoot.querySelector('gc-stage') as unknown as { gpu: { device: GPUDevice } };
      stage.gpu.device.destroy();
    });
    await eventually(() => pill.textContent()).toContain('CPU (Worker) — WebGPU device lost');
    await eventually(() => page.getByRole('status').filter({ hasText: 'The WebGPU device was lost' }).count()).toBe(1);
    const after = await measureChangeRate(page, 4);
    expect(after).toMatchObject({ pairs: 4, gpuFrames: 0, columns: 80 });
    await context.close();
  });
});

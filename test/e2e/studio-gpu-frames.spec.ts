/**
 * The studio's GPU path keeps a stream's frames on the GPU: the WebGPU painter draws them from
 * the executor's buffer, and the grid is mapped back to the CPU only when a consumer asks (a
 * copy, a recording). Runs on WebGPU in headless Chromium (SwiftShader), asked for by the link
 * (`executor=webgpu&draw=webgpu`), with Chromium's fake camera as the stream.
 */
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cameraY4m } from '../support/media.js';
import {
  collectErrors,
  eventually,
  fakeCameraFlags,
  launchStudioBrowser,
  startStudio,
  stubServerRoutes,
  twoFrames,
} from '../support/studio.js';

/** Counts mapAsync calls on the executor's staging buffer (the grid's readback), before the studio loads. */
const COUNT_GRID_MAPS = () => {
  const counts = { grid: 0 };
  (window as unknown as { gridMaps: typeof counts }).gridMaps = counts;
  const map = GPUBuffer.prototype.mapAsync;
  GPUBuffer.prototype.mapAsync = function (this: GPUBuffer, ...args: Parameters<GPUBuffer['mapAsync']>) {
    if (this.label === 'glyphcast.staging') counts.grid++;
    return map.apply(this, args);
  };
};

describe('studio: stream frames stay on the GPU', () => {
  let browser: Browser | null = null;
  let studio: { app: FastifyInstance; url: string };
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    const y4m = cameraY4m();
    if (y4m) browser = await launchStudioBrowser(fakeCameraFlags(y4m));
    studio = await startStudio();
  });
  afterAll(async () => {
    await browser?.close();
    await studio?.app.close();
  });
  beforeEach(async (ctx) => {
    if (!browser) return ctx.skip();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: studio.url });
    await stubServerRoutes(context, { receiverOrigin: null });
    page = await context.newPage();
    await page.addInitScript(COUNT_GRID_MAPS);
    errors = collectErrors(page);
  });
  afterEach(async () => {
    await context?.close();
  });

  /** Frames the pipeline has rendered for the source, and grids mapped back so far. */
  const counts = () =>
    page.evaluate(() => {
      const app = document.querySelector('gc-studio') as unknown as { pipeline: { stats: { frames: number } } };
      return {
        frames: app.pipeline.stats.frames,
        maps: (window as unknown as { gridMaps: { grid: number } }).gridMaps.grid,
      };
    });
  /** Whether the GPU executor renders and the painter draws from its buffer. */
  const drawsFromGpu = () =>
    page.evaluate(() => {
      const app = document.querySelector('gc-studio') as unknown as {
        pipeline: { rendererKind: string | null };
        stage: { drawsFromDevice: boolean };
      };
      return app.pipeline.rendererKind === 'gpu' && app.stage.drawsFromDevice;
    });
  /** Waits for `n` more frames; returns the counts before and after. */
  const overFrames = async (n: number) => {
    const before = await counts();
    await eventually(async () => (await counts()).frames, 60_000).toBeGreaterThanOrEqual(before.frames + n);
    return { before, after: await counts() };
  };

  it('draws a stream from the GPU with no readback, and reads grids back only for a copy or a recording', async () => {
    await page.goto(`${studio.url}/?columns=64&color=true&executor=webgpu&draw=webgpu`);
    await page.getByRole('button', { name: 'Webcam' }).click();
    await eventually(() => page.getByRole('img', { name: /^ASCII art, 64 by / }).count()).toBe(1);

    // the GPU executor renders (once it has started: the CPU Worker renders until then), and the
    // WebGPU painter draws from its buffer
    await eventually(drawsFromGpu).toBe(true);
    // no consumer: frames render and are drawn, and no grid is mapped
    const idle = await overFrames(12);
    expect(idle.after.maps - idle.before.maps).toBe(0);
    // the canvas shows art: the frames drawn from the GPU are not blank
    const lit = await page.locator('gc-stage canvas').screenshot();
    expect(lit.length).toBeGreaterThan(2000);

    // Copy text asks for the frame on screen: one readback, and the art it copies
    await page.getByRole('button', { name: 'Copy text' }).click();
    await eventually(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/\S/);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split('\n').filter((l) => l.length > 0)[0]).toHaveLength(64);
    expect((await counts()).maps).toBeGreaterThan(idle.after.maps);

    // a recording wants every frame: each is read back as it renders
    await page.getByRole('button', { name: 'Record clip' }).click();
    await eventually(() => page.getByRole('button', { name: /^Stop recording/ }).count()).toBe(1);
    const recording = await overFrames(8);
    expect(recording.after.maps - recording.before.maps).toBeGreaterThanOrEqual(
      recording.after.frames - recording.before.frames - 1,
    );
    await page.getByRole('button', { name: /^Stop recording/ }).click();
    await eventually(() => page.getByRole('button', { name: 'Record clip' }).count()).toBe(1);
    // stopped: frames stay on the GPU again
    await twoFrames(page);
    const after = await overFrames(8);
    expect(after.after.maps - after.before.maps).toBe(0);
    expect(errors).toEqual([]);
  });

  it('draws a frame from the GPU exactly as from its grid read back', async () => {
    await page.goto(`${studio.url}/?columns=48&color=true&background=true&executor=webgpu&draw=webgpu`);
    await page.getByRole('button', { name: 'Webcam' }).click();
    await eventually(() => page.getByRole('img', { name: /^ASCII art, 48 by / }).count()).toBe(1);
    await eventually(drawsFromGpu).toBe(true);
    await overFrames(4);
    // the camera's video paused: the frame on screen stays, drawn from the GPU
    await page.evaluate(() => {
      const video = document.querySelector('gc-studio')?.shadowRoot?.querySelector('video.source');
      (video as HTMLVideoElement).pause();
    });
    await page.waitForTimeout(500); // a frame presented just before the pause renders meanwhile
    await twoFrames(page);
    const maps = (await counts()).maps;
    const canvas = page.locator('gc-stage canvas');
    const fromDevice = await canvas.screenshot();
    expect((await counts()).maps).toBe(maps);
    // the same frame read back, drawn again from its grid
    await page.evaluate(async () => {
      const app = document.querySelector('gc-studio') as unknown as {
        bus: { current(): Promise<{ grid: unknown } | null> };
        stage: { paint(grid: unknown, style: unknown): void };
        paintStyle: unknown;
      };
      const frame = await app.bus.current();
      if (!frame) throw new Error('no frame');
      app.stage.paint(frame.grid, app.paintStyle);
    });
    await twoFrames(page);
    expect((await counts()).maps).toBe(maps + 1);
    const fromGrid = await canvas.screenshot();
    expect(fromGrid.equals(fromDevice)).toBe(true);
    expect(errors).toEqual([]);
  });
});

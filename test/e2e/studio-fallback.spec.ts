/**
 * Without WebGPU the studio renders with the CPU engine in a Worker and draws with Canvas 2D,
 * says so, and its output is the same as the WebGPU path's (the GPU compute executor, drawn
 * with WebGPU or Canvas 2D): all equal the server's render.
 */
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../../engine/index.js';
import { downloadButtonName } from '../../studio/export/format-buttons.js';
import { launchChromium } from '../support/browser.js';
import { largePng, videoWebm } from '../support/media.js';
import {
  collectErrors,
  downloadText,
  eventually,
  FIXTURE_PNG,
  launchBrowserWithoutWebGpu,
  launchStudioBrowser,
  serverRender,
  settledBox,
  startStudio,
  stubServerRoutes,
  withoutTimings,
} from '../support/studio.js';

describe('studio: fallback without WebGPU', () => {
  let studio: { app: FastifyInstance; url: string };
  const browsers: Browser[] = [];

  beforeAll(async () => {
    studio = await startStudio();
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await studio?.app.close();
  });

  /** The engine pill (the header's status, not a notice). */
  const pillOf = (page: Page) => page.getByRole('status').filter({ hasText: /^\s*(WebGPU|CPU \(Worker\))/ });

  /**
   * Every format of the fixture at a few non-default params, as downloaded from the studio,
   * once the pill names the executor and drawing path expected (`pill`).
   */
  async function downloads(page: Page, pill: string, query = ''): Promise<Record<string, string>> {
    await page.goto(`${studio.url}/?diagnostics=on&columns=90&color=true&charset=minimal${query}`);
    await eventually(() => pillOf(page).textContent()).toContain(pill);
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => page.getByRole('img', { name: /^ASCII art, 90 by \d+ characters$/ }).count()).toBe(1);
    const out: Record<string, string> = {};
    for (const format of FORMATS) {
      const { text } = await downloadText(page, () =>
        page.getByRole('button', { name: downloadButtonName(format) }).click(),
      );
      out[format] = format.startsWith('json') ? JSON.stringify(withoutTimings(text)) : text;
    }
    return out;
  }

  async function open(browser: Browser): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    await stubServerRoutes(context, { receiverOrigin: null });
    const page = await context.newPage();
    return { page, errors: collectErrors(page) };
  }

  it('says it runs on the CPU Worker without WebGPU, and renders the same output as the WebGPU path', async (ctx) => {
    const plain = await launchBrowserWithoutWebGpu();
    const gpu = await launchStudioBrowser();
    if (!plain || !gpu) return ctx.skip();
    browsers.push(plain, gpu);

    const cpu = await open(plain);
    await cpu.page.goto(`${studio.url}/?diagnostics=on`);
    const status = cpu.page.getByRole('status').filter({ hasText: 'CPU (Worker)' });
    await eventually(() => status.textContent()).toContain('CPU (Worker) — WebGPU unavailable');
    // the cause first, in plain words, then what renders and draws instead
    expect(await status.getAttribute('title')).toBe(
      'WebGPU is turned off or this GPU is not supported; rendered by the CPU engine in a Worker, whatever the link asks; drawn with Canvas 2D',
    );
    const fallback = await downloads(cpu.page, 'CPU (Worker) — WebGPU unavailable');

    const webgpu = await open(gpu);
    // executor=webgpu and draw=webgpu: WebGPU even on a software fallback adapter (SwiftShader here)
    const withGpu = await downloads(webgpu.page, 'WebGPU · drawn with WebGPU', '&executor=webgpu&draw=webgpu');
    expect(await pillOf(webgpu.page).getAttribute('title')).toContain('Rendered by the WebGPU compute executor');

    expect(fallback).toEqual(withGpu);

    // The link can ask for Canvas 2D while WebGPU is there (draw=canvas2d): same output again.
    expect(await downloads(webgpu.page, 'WebGPU · drawn with Canvas 2D', '&executor=webgpu&draw=canvas2d')).toEqual(
      withGpu,
    );
    expect(fallback.text).toBe(
      (await serverRender(FIXTURE_PNG, { columns: 90, color: true, charset: 'minimal' })).body,
    );
    expect(cpu.errors).toEqual([]);
    expect(webgpu.errors).toEqual([]);
  });

  /**
   * The glyphs of FRAMES consecutive frames of a video, from a seek to 0 (fresh temporal state)
   * on, played at a tenth of its speed so every frame is rendered once on either executor. Read
   * from the frame bus with each frame's media time.
   */
  async function streamFrames(browser: Browser, pill: string, video: string) {
    const FRAMES = 10;
    const { page, errors } = await open(browser);
    await page.goto(`${studio.url}/?diagnostics=on&columns=64&autoOptimize=0&executor=webgpu&draw=canvas2d`);
    await eventually(() => pillOf(page).textContent()).toContain(pill);
    await page.getByLabel('Open an image or video file').setInputFiles(video);
    await eventually(() => page.getByRole('img', { name: /^ASCII art, 64 by \d+ characters$/ }).count()).toBe(1);
    // past the first frames, so the seek to 0 goes back (the pipeline then resets at that very frame)
    const source = page.getByLabel('Source video');
    await eventually(() => source.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.5);
    await page.getByRole('button', { name: 'Pause' }).click();
    await eventually(() => page.getByRole('button', { name: 'Play' }).count()).toBe(1);
    await source.evaluate((v: HTMLVideoElement) => {
      v.playbackRate = 0.1;
    });
    type Seen = { t: number | null; glyphs: string };
    await page.evaluate(() => {
      type Frame = { grid: { glyphs: Uint8Array }; mediaTime: number | null };
      const app = document.querySelector('gc-studio') as unknown as {
        bus: { subscribe(l: (f: Frame) => void): () => void };
      };
      const seen: { t: number | null; glyphs: string }[] = [];
      (window as unknown as { seen: typeof seen }).seen = seen;
      app.bus.subscribe(({ grid, mediaTime }) =>
        seen.push({ t: mediaTime, glyphs: String.fromCharCode(...grid.glyphs) }),
      );
    });
    const seen = () => page.evaluate(() => (window as unknown as { seen: Seen[] }).seen);
    /** The frame the seek to 0 shows (the last at media time 0). */
    const start = async () => (await seen()).findLastIndex((f) => f.t === 0);
    await page.getByRole('slider', { name: 'Seek' }).fill('0');
    await eventually(start).toBeGreaterThanOrEqual(0);
    await page.getByRole('button', { name: 'Play' }).click();
    await eventually(async () => (await seen()).length - (await start()), 60_000).toBeGreaterThanOrEqual(FRAMES);
    await page.getByRole('button', { name: 'Pause' }).click();
    const first = await start();
    const frames = (await seen()).slice(first, first + FRAMES);
    const title = (await pillOf(page).getAttribute('title')) ?? '';
    await page.context().close();
    return { frames, title, errors };
  }

  it('renders a video stream (temporal filter on) to the same glyphs on the CPU Worker as on the WebGPU executor', async (ctx) => {
    const video = videoWebm();
    const plain = await launchBrowserWithoutWebGpu();
    const gpu = await launchChromium();
    if (!plain || !gpu || !video) return ctx.skip();
    browsers.push(plain, gpu);

    const cpu = await streamFrames(plain, 'CPU (Worker) — WebGPU unavailable', video);
    const webgpu = await streamFrames(gpu, 'WebGPU · drawn with Canvas 2D', video);
    expect(webgpu.title).toContain('Rendered by the WebGPU compute executor');
    expect(new Set(cpu.frames.map((f) => f.glyphs)).size).toBeGreaterThan(3); // the frames do change
    // the same frames (by media time) from the same fresh start, each rendered once
    expect(webgpu.frames.map((f) => f.t).join(' ')).toBe(cpu.frames.map((f) => f.t).join(' '));
    expect(new Set(cpu.frames.map((f) => f.t)).size).toBe(cpu.frames.length);
    if (webgpu.title.includes('importExternalTexture (no CPU copy)')) {
      // external textures go through the browser's float color conversion: not bit-comparable
      console.log('video frames were imported as external textures; glyph equality not expected');
      return;
    }
    for (const [i, f] of webgpu.frames.entries()) expect(f.glyphs, `frame ${i}`).toBe(cpu.frames[i].glyphs);
    expect(cpu.errors).toEqual([]);
    expect(webgpu.errors).toEqual([]);
  });

  it('renders an image too large for the GPU buffers on the CPU Worker, says so, and equals the server render', async (ctx) => {
    const large = largePng();
    const gpu = await launchChromium();
    if (!gpu || !large) return ctx.skip();
    browsers.push(gpu);
    const { page, errors } = await open(gpu);
    await page.goto(`${studio.url}/?diagnostics=on&columns=100&executor=webgpu&draw=canvas2d`);
    await eventually(() => pillOf(page).textContent()).toContain('WebGPU · drawn with Canvas 2D');
    await page.getByLabel('Open an image or video file').setInputFiles(large);
    const warning = page.getByRole('status').filter({ hasText: 'is too large for this GPU' });
    await eventually(() => warning.count(), 120_000).toBe(1);
    expect(await warning.textContent()).toContain('it is rendered on the CPU in a Worker');
    // in megabytes, not a byte count
    expect(await warning.textContent()).toMatch(
      /picture takes [\d.]+ MB in one buffer, and this GPU binds at most [\d.]+ MB/,
    );
    await eventually(() => page.getByRole('img', { name: /^ASCII art, 100 by \d+ characters$/ }).count(), 120_000).toBe(
      1,
    );
    const { text } = await downloadText(page, () =>
      page.getByRole('button', { name: downloadButtonName('text') }).click(),
    );
    expect(text).toBe((await serverRender(large, { columns: 100 })).body);
    expect(errors).toEqual([]);
  });
  it('keeps the picture when the GPU goes: a device the browser destroys falls back to Canvas 2D, and a restored 2D context is painted again', async (ctx) => {
    const gpu = await launchStudioBrowser();
    if (!gpu) return ctx.skip();
    browsers.push(gpu);
    const { page, errors } = await open(gpu);
    await page.goto(`${studio.url}/?diagnostics=on&columns=90&draw=webgpu`);
    await eventually(() => pillOf(page).textContent()).toContain('drawn with WebGPU');
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    const art = page.getByRole('img', { name: /^ASCII art, 90 by \d+ characters$/ });
    await eventually(() => art.count()).toBe(1);
    /** Pixels of the art brighter than its black background, as on screen. */
    const inked = async () => {
      const box = await art.boundingBox();
      if (!box) return 0;
      const grey = await sharp(await page.screenshot({ clip: box }))
        .greyscale()
        .raw()
        .toBuffer();
      return grey.filter((v) => v > 64).length;
    };
    await eventually(inked).toBeGreaterThan(1000);

    // Chromium reports a device its GPU process dropped as 'destroyed', the reason our own
    // destroy gives too; the executor here is the CPU Worker, so only the device can tell.
    await page.evaluate(() => {
      const app = document.querySelector('gc-studio') as unknown as { renderRoot: ShadowRoot };
      const stage = app.renderRoot.querySelector('gc-stage') as unknown as { gpu: { device: GPUDevice } };
      stage.gpu.device.destroy();
    });
    await eventually(() => pillOf(page).textContent()).toContain('CPU (Worker) — WebGPU device lost');
    await eventually(() => page.getByRole('status').filter({ hasText: 'The WebGPU device was lost' }).count()).toBe(1);
    await eventually(inked).toBeGreaterThan(1000);

    // A GPU process restart takes the Canvas 2D picture with it and gives the canvas a new, blank
    // context: blanked here, then the browser's event, and the still is painted again.
    await art.evaluate((canvas: HTMLCanvasElement) => {
      const c2d = canvas.getContext('2d') as CanvasRenderingContext2D;
      c2d.fillStyle = '#000';
      c2d.fillRect(0, 0, canvas.width, canvas.height);
    });
    expect(await inked()).toBe(0);
    await art.evaluate((canvas: HTMLCanvasElement) => canvas.dispatchEvent(new Event('contextrestored')));
    await eventually(inked).toBeGreaterThan(1000);
    expect(errors).toEqual([]);
  });

  /** Both painters, each in its own browser: Canvas 2D (no WebGPU) and WebGPU; null without either. */
  async function bothPainters(): Promise<(readonly [Browser, string, string])[] | null> {
    const plain = await launchBrowserWithoutWebGpu();
    const gpu = await launchStudioBrowser();
    browsers.push(...[plain, gpu].filter((b) => b !== null));
    if (!plain || !gpu) return null;
    return [
      [plain, 'CPU (Worker) — WebGPU unavailable', ''],
      [gpu, 'WebGPU · drawn with WebGPU', '&executor=webgpu&draw=webgpu'],
    ];
  }

  /** A 400 x 300 picture of one color, as a PNG file. */
  async function flatPng(name: string, background: string): Promise<string> {
    const file = path.join(os.tmpdir(), `glyphcast-e2e-${name}.png`);
    await sharp({ create: { width: 400, height: 300, channels: 3, background } })
      .png()
      .toFile(file);
    return file;
  }

  /** The darkest and the brightest grey on screen inside `clip`. */
  async function toneRange(page: Page, clip: { x: number; y: number; width: number; height: number }) {
    const grey = await sharp(await page.screenshot({ clip }))
      .greyscale()
      .raw()
      .toBuffer();
    return [grey.reduce((a, v) => Math.min(a, v), 255), grey.reduce((a, v) => Math.max(a, v), 0)] as const;
  }

  it('draws block glyphs edge to edge with either painter: a flat picture in one block glyph is one flat tone', async (ctx) => {
    const painters = await bothPainters();
    if (!painters) return ctx.skip();
    const white = await flatPng('white', '#ffffff');
    for (const [browser, pill, query] of painters) {
      const { page, errors } = await open(browser);
      // cell widths with different fractions: where a cell's edge falls inside a pixel matters
      for (const columns of [40, 53, 71]) {
        await page.goto(`${studio.url}/?diagnostics=on&columns=${columns}&charset=blocks&autoOptimize=0${query}`);
        await eventually(() => pillOf(page).textContent()).toContain(pill);
        await page.getByLabel('Open an image or video file').setInputFiles(white);
        const art = page.getByRole('img', { name: new RegExp(`^ASCII art, ${columns} by \\d+ characters$`) });
        await eventually(() => art.count()).toBe(1);
        const { text } = await downloadText(page, () =>
          page.getByRole('button', { name: downloadButtonName('text') }).click(),
        );
        const glyphs = [...new Set(text.replace(/\n/g, ''))];
        expect(glyphs.length === 1 && '▀▄█▌▐░▒▓'.includes(glyphs[0]), glyphs.join('')).toBe(true);
        // inside its border every pixel has the same tone: a font's blocks, shorter than the
        // cell, left a dark line between rows, its shades are dot patterns, and an atlas slot
        // inked only to the cell's fractional edge darkened the last pixel of some columns
        const box = await settledBox(page, art);
        const [darkest, brightest] = await toneRange(page, {
          x: box.x + 1,
          y: box.y + 1,
          width: box.width - 2,
          height: box.height - 2,
        });
        const where = `${pill}, ${columns} columns: tones ${darkest} to ${brightest}`;
        expect(darkest, where).toBeGreaterThan(100);
        expect(brightest - darkest, where).toBeLessThanOrEqual(2);
      }
      expect(errors).toEqual([]);
    }
  });

  it('draws dark mono ink on a white page with either painter, as the HTML and SVG exports do', async (ctx) => {
    const painters = await bothPainters();
    if (!painters) return ctx.skip();
    // a black picture is blank cells: all page
    const black = await flatPng('black', '#000000');
    for (const [browser, pill, query] of painters) {
      const { page, errors } = await open(browser);
      const tones: number[] = [];
      for (const mono of ['%23202020', '%23e5e5e5']) {
        await page.goto(`${studio.url}/?diagnostics=on&columns=40&autoOptimize=0&monoColor=${mono}${query}`);
        await eventually(() => pillOf(page).textContent()).toContain(pill);
        await page.getByLabel('Open an image or video file').setInputFiles(black);
        const art = page.getByRole('img', { name: /^ASCII art, 40 by \d+ characters$/ });
        await eventually(() => art.count()).toBe(1);
        const box = await settledBox(page, art);
        tones.push(...(await toneRange(page, box)));
      }
      // dark ink: white throughout; light ink: black throughout
      expect(tones, pill).toEqual([255, 255, 0, 0]);
      expect(errors).toEqual([]);
    }
  });
});

/**
 * Parity through the real browser WebGPU path: headless Chromium (SwiftShader), the browser host
 * with its Vite-bundled WGSL. The GPU grid must equal the CPU executor's grid byte for byte, as
 * computed here in Node on the same pixels (and in the page, as a cross-check), for 3 dev images
 * x 6 settings (two-colour cells among them), for ImageBitmap frames, and for a temporal stream; a VideoFrame too, imported with
 * importExternalTexture (the frame-import pass) where the page has a GPU-backed canvas.
 */
import type { Browser, Page } from 'playwright-core';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CpuExecutor, StreamState } from '../../engine/cpu/executor.js';
import type { CellGrid } from '../../engine/grid.js';
import type { RgbaImage } from '../../engine/image.js';
import { type RenderParamsInput, resolveParams } from '../../engine/index.js';
import { planFrame } from '../../engine/plan.js';
import { launchChromium, startTestPages } from '../support/browser.js';
import { decodeDev } from '../support/corpus.js';
import { WEBGPU_CANVAS_FLAGS } from '../support/studio.js';
import { withNoise } from '../support/synthetic.js';
import type { FrameMode, ParityCase, ParityResult } from './pages/gpu-parity.js';

const IMAGES = ['text_page.png', 'bright_smarties.png', 'portrait_baboon.jpg'];
const SETTINGS: RenderParamsInput[] = [
  { columns: 64 },
  { columns: 64, dither: true, charset: 'blocks', color: true },
  { columns: 64, edges: true, glyphStrategy: 'fixed', charset: 'standard', invert: true },
  { columns: 48, charset: 'dots', denoise: 1, sharpen: 1, saturation: 4 },
  // two-colour cells, at both ends of their ink cost
  { columns: 80, color: true, background: true },
  { columns: 120, charset: 'blocks', color: true, background: true },
];

const b64 = (a: Uint8Array | Uint8ClampedArray) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');

describe('GPU executor in headless Chromium equals the CPU executor', () => {
  let browser: Browser | null;
  let pages: { server: ViteDevServer; url: string };
  let page: Page;
  const errors: string[] = [];
  const cpu = new CpuExecutor();

  beforeAll(async () => {
    browser = await launchChromium();
    pages = await startTestPages();
    if (browser) page = await openParityPage(browser);
  });
  afterAll(async () => {
    await browser?.close();
    await pages?.server.close();
  });

  /** The parity page in `on`, its GPU executor started; page errors go to `errors`. */
  async function openParityPage(on: Browser): Promise<Page> {
    const opened = await on.newPage();
    opened.on('pageerror', (e) => errors.push(e.message));
    await opened.goto(`${pages.url}/gpu-parity.html`);
    await opened.waitForFunction(() => typeof window.gpuParity === 'object');
    const info = await opened.evaluate(() => window.gpuParity.init());
    console.info(`browser adapter: ${info.adapter}; timings from ${info.timingSource}`);
    return opened;
  }

  function renderInPage(
    image: RgbaImage,
    params: RenderParamsInput,
    mode: FrameMode,
    extra: Partial<ParityCase> = {},
    on: Page = page,
  ) {
    const c: ParityCase = { rgba: b64(image.data), width: image.width, height: image.height, params, mode, ...extra };
    return on.evaluate((x) => window.gpuParity.render(x), c);
  }

  function expectSame(result: ParityResult, expected: CellGrid, what: string) {
    expect(result.cpuEqual, `${what}: page CPU vs page GPU`).toBe(true);
    expect(result.glyphs, `${what}: glyphs`).toBe(b64(expected.glyphs));
    expect(result.colors, `${what}: colors`).toBe(b64(expected.colors));
    expect(result.backgrounds, `${what}: backgrounds`).toBe(expected.backgrounds ? b64(expected.backgrounds) : '');
    expect(result.codebook, `${what}: codebook`).toBe(JSON.stringify(expected.evidence.codebook));
  }

  it.for(IMAGES)('%s: RGBA buffer frames, every setting', async (name, ctx) => {
    if (!browser) return ctx.skip();
    const image = await decodeDev(name);
    for (const input of SETTINGS) {
      const params = resolveParams(input, 'json');
      const expected = cpu.render(planFrame(params, image), image);
      expectSame(
        await renderInPage(image, input, 'buffer', { sourceKey: name }),
        expected,
        `${name} ${JSON.stringify(input)}`,
      );
    }
    expect(errors).toEqual([]);
  });

  it('ImageBitmap frames (copyExternalImageToTexture, then byte copies) give the same grids', async (ctx) => {
    if (!browser) return ctx.skip();
    for (const name of IMAGES) {
      const image = await decodeDev(name);
      const params = resolveParams(SETTINGS[1], 'json');
      const expected = cpu.render(planFrame(params, image), image);
      expectSame(await renderInPage(image, SETTINGS[1], 'bitmap', { sourceKey: name }), expected, `${name} bitmap`);
    }
  });

  it('a stream with the temporal filter equals the CPU twin frame by frame', async (ctx) => {
    if (!browser) return ctx.skip();
    const scene = await decodeDev('bright_smarties.png');
    const input = { columns: 64, motionSensitivity: 0.5 };
    const params = resolveParams(input, 'json');
    const plan = planFrame(params, scene);
    const state = new StreamState();
    await page.evaluate(() => window.gpuParity.reset());
    for (let f = 0; f < 5; f++) {
      const frame = withNoise(scene, 6 + 4 * f, f);
      const expected = cpu.render(plan, frame, state);
      expectSame(await renderInPage(frame, input, 'buffer', { stream: true }), expected, `stream frame ${f}`);
    }
  });

  /** The share of `result`'s glyphs equal to `expected`'s, logged with the path the frame took. */
  function glyphAgreement(result: ParityResult, expected: CellGrid): number {
    const glyphs = Buffer.from(result.glyphs, 'base64');
    let equal = 0;
    for (let i = 0; i < glyphs.length; i++) if (glyphs[i] === expected.glyphs[i]) equal++;
    console.info(
      `VideoFrame via ${result.framePath}: ${((equal / glyphs.length) * 100).toFixed(2)} % of glyphs equal to the CPU grid`,
    );
    return equal / glyphs.length;
  }

  async function baboonVideoFrame(on: Page) {
    const image = await decodeDev('portrait_baboon.jpg');
    const expected = cpu.render(planFrame(resolveParams({ columns: 64 }, 'json'), image), image);
    return { expected, result: await renderInPage(image, { columns: 64 }, 'videoframe', { sourceKey: 'baboon' }, on) };
  }

  it('a VideoFrame renders the same picture (imported, copied, or read back where the adapter refuses both)', async (ctx) => {
    if (!browser) return ctx.skip();
    const { expected, result } = await baboonVideoFrame(page);
    const agreement = glyphAgreement(result, expected);
    expect(['external', 'copy', 'cpu-copy']).toContain(result.framePath);
    if (result.framePath !== 'external') expectSame(result, expected, `VideoFrame via ${result.framePath}`);
    // an imported external texture goes through the browser's float color conversion
    else expect(agreement).toBeGreaterThan(0.97);
  });

  it('with a GPU-backed page (the canvas flags), a VideoFrame is imported: importExternalTexture, then the frame-import pass', async (ctx) => {
    if (!browser) return ctx.skip();
    const imported = await launchChromium(WEBGPU_CANVAS_FLAGS);
    if (!imported) return ctx.skip();
    try {
      const { expected, result } = await baboonVideoFrame(await openParityPage(imported));
      expect(result.framePath).toBe('external');
      // the browser converts the frame to RGB in float before the pass: near, not byte-equal
      expect(glyphAgreement(result, expected)).toBeGreaterThan(0.97);
      expect(errors).toEqual([]);
    } finally {
      await imported.close();
    }
  });
});

/**
 * Without WebGPU the studio renders with the CPU engine in a Worker and draws with Canvas 2D,
 * says so, and its output is the same as the WebGPU path's (the GPU compute executor, drawn
 * with WebGPU or Canvas 2D): all equal the server's render.
 */
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_INFO } from '../../engine/encode/formats.js';
import { FORMATS } from '../../engine/params.js';
import {
  collectErrors,
  downloadText,
  eventually,
  FIXTURE_PNG,
  launchBrowserWithoutWebGpu,
  launchStudioBrowser,
  serverRender,
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
    await page.goto(`${studio.url}/?columns=90&color=true&charset=minimal${query}`);
    await eventually(() => pillOf(page).textContent()).toContain(pill);
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => page.getByRole('img', { name: /^ASCII art, 90 by \d+ characters$/ }).count()).toBe(1);
    const out: Record<string, string> = {};
    for (const format of FORMATS) {
      const { text } = await downloadText(page, () =>
        page.getByRole('button', { name: `Download ${FORMAT_INFO[format].label}` }).click(),
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
    await cpu.page.goto(studio.url);
    const status = cpu.page.getByRole('status').filter({ hasText: 'CPU (Worker)' });
    await eventually(() => status.textContent()).toContain('CPU (Worker) — WebGPU unavailable');
    expect(await status.getAttribute('title')).toContain('Drawn with Canvas 2D');
    const fallback = await downloads(cpu.page, 'CPU (Worker) — WebGPU unavailable');

    const webgpu = await open(gpu);
    const withGpu = await downloads(webgpu.page, 'WebGPU · drawn with WebGPU');
    expect(await pillOf(webgpu.page).getAttribute('title')).toContain('Rendered by the WebGPU compute executor');

    expect(fallback).toEqual(withGpu);

    // The link can ask for Canvas 2D while WebGPU is there (draw=canvas2d): same output again.
    expect(await downloads(webgpu.page, 'WebGPU · drawn with Canvas 2D', '&draw=canvas2d')).toEqual(withGpu);
    expect(fallback.text).toBe(
      (await serverRender(FIXTURE_PNG, { columns: 90, color: true, charset: 'minimal' })).body,
    );
    expect(cpu.errors).toEqual([]);
    expect(webgpu.errors).toEqual([]);
  });
});

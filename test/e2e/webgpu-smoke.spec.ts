import type { Browser } from 'playwright-core';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startTestPages } from '../support/browser.js';
import { smokeInput, smokeReference } from '../support/smoke-shader.js';

describe('WebGPU in headless Chromium', () => {
  let browser: Browser | null;
  let pages: { server: ViteDevServer; url: string };

  beforeAll(async () => {
    browser = await launchChromium();
    pages = await startTestPages();
  });
  afterAll(async () => {
    await browser?.close();
    await pages?.server.close();
  });

  it('navigator.gpu yields an adapter and the smoke shader equals the TypeScript reference', async (ctx) => {
    if (!browser) return ctx.skip();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${pages.url}/webgpu-smoke.html`);
    await page.waitForFunction(() => typeof window.runSmokeTest === 'function');
    const input = smokeInput(4096);
    const result = await page.evaluate((xs) => window.runSmokeTest(xs), [...input]);
    expect(result).not.toHaveProperty('error');
    const { adapter, output } = result as { adapter: string; output: number[] };
    expect(adapter).toMatch(/\S/);
    expect(Uint32Array.from(output)).toEqual(smokeReference(input));
    expect(errors).toEqual([]);
  });
});

/**
 * Two-colour cells in the studio: both painters (WebGPU and Canvas 2D) paint each cell's
 * background, not only its glyph, and the exports carry the backgrounds as the server renders
 * them. The fixture is candies on white: drawn with backgrounds the picture is mostly light;
 * drawn without, glyphs on black, it is mostly dark.
 */
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadButtonName } from '../../studio/export/format-buttons.js';
import {
  collectErrors,
  downloadText,
  eventually,
  FIXTURE_PNG,
  launchStudioBrowser,
  serverRender,
  startStudio,
} from '../support/studio.js';

describe('studio: two-colour cells', () => {
  let studio: { app: FastifyInstance; url: string };
  let browser: Browser | null = null;

  beforeAll(async () => {
    studio = await startStudio();
    browser = await launchStudioBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await studio?.app.close();
  });

  /** The mean grey level (0..255) of the art as the screen shows it. */
  async function meanGrey(page: Page): Promise<number> {
    const art = page.getByRole('img', { name: /^ASCII art, 72 by \d+ characters$/ });
    await eventually(() => art.count()).toBe(1);
    const box = await art.boundingBox();
    if (!box) return 0;
    const grey = await sharp(await page.screenshot({ clip: box }))
      .greyscale()
      .raw()
      .toBuffer();
    return grey.reduce((s, v) => s + v, 0) / grey.length;
  }

  it.for(['webgpu', 'canvas2d'])('the %s painter paints the backgrounds', async (draw, ctx) => {
    if (!browser) return ctx.skip();
    const page = await (await browser.newContext()).newPage();
    const errors = collectErrors(page);
    const open = async (background: boolean) => {
      await page.goto(`${studio.url}/?diagnostics=on&columns=72&color=true&background=${background}&draw=${draw}`);
      const pill = page.getByRole('status').filter({ hasText: /^\s*(WebGPU|CPU \(Worker\))/ });
      await eventually(() => pill.textContent()).toContain(
        draw === 'webgpu' ? 'drawn with WebGPU' : 'drawn with Canvas 2D',
      );
      await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    };
    await open(true);
    await eventually(() => meanGrey(page)).toBeGreaterThan(150);
    const { text } = await downloadText(page, () =>
      page.getByRole('button', { name: downloadButtonName('ansi') }).click(),
    );
    const expected = await serverRender(FIXTURE_PNG, { columns: 72, color: true, background: true, format: 'ansi' });
    expect(text).toBe(expected.body);
    expect(text).toContain('48;2;');
    await open(false);
    await eventually(() => meanGrey(page)).toBeLessThan(100);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Photo look turned on with Colour off turns Colour on too', async (ctx) => {
    if (!browser) return ctx.skip();
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${studio.url}/?columns=72`);
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => meanGrey(page)).toBeLessThan(100);
    await page.getByRole('switch', { name: 'Photo look' }).check();
    await eventually(() => page.getByRole('switch', { name: 'Colour', exact: true }).isChecked()).toBe(true);
    await eventually(() => meanGrey(page)).toBeGreaterThan(150);
    expect(new URL(page.url()).searchParams.get('color')).toBe('true');
    await page.context().close();
  });
});

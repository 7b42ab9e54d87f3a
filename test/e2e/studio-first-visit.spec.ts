/**
 * The studio as a first-time visitor meets it: samples to start from, a short set of controls
 * in plain words, a phone layout with the picture and a control on one screen, and the picture
 * kept across a reload until Close.
 */
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PARAMS } from '../../engine/index.js';
import { downloadButtonName } from '../../studio/export/format-buttons.js';
import { MAIN_PARAMS } from '../../studio/state/param-labels.js';
import {
  collectErrors,
  downloadText,
  eventually,
  FIXTURE_PNG,
  FIXTURE_SIZE,
  launchStudioBrowser,
  startStudio,
  stubServerRoutes,
} from '../support/studio.js';

describe('studio: a first visit', () => {
  let browser: Browser | null;
  let studio: { app: FastifyInstance; url: string };
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launchStudioBrowser();
    studio = await startStudio();
  });
  afterAll(async () => {
    await browser?.close();
    await studio?.app.close();
  });
  beforeEach(async (ctx) => {
    if (!browser) return ctx.skip();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await stubServerRoutes(context, { receiverOrigin: null });
    page = await context.newPage();
    errors = collectErrors(page);
  });
  afterEach(async () => {
    await context?.close();
  });

  const art = (p: Page = page) => p.getByRole('img', { name: /^ASCII art, \d+ by \d+ characters$/ });
  /** The frame on show, as its text download. */
  const frameText = async () =>
    (await downloadText(page, () => page.getByRole('button', { name: downloadButtonName('text') }).click())).text;
  const samples = () => page.getByRole('group', { name: 'Samples' }).getByRole('button');

  it('shows samples on the empty stage; one click on a sample gives art, named in the link', async () => {
    await page.goto(studio.url);
    expect(await samples().allTextContents()).toEqual(['Astronaut', 'Rocket', 'Street', 'Walkers (video)']);
    await samples().first().click();
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 120 by \d+ characters$/);
    await eventually(() => new URL(page.url()).searchParams.get('sample')).toBe('astronaut');
    // the sample's link opens the sample
    const second = await context.newPage();
    await second.goto(`${studio.url}/?sample=rocket&columns=80`);
    await eventually(() => art(second).getAttribute('aria-label')).toMatch(/^ASCII art, 80 by /);
    expect(await second.getByText('rocket.jpg').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('plays the sample clip as a stream', async () => {
    await page.goto(studio.url);
    await page.getByRole('button', { name: 'Walkers (video)' }).click();
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 120 by /);
    const first = await frameText();
    await eventually(frameText).not.toBe(first);
    expect(errors).toEqual([]);
  });

  it('shows at most 8 controls before Advanced is opened, each labelled in words, never by its key', async () => {
    await page.goto(studio.url);
    const rail = page.getByRole('complementary', { name: 'Render parameters' });
    const advanced = rail.locator('details.advanced');
    expect(await advanced.getAttribute('open')).toBeNull();
    const shown = rail.locator('gc-param-field:visible');
    expect(await shown.count()).toBe(MAIN_PARAMS.length);
    expect(MAIN_PARAMS.length).toBeLessThanOrEqual(8);
    await advanced.locator('summary').click();
    // every parameter but the file type (it belongs to Export) has a control
    await eventually(() => shown.count()).toBe(PARAMS.length - 1);
    // no visible label names a parameter by its key ("Columns columns"); no help line uses a
    // key that is not also a word ("maxGlyphRmse"; "edges" may be said in a sentence)
    const words = (names: string[]) => new RegExp(`\\b(${names.join('|')})\\b`);
    const labels = await rail.locator('label:visible, legend:visible, summary:visible').allInnerTexts();
    expect(labels.length).toBeGreaterThan(PARAMS.length / 2);
    expect(labels.filter((t) => words(PARAMS.map((p) => p.name)).test(t))).toEqual([]);
    const help = await rail.locator('p:visible').allInnerTexts();
    expect(help.length).toBeGreaterThan(PARAMS.length / 2);
    const camel = PARAMS.map((p) => p.name).filter((n) => /[A-Z]/.test(n));
    expect(help.filter((t) => words(camel).test(t))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('on a 390×844 phone, the art and a main control share the first screen, at a readable width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(studio.url);
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, \d+ by /);
    const columns = Number((await art().getAttribute('aria-label'))?.match(/(\d+) by/)?.[1]);
    expect(columns).toBeLessThan(80);
    const picture = await art().boundingBox();
    const width = await page.getByRole('spinbutton', { name: 'Width' }).boundingBox();
    expect(picture && picture.y >= 0 && picture.y + picture.height / 2 <= 844, JSON.stringify(picture)).toBe(true);
    expect(width && width.y >= 0 && width.y + width.height <= 844, JSON.stringify(width)).toBe(true);
    // a notice overlays the page: the picture stays where it is
    await page.getByLabel('Open an image or video file').setInputFiles({
      name: 'broken.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a png'),
    });
    await eventually(() => page.getByRole('alert').count()).toBeGreaterThan(0);
    const after = await art().boundingBox();
    expect(after?.y).toBe(picture?.y);
  });

  it('shrinks a picture over 40 megapixels to fit, rather than refuse it', async () => {
    // 10000 x 9000 = 90 MP: half black, half white, so the art shows where the halves meet
    const half = { width: 5000, height: 9000, channels: 3 as const };
    const huge = await sharp({ create: { ...half, width: 10000, background: '#000000' } })
      .composite([{ input: { create: { ...half, background: '#ffffff' } }, left: 5000, top: 0 }])
      .png({ compressionLevel: 1 })
      .toBuffer();
    await page.goto(`${studio.url}/?columns=40&autoOptimize=0`);
    await page
      .getByLabel('Open an image or video file')
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: huge });
    await eventually(() => art().getAttribute('aria-label'), 60_000).toMatch(/^ASCII art, 40 by \d+ characters$/);
    expect(await page.getByRole('alert').count()).toBe(0);
    const rows = (await frameText()).split('\n').filter((line) => line.length > 0);
    // the left half is dark (blank glyphs), the right half light (inked)
    expect(rows[5].slice(0, 15).trim()).toBe('');
    expect(rows[5].slice(25).trim().length).toBe(15);
    expect(errors).toEqual([]);
  }, 120_000);

  it('keeps the picture across a reload until Close; a shared look without a picture says what to do', async () => {
    await page.goto(`${studio.url}/?columns=90`);
    expect(await page.getByText('This link carries a look, not a picture.').count()).toBe(1);
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => page.getByText(FIXTURE_SIZE).count()).toBe(1);
    const before = await frameText();
    await page.reload();
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 90 by /);
    await eventually(() => page.getByText(FIXTURE_SIZE).count()).toBe(1);
    expect(await frameText()).toBe(before);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await eventually(() => samples().count()).toBe(4);
    await page.reload();
    await eventually(() => samples().count()).toBe(4);
    expect(await art().count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

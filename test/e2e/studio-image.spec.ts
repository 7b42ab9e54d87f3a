/**
 * The studio with an image: loads cleanly, renders a dropped image, every control is live and
 * kept in the URL, and every download equals the server's render of the same image and params.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORMAT_INFO } from '../../engine/encode/formats.js';
import { FORMATS } from '../../engine/index.js';
import { downloadButtonName } from '../../studio/export/format-buttons.js';
import { REPO_ROOT, SCREENSHOTS } from '../support/browser.js';
import {
  accessibilityViolations,
  collectErrors,
  downloadText,
  dropFile,
  eventually,
  FIXTURE_PNG,
  FIXTURE_SIZE,
  launchStudioBrowser,
  openAdvanced,
  serverRender,
  settledBox,
  startStudio,
  stubServerRoutes,
  withoutTimings,
} from '../support/studio.js';

/** Whether `locator`'s element has the focus inside its shadow root (or the document). */
function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const root = el.getRootNode();
    return (root instanceof ShadowRoot || root instanceof Document) && root.activeElement === el;
  });
}

describe('studio: image mode', () => {
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

  const art = () => page.getByRole('img', { name: /^ASCII art, \d+ by \d+ characters$/ });
  const download = (format: (typeof FORMATS)[number]) =>
    downloadText(page, () => page.getByRole('button', { name: downloadButtonName(format) }).click());

  it('loads with no console errors, says how it renders (diagnostics view), and renders a dropped image', async () => {
    await page.goto(`${studio.url}/?diagnostics=on`);
    // auto: WebGPU on a hardware adapter; on a software fallback adapter (SwiftShader here) the
    // CPU Worker renders and Canvas 2D draws, and the pill's "why?" says why (also its tooltip)
    const fallback = await page.evaluate(async () => (await navigator.gpu.requestAdapter())?.info.isFallbackAdapter);
    const pill = page.getByRole('status').first();
    await eventually(() => pill.textContent()).toContain(
      fallback ? 'CPU (Worker) · drawn with Canvas 2D' : 'WebGPU · drawn with WebGPU',
    );
    const why = page.getByRole('button', { name: 'Why this engine?' });
    const reason = page.getByRole('list', { name: 'Why this engine' });
    expect(await reason.isVisible()).toBe(false);
    await why.click();
    expect(await why.getAttribute('aria-expanded')).toBe('true');
    // the tooltip's reason, a clause a line
    const lines = (await reason.getByRole('listitem').allTextContents()).map((l) => l.trim());
    expect(lines[0]).toMatch(/^Rendered by the/);
    expect(lines.join('; ')).toBe(await pill.getAttribute('title'));
    if (fallback) expect(lines.join(' ')).toContain('the WebGPU adapter is a software fallback');
    await page.keyboard.press('Escape');
    await eventually(() => reason.isVisible()).toBe(false);
    expect(await why.getAttribute('aria-expanded')).toBe('false');
    await dropFile(page, page.getByText('Drop an image or a video here'), FIXTURE_PNG, 'image/png');
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 120 by \d+ characters$/);
    await eventually(() => page.getByText(FIXTURE_SIZE).count()).toBe(1);
    // the heading reads as words; without a receiver, the handoff panel (diagnostics) says how to name one
    expect(await page.getByRole('heading', { level: 1 }).getAttribute('aria-label')).toBe('glyphcast studio');
    await eventually(() => page.getByText("start it with RECEIVER_ORIGIN set to that page's origin").count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('passes an accessibility audit (axe-core): empty, with a color picture, its evidence and a notice', async () => {
    await page.goto(`${studio.url}/?columns=9999`);
    const notice = page.getByRole('status').filter({ hasText: 'Some values in this link were not used' });
    await eventually(() => notice.count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goto(`${studio.url}/?color=true&columns=100&diagnostics=on`);
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 100 by /);
    await eventually(() =>
      page.getByRole('region', { name: 'Auto Director evidence' }).getByRole('table').count(),
    ).toBe(1);
    await page.getByRole('button', { name: 'Why this engine?' }).click();
    expect(await accessibilityViolations(page)).toEqual([]);
    // the exports a page would embed: each is one named image to a screen reader
    const html = (await download('html')).text;
    const svg = (await download('svg')).text.replace(/^<\?xml[^>]*>\n/, '');
    expect(errors).toEqual([]);
    for (const body of [html, `<!doctype html><html lang="en"><title>svg</title><body>${svg}</body></html>`]) {
      await page.setContent(body);
      expect(await accessibilityViolations(page, 'wcag')).toEqual([]);
    }
  });

  it('renders an image pasted from the clipboard', async () => {
    await page.goto(`${studio.url}/?columns=60`);
    const base64 = fs.readFileSync(FIXTURE_PNG).toString('base64');
    await page.evaluate((b64) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'pasted.png', { type: 'image/png' }));
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true }));
    }, base64);
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 60 by /);
    const { name, text } = await download('text');
    expect(name).toMatch(/^glyphcast-pasted-60x\d+\.txt$/);
    expect(text).toBe((await serverRender(FIXTURE_PNG, { columns: 60 })).body);
  });

  it('downloads the frame in all six formats, each equal to the server render of the same image and params', async () => {
    const query = { columns: '72', color: 'true', charset: 'standard', monoColor: '#ffcc00' };
    await page.goto(`${studio.url}/?${new URLSearchParams(query)}`);
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 72 by /);
    for (const format of FORMATS) {
      const { name, text } = await download(format);
      expect(name).toMatch(
        new RegExp(
          `^glyphcast-bright-smarties-72x\\d+${format === 'json-compact' ? '\\.compact' : ''}\\.${FORMAT_INFO[format].extension}$`,
        ),
      );
      const expected = await serverRender(FIXTURE_PNG, {
        columns: 72,
        color: true,
        charset: 'standard',
        monoColor: '#ffcc00',
        format,
      });
      if (format === 'json' || format === 'json-compact')
        expect(withoutTimings(text)).toEqual(withoutTimings(expected.body));
      else expect(text).toBe(expected.body);
    }
    expect(errors).toEqual([]);
  });

  it('opens BMP and Netpbm files (which Chromium reads in part, or not at all) as the server does, bit for bit', async () => {
    const { data, info } = await sharp(FIXTURE_PNG).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const ppm = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-ppm-')), 'smarties.ppm');
    fs.writeFileSync(ppm, Buffer.concat([Buffer.from(`P6\n${info.width} ${info.height}\n255\n`), data]));
    const rle = path.join(REPO_ROOT, 'test/fixtures/bad/decode-rle8.bmp');
    await page.goto(`${studio.url}/?columns=40`);
    for (const file of [ppm, rle]) {
      await page.getByLabel('Open an image or video file').setInputFiles(file);
      const expected = (await serverRender(file, { columns: 40 })).body;
      await eventually(async () => (await download('text')).text).toBe(expected);
    }
    expect(errors).toEqual([]);
  });

  it('changing a control changes the output and the link; the output still equals the server render', async () => {
    await page.goto(studio.url);
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 120 by /);
    const before = await download('text');

    await page.getByRole('combobox', { name: 'Style' }).selectOption('blocks');
    // each change a field sends, counted: Enter applies a typed value once (the browser's own
    // change event after it is not a second one: a second render, a second handoff frame)
    await page.evaluate(() => {
      const sent: string[] = [];
      (window as unknown as { sent: string[] }).sent = sent;
      document.addEventListener('gc-param-change', (e) => {
        const { name, value } = (e as CustomEvent<{ name: string; value: unknown }>).detail;
        sent.push(`${name}=${value}`);
      });
    });
    await page.getByRole('spinbutton', { name: 'Width' }).fill('64');
    await page.getByRole('spinbutton', { name: 'Width' }).press('Enter');
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 64 by /);
    // leaving the field after Enter applies nothing more
    await page.getByRole('spinbutton', { name: 'Width' }).press('Tab');
    expect(await page.evaluate(() => (window as unknown as { sent: string[] }).sent)).toEqual(['columns=64']);
    await eventually(() => new URL(page.url()).search).toBe('?columns=64&charset=blocks');

    const after = await download('text');
    expect(after.text).not.toBe(before.text);
    expect(after.text).toBe((await serverRender(FIXTURE_PNG, { columns: 64, charset: 'blocks' })).body);

    // Keyboard: a slider moves by its step, and the reset button brings the default back.
    const contrast = page.getByRole('slider', { name: 'Contrast', exact: true });
    await contrast.focus();
    await contrast.press('ArrowRight');
    await eventually(() => new URL(page.url()).searchParams.get('contrast')).toBe('1.2');
    await page.getByRole('button', { name: 'Reset Contrast to 1.15' }).press('Enter');
    await eventually(() => new URL(page.url()).searchParams.get('contrast')).toBeNull();
    // the reset button is now disabled: the keyboard carries on from the slider, not from the page
    await eventually(() => hasFocus(contrast)).toBe(true);

    // A typed value between the steps: the thumb shows it exactly, and the keys go on to the
    // next step in their direction.
    const typed = page.getByRole('spinbutton', { name: 'Contrast', exact: true });
    for (const [key, next] of [
      ['ArrowRight', '1.1'],
      ['ArrowLeft', '1.05'],
    ] as const) {
      await typed.fill('1.07');
      await typed.press('Enter');
      await eventually(() => new URL(page.url()).searchParams.get('contrast')).toBe('1.07');
      await eventually(() => contrast.inputValue()).toBe('1.07');
      await contrast.press(key);
      await eventually(() => new URL(page.url()).searchParams.get('contrast')).toBe(next);
      expect(await contrast.inputValue()).toBe(next);
    }

    // Text being typed survives a render of its field (here: a new Auto Director value).
    await typed.fill('1.3');
    await page.evaluate(async () => {
      type Field = HTMLElement & { info: { name: string }; tuned: unknown; updateComplete: Promise<boolean> };
      const app = document.querySelector('gc-studio') as unknown as { renderRoot: ShadowRoot };
      const panel = app.renderRoot.querySelector('gc-param-panel') as unknown as { renderRoot: ShadowRoot };
      const fields = [...panel.renderRoot.querySelectorAll('gc-param-field')] as Field[];
      const field = fields.find((f) => f.info.name === 'contrast') as Field;
      field.tuned = 3.3;
      await field.updateComplete;
    });
    expect(await typed.inputValue()).toBe('1.3');
    await typed.press('Enter');
    await eventually(() => new URL(page.url()).searchParams.get('contrast')).toBe('1.3');
    expect(errors).toEqual([]);
  });

  it('says a still is being rendered again while its new settings render', async () => {
    await page.goto(`${studio.url}/?columns=100&diagnostics=on`);
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 100 by /);
    const stage = page.getByRole('region', { name: 'Picture' });
    await eventually(() => stage.getAttribute('aria-busy')).toBe('false');
    // every state the stage and the HUD go through, recorded in the page (a render is brief)
    await page.evaluate(() => {
      const app = document.querySelector('gc-studio') as unknown as { renderRoot: ShadowRoot };
      const el = app.renderRoot.querySelector('gc-stage') as HTMLElement;
      const hud = el.querySelector('gc-hud')?.shadowRoot as ShadowRoot;
      const seen = { busy: [] as string[], hud: [] as boolean[] };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => seen.busy.push(String(el.getAttribute('aria-busy')))).observe(el, {
        attributes: true,
        attributeFilter: ['aria-busy'],
      });
      new MutationObserver(() => seen.hud.push((hud.textContent ?? '').includes('rendering…'))).observe(hud, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await page.getByRole('spinbutton', { name: 'Width' }).fill('70');
    await page.getByRole('spinbutton', { name: 'Width' }).press('Enter');
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 70 by /);
    await eventually(() => stage.getAttribute('aria-busy')).toBe('false');
    const seen = await page.evaluate(() => (window as unknown as { seen: { busy: string[]; hud: boolean[] } }).seen);
    expect([seen.busy[0], seen.busy.at(-1)]).toEqual(['true', 'false']);
    expect(seen.hud).toContain(true);
    expect(seen.hud.at(-1)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('publishes and draws each frame with the settings it was rendered with, however fast they change', async () => {
    await page.goto(`${studio.url}/?columns=100`);
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 100 by /);
    await page.evaluate(() => {
      type Frame = { grid: { columns: number }; params: { columns: number } };
      const app = document.querySelector('gc-studio') as unknown as {
        bus: { subscribe(l: (f: Frame) => void): () => void };
      };
      const seen: [number, number][] = [];
      (window as unknown as { seen: typeof seen }).seen = seen;
      app.bus.subscribe(({ grid, params }) => seen.push([grid.columns, params.columns]));
    });
    // a key held on the slider: each step changes the look while the previous render is in flight
    const slider = page.getByRole('slider', { name: 'Width' });
    await slider.focus();
    for (let i = 0; i < 30; i++) await slider.press('ArrowRight');
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 130 by /);
    const seen = await page.evaluate(() => (window as unknown as { seen: [number, number][] }).seen);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter(([grid, params]) => grid !== params)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('says on the stage why an image cannot be rendered at these settings, until a setting renders it', async () => {
    const sliver = await sharp({ create: { width: 16, height: 3000, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    await page.goto(`${studio.url}/?columns=120`);
    await page
      .getByLabel('Open an image or video file')
      .setInputFiles({ name: 'sliver.png', mimeType: 'image/png', buffer: sliver });
    const stage = page.getByRole('region', { name: 'Picture' });
    await eventually(() => stage.getByText('sliver.png could not be rendered').isVisible()).toBe(true);
    const alert = page.getByRole('alert');
    await eventually(() => alert.textContent()).toMatch(/needs 11250 rows; the limit is 2000/);
    expect(await stage.getAttribute('aria-busy')).toBe('false');
    // another setting that fails too: its notice replaces the first, not beside it
    await page.getByRole('spinbutton', { name: 'Width' }).fill('100');
    await page.getByRole('spinbutton', { name: 'Width' }).press('Enter');
    await eventually(() => alert.textContent()).toMatch(/needs 9375 rows/);
    expect(await alert.count()).toBe(1);
    await page.getByRole('spinbutton', { name: 'Width' }).fill('8');
    await page.getByRole('spinbutton', { name: 'Width' }).press('Enter');
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 8 by /);
    await eventually(() => alert.count()).toBe(0);
    expect(await stage.getByText('could not be rendered').count()).toBe(0);
    // settings it cannot take after a picture: that picture goes (no stale art to export), not just a notice
    const downloadText = page.getByRole('button', { name: downloadButtonName('text') });
    expect(await downloadText.isEnabled()).toBe(true);
    await page.getByRole('spinbutton', { name: 'Width' }).fill('120');
    await page.getByRole('spinbutton', { name: 'Width' }).press('Enter');
    await eventually(() => stage.getByText('sliver.png could not be rendered').isVisible()).toBe(true);
    expect(await art().isVisible()).toBe(false);
    await eventually(() => downloadText.isEnabled()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('skip links take the keyboard past the controls, to the picture or to export and handoff', async () => {
    await page.goto(studio.url);
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art/);
    // the first stop of the page
    await page.keyboard.press('Tab');
    const toPicture = page.getByRole('link', { name: 'Skip to the picture' });
    await eventually(() => hasFocus(toPicture)).toBe(true);
    expect(await toPicture.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await eventually(() => hasFocus(page.getByRole('region', { name: 'Picture' }))).toBe(true);

    await toPicture.focus();
    await page.keyboard.press('Tab');
    await eventually(() => hasFocus(page.getByRole('link', { name: 'Skip to export and handoff' }))).toBe(true);
    await page.keyboard.press('Enter');
    await eventually(() => hasFocus(page.getByRole('region', { name: 'Evidence, export and handoff' }))).toBe(true);
    // the stage's own buttons are in the Tab order (its focus target takes no tabindex of its own)
    await page.keyboard.press('Shift+Tab');
    await eventually(() => hasFocus(page.getByRole('button', { name: 'Full screen' }))).toBe(true);
    await page.keyboard.press('Tab');
    await eventually(() => hasFocus(page.getByRole('region', { name: 'Evidence, export and handoff' }))).toBe(false);
    await page.getByRole('region', { name: 'Evidence, export and handoff' }).focus();
    // the next stop is in one of the dock's panels, not back among the parameters
    await page.keyboard.press('Tab');
    const focusPath = await page.evaluate(() => {
      const names: string[] = [];
      for (let el = document.activeElement; el; el = el.shadowRoot?.activeElement ?? null) names.push(el.localName);
      return names;
    });
    expect(focusPath.filter((n) => n.endsWith('-panel'))).toEqual([
      expect.stringMatching(/^gc-(evidence|export|handoff)-panel$/),
    ]);
    expect(errors).toEqual([]);
  });

  it('copies the link to the look: it opens the same look, without the trace id of this session', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: studio.url });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await page.goto(`${studio.url}/?columns=77&traceId=${traceId}`);
    await page.getByRole('combobox', { name: 'Style' }).selectOption('blocks');
    await eventually(() => new URL(page.url()).searchParams.get('charset')).toBe('blocks');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await eventually(() => page.getByText(/^Copied the link to this look/).textContent()).toContain(
      '2 settings differ from the defaults',
    );
    const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(Object.fromEntries(link.searchParams)).toEqual({ columns: '77', charset: 'blocks' });
    await page.goto(link.href);
    expect(await page.getByRole('spinbutton', { name: 'Width' }).inputValue()).toBe('77');
    expect(await page.getByRole('combobox', { name: 'Style' }).inputValue()).toBe('blocks');

    // a link spelled otherwise (blanks, a leading zero, defaults, a studio switch) is written
    // back as the studio writes links: only the settings that differ, and they are what is counted
    await page.goto(`${studio.url}/?columns=%20%20080%20&contrast=1.15&charset=detailed&draw=canvas2d`);
    await eventually(() => new URL(page.url()).search).toBe('?columns=80&draw=canvas2d');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await eventually(() => page.getByText(/^Copied the link to this look/).textContent()).toContain(
      '(1 setting differs from the defaults)',
    );
    expect(errors).toEqual([]);
  });

  it("refuses a typed value out of range by the control's label, marks the field invalid and describes it by the refusal", async () => {
    await page.goto(`${studio.url}/`);
    const columns = page.getByRole('spinbutton', { name: 'Width' });
    await columns.fill('5000');
    await columns.press('Enter');
    const refusal = 'Width: expected an integer from 8 to 400, received "5000". The value stays 120.';
    await eventually(() => page.getByRole('alert').filter({ hasText: refusal }).count()).toBe(1);
    expect(await columns.getAttribute('aria-invalid')).toBe('true');
    const described = await columns.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => (el.getRootNode() as ShadowRoot).getElementById(id)?.textContent?.trim())
        .join(' | '),
    );
    expect(described).toContain(refusal);
    // Enter shows the value in force again, as leaving the field does
    expect(await columns.inputValue()).toBe('120');
    // a change of the look anywhere else takes the refusal down: it spoke of another look
    await page.getByRole('switch', { name: 'Light page' }).check();
    await eventually(() => page.getByRole('alert').filter({ hasText: 'Width:' }).count()).toBe(0);
    expect(await columns.getAttribute('aria-invalid')).toBe('false');
    // a value it takes is shown as the studio writes it
    await columns.fill('1e2');
    await columns.press('Enter');
    await eventually(() => new URL(page.url()).searchParams.get('columns')).toBe('100');
    expect(await columns.inputValue()).toBe('100');
    // a value it takes clears both
    await columns.fill('5000');
    await columns.press('Enter');
    await eventually(() => columns.getAttribute('aria-invalid')).toBe('true');
    await columns.fill('64');
    await columns.press('Enter');
    await eventually(() => columns.getAttribute('aria-invalid')).toBe('false');
    expect(await page.getByRole('alert').filter({ hasText: 'Width:' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('reads the whole look from the link, and reports a bad value while keeping its default', async () => {
    await page.goto(`${studio.url}/?columns=9000&charset=dots&invert=maybe&color=true`);
    const notice = page.getByRole('status').filter({ hasText: 'Some values in this link were not used' });
    await eventually(() => notice.textContent()).toContain(
      'columns: expected an integer from 8 to 400, received "9000"',
    );
    await eventually(() => notice.textContent()).toContain('invert: expected true or false, received "maybe"');
    await eventually(() => page.getByRole('spinbutton', { name: 'Width' }).inputValue()).toBe('120');
    await eventually(() => page.getByRole('combobox', { name: 'Style' }).inputValue()).toBe('dots');
    await eventually(() => page.getByRole('switch', { name: 'Colour' }).isChecked()).toBe(true);
    // the address keeps only the values in force, so a copied link carries no refused ones
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ charset: 'dots', color: 'true' });
    // the first change rewrites the link from the params: the notice about the old one goes
    await page.getByRole('switch', { name: 'Light page' }).check();
    await eventually(() => notice.count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('columns')).toBeNull();
  });

  it('applies a quality preset and shows it pressed', async () => {
    await page.goto(studio.url);
    await openAdvanced(page);
    await page.getByRole('button', { name: 'Low light' }).click();
    await eventually(() => page.getByRole('button', { name: 'Low light' }).getAttribute('aria-pressed')).toBe('true');
    const search = new URL(page.url()).searchParams;
    expect(search.get('qualityTarget')).toBe('low-light');
    expect(search.get('gamma')).toBe('1.4');
    // edited, the look is the user's own: no preset shows pressed, and the note says so
    await page.getByRole('spinbutton', { name: 'Midtones' }).fill('1.3');
    await page.getByRole('spinbutton', { name: 'Midtones' }).press('Enter');
    await eventually(() => page.getByRole('button', { name: 'Low light' }).getAttribute('aria-pressed')).toBe('false');
    await eventually(() => page.getByText('Your own settings, judged by the Low light rubric').count()).toBe(1);
  });

  it('says what a preset or Reset all changed, and undoes it', async () => {
    await page.goto(`${studio.url}/?columns=77&contrast=2`);
    const query = () => Object.fromEntries(new URL(page.url()).searchParams);
    const undo = page.getByRole('button', { name: 'Undo' });
    await page.getByRole('button', { name: 'Reset all' }).click();
    await eventually(() => page.getByText(/^Reset all changed/).textContent()).toBe(
      'Reset all changed 2 settings: Width, Contrast.',
    );
    expect(query()).toEqual({});
    await undo.click();
    await eventually(query).toEqual({ columns: '77', contrast: '2' });
    expect(await page.getByRole('spinbutton', { name: 'Width' }).inputValue()).toBe('77');
    expect(await undo.count()).toBe(0);

    // a preset says which settings it set; the next change of the look retires its undo
    await openAdvanced(page);
    await page.getByRole('button', { name: 'Low light' }).click();
    await eventually(() => page.getByText(/^The Low light preset changed/).textContent()).toMatch(
      /^The Low light preset changed \d+ settings: .*Midtones/,
    );
    // pressed again it changes nothing, and its undo stays
    await page.getByRole('button', { name: 'Low light' }).click();
    await page.evaluate(() => new Promise(requestAnimationFrame)); // the studio has rendered the click
    expect(await undo.count()).toBe(1);
    await page.getByRole('spinbutton', { name: 'Width' }).fill('60');
    await page.getByRole('spinbutton', { name: 'Width' }).press('Enter');
    await eventually(() => undo.count()).toBe(0);
    expect(query()).toMatchObject({ columns: '60', qualityTarget: 'low-light' });
    expect(errors).toEqual([]);
  });

  it('a file that cannot be opened leaves one notice; a notice closed from the keyboard keeps its place', async () => {
    await page.goto(`${studio.url}/?columns=77`);
    const open = page.getByLabel('Open an image or video file');
    const alert = page.getByRole('alert');
    await open.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await eventually(() => alert.textContent()).toMatch(/notes\.txt: this file could not be read as an image/);
    // the next file that fails replaces that notice, instead of stacking beside it
    await open.setInputFiles({
      name: 'broken.png',
      mimeType: 'image/png',
      buffer: fs.readFileSync(FIXTURE_PNG).subarray(0, 40),
    });
    await eventually(() => alert.textContent()).toMatch(/broken\.png: /);
    expect(await alert.count()).toBe(1);
    await open.setInputFiles({ name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) });
    await eventually(() => alert.textContent()).toMatch(/empty\.png: the file is empty \(0 bytes\)/);
    expect(await alert.count()).toBe(1);

    await page.getByRole('button', { name: 'Reset all' }).click();
    const undo = page.getByRole('button', { name: 'Undo' });
    await eventually(() => undo.count()).toBe(1);
    // Dismiss from the keyboard: the focus moves to the notice that takes its place
    await alert.getByRole('button', { name: 'Dismiss' }).focus();
    await page.keyboard.press('Enter');
    await eventually(() => alert.count()).toBe(0);
    await eventually(() => hasFocus(page.getByRole('button', { name: 'Dismiss' }))).toBe(true);
    // the last notice closed (Undo): the focus goes to the picture, not to the top of the page
    await undo.focus();
    await page.keyboard.press('Enter');
    await eventually(() => undo.count()).toBe(0);
    await eventually(() => hasFocus(page.getByRole('region', { name: 'Picture' }))).toBe(true);
    expect(new URL(page.url()).searchParams.get('columns')).toBe('77');
    expect(errors).toEqual([]);
  });

  it('keeps an image URL source in the link, and opens it from a link', async () => {
    const image = 'https://images.example/smarties.png';
    const calls = await stubServerRoutes(context, { receiverOrigin: null, images: { [image]: FIXTURE_PNG } });
    await page.goto(`${studio.url}/?columns=48&image=${encodeURIComponent(image)}`);
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 48 by /);
    expect(calls.at(-1)?.body).toMatchObject({ imageUrl: image, columns: 48 });
    expect(new URL(page.url()).searchParams.get('image')).toBe(image);
    // another source: the link no longer names the address
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => new URL(page.url()).searchParams.has('image')).toBe(false);
    expect(new URL(page.url()).searchParams.get('columns')).toBe('48');
    expect(errors).toEqual([]);
  });

  it('renders an image URL through the server render API', async () => {
    const calls = await stubServerRoutes(context, {
      receiverOrigin: null,
      images: { 'https://images.example/smarties.png': FIXTURE_PNG },
    });
    await page.goto(`${studio.url}/?columns=48`);
    await page.getByRole('textbox', { name: 'Image URL' }).fill('https://images.example/smarties.png');
    await page.getByRole('button', { name: 'Render URL' }).click();
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 48 by /);
    expect(calls.at(-1)?.body).toMatchObject({
      imageUrl: 'https://images.example/smarties.png',
      format: 'json-compact',
      columns: 48,
    });
    const { text } = await download('text');
    expect(text).toBe((await serverRender(FIXTURE_PNG, { columns: 48 })).body);

    // the real route refuses a host it does not trust: the error says so in plain words, and
    // the picture already shown stays, with its downloads
    await page.getByRole('textbox', { name: 'Image URL' }).fill('https://elsewhere.example/x.png');
    await page.getByRole('button', { name: 'Render URL' }).click();
    await eventually(() => page.getByRole('alert').first().textContent()).toContain(
      'https://elsewhere.example/x.png: this server fetches images only from the hosts its operator trusts, and elsewhere.example is not one of them',
    );
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 48 by /);
    expect((await download('text')).text).toBe(text);

    // a long address wraps in its notice: the reason and the Dismiss button stay on screen,
    // on a phone too, and the page grows no wider than the window
    const long = `https://elsewhere.example/${'a'.repeat(400)}.png?${'q=1&'.repeat(40)}`;
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('textbox', { name: 'Image URL' }).fill(long);
      await page.getByRole('button', { name: 'Render URL' }).click();
      const alert = page.getByRole('alert').filter({ hasText: long });
      await eventually(() => alert.count()).toBe(1);
      const dismiss = alert.getByRole('button', { name: 'Dismiss' });
      const box = await dismiss.boundingBox();
      expect(box && box.x + box.width <= width).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await dismiss.click();
      await eventually(() => alert.count()).toBe(0);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // a shared link's refused address leaves the link, but stays in the URL field to be mended
    await page.goto(`${studio.url}/?columns=48&image=${encodeURIComponent('https://elsewhere.example/y.png')}`);
    await eventually(() => page.getByRole('alert').first().textContent()).toContain(
      'https://elsewhere.example/y.png: this server fetches images only from the hosts its operator trusts',
    );
    const field = page.getByRole('textbox', { name: 'Image URL' });
    await eventually(() => field.inputValue()).toBe('https://elsewhere.example/y.png');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ columns: '48' });

    // opening a file makes that error moot: it goes
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => page.getByRole('alert').count()).toBe(0);

    // an image address pasted anywhere outside a text field is rendered as if entered
    const rendered = calls.length;
    const paste = (text: string) =>
      page.evaluate((t) => {
        const data = new DataTransfer();
        data.setData('text/plain', t);
        document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
      }, text);
    await paste('just some words');
    await paste('  https://images.example/smarties.png\n');
    await eventually(() => calls.length).toBe(rendered + 1);
    expect(calls.at(-1)?.body).toMatchObject({ imageUrl: 'https://images.example/smarties.png', columns: 48 });
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 48 by /);
    expect(await page.getByRole('alert').count()).toBe(0);

    // and so is an image dragged from another page as its address (a text/uri-list) and dropped
    const dataTransfer = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.setData('text/uri-list', '# dragged from a page\r\nhttps://images.example/smarties.png');
      return data;
    });
    await page.locator('gc-stage').dispatchEvent('dragover', { dataTransfer });
    await page.locator('gc-stage').dispatchEvent('drop', { dataTransfer });
    await eventually(() => calls.length).toBe(rendered + 2);
    expect(calls.at(-1)?.body).toMatchObject({ imageUrl: 'https://images.example/smarties.png', columns: 48 });
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 48 by /);
  });

  it('says under a control when the Auto Director renders another value than it shows; keeps a value the user set', async () => {
    await page.goto(`${studio.url}/?columns=48`);
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await openAdvanced(page);
    const director = page.getByRole('region', { name: 'Auto Director evidence' });
    // each value as the controls write it (0.90, not the engine's 0.9; a switch on or off), and why
    await eventually(() => director.textContent()).toMatch(/Auto levels 0\.90 → [\d.]+/);
    const rendered = Number((await director.textContent())?.match(/Auto levels 0\.90 → ([\d.]+)/)?.[1]);
    expect(await director.textContent()).not.toMatch(/\b(true|false)\b/);
    expect(await director.getByRole('list', { name: 'Why' }).getByRole('listitem').count()).toBeGreaterThan(0);
    const contrastField = () =>
      page.locator('gc-param-field').filter({ has: page.getByRole('slider', { name: 'Auto levels' }) });
    const note = contrastField().getByText(
      /^The Auto Director renders [\d.]+ while this is at its default \(a value you set is kept, as is every value with the Auto Director at 0\)\.$/,
    );
    await eventually(() => note.count()).toBe(1);
    expect(Number((await note.textContent())?.match(/[\d.]+/)?.[0])).toBe(rendered);
    // auto levels of the user's own are rendered as set: not in the changes, no note under it
    await page.goto(`${studio.url}/?columns=48&autoLevels=0.5`);
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await openAdvanced(page);
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 48 by /);
    await eventually(() => director.textContent()).toMatch(/renders? in/);
    expect(await director.textContent()).not.toMatch(/Auto levels 0\.50 →/);
    expect(
      await contrastField()
        .getByText(/^The Auto Director renders/)
        .count(),
    ).toBe(0);
    // at autoOptimize 0 the render is what the controls show: no note anywhere
    await page.goto(`${studio.url}/?columns=48&autoOptimize=0`);
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 48 by /);
    await eventually(() => director.textContent()).toMatch(/renders? in/);
    expect(await page.getByText(/^The Auto Director renders/).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows the glyphs at a reading size on demand, scrolling inside the stage, and fits them again; fills the screen on demand', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${studio.url}/?columns=160`);
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 160 by /);
    const fitted = await settledBox(page, art());
    const zoom = page.getByRole('button', { name: 'Actual size' });
    await zoom.click();
    await eventually(() => zoom.getAttribute('aria-pressed')).toBe('true');
    // 13 px glyphs: a DejaVu Sans Mono advance is 0.6 em, so 160 columns are about 1,250 px wide
    await eventually(async () => (await art().boundingBox())?.width).toBeGreaterThan(160 * 7);
    expect((await art().boundingBox())?.width).toBeGreaterThan(2 * fitted.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    // Skip to the picture lands in the scrolling view, and the arrow keys scroll it
    const view = page.getByRole('region', { name: 'The art at actual size (scrolls)' });
    await page.getByRole('link', { name: 'Skip to the picture' }).focus();
    await page.keyboard.press('Enter');
    expect(await hasFocus(view)).toBe(true);
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await eventually(() => view.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await zoom.click();
    await eventually(async () => (await art().boundingBox())?.width).toBe(fitted.width);

    // Full screen: the stage fills the screen and the art is fitted to it; pressed again, back
    const full = page.getByRole('button', { name: 'Full screen' });
    await full.click();
    await eventually(() => full.getAttribute('aria-pressed')).toBe('true');
    await eventually(async () => (await art().boundingBox())?.width).toBeGreaterThan(fitted.width);
    const box = await page.locator('gc-stage').boundingBox();
    expect(box && box.width === 1280 && box.height === 720, JSON.stringify(box)).toBe(true);
    await full.click();
    await eventually(() => full.getAttribute('aria-pressed')).toBe('false');
    await eventually(async () => (await art().boundingBox())?.width).toBe(fitted.width);
    expect(errors).toEqual([]);
  });

  it('on a touch screen, the empty stage offers what works there: no dropping, no Ctrl+V', async (ctx) => {
    if (!browser) return ctx.skip();
    const touch = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    try {
      const phone = await touch.newPage();
      await phone.goto(studio.url);
      await eventually(() => phone.getByText('…or open an image or a video', { exact: true }).isVisible()).toBe(true);
      expect(await phone.getByText('Drop an image or a video here').isVisible()).toBe(false);
      expect(await phone.getByText(/paste one/).isVisible()).toBe(false);
      // and a mouse still gets the drop target
      expect(await page.goto(studio.url).then(() => page.getByText('Drop an image or a video here').isVisible())).toBe(
        true,
      );
    } finally {
      await touch.close();
    }
  });

  it('fits tablet and phone windows: nothing cut off, the picture first and large enough', async () => {
    for (const viewport of [
      { width: 1024, height: 768 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(studio.url);
      await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
      // a phone opened without a width gets one its glyphs can be read at; wider windows 120
      const columns = viewport.width < 760 ? '\\d+' : '120';
      await eventually(() => art().getAttribute('aria-label')).toMatch(new RegExp(`^ASCII art, ${columns} by `));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      // every control lies inside the window, and the downloads inside their panel (it scrolls
      // vertically only, so a button past its right edge would be clipped)
      for (const button of await page.getByRole('button').all()) {
        const box = await button.boundingBox();
        if (!box) continue;
        expect(box.x, (await button.textContent()) ?? '').toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, (await button.textContent()) ?? '').toBeLessThanOrEqual(viewport.width);
      }
      // the export panel is loaded once the page is idle: measured once its buttons are there
      await eventually(() => page.getByRole('button', { name: 'Copy text' }).count()).toBe(1);
      const panel = await settledBox(page, page.locator('gc-export-panel'));
      for (const format of FORMATS) {
        const box = await page.getByRole('button', { name: downloadButtonName(format) }).boundingBox();
        expect(box && panel && box.x + box.width <= panel.x + panel.width, format).toBe(true);
      }
      const picture = await art().boundingBox();
      const controls = await page.getByRole('complementary', { name: 'Render parameters' }).boundingBox();
      expect(picture && picture.height >= 150 && picture.x + picture.width <= viewport.width).toBe(true);
      if (viewport.width < 760) expect(picture && controls && picture.y < controls.y).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  it('saves screenshots of image mode, mono and color', async () => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    const image = path.join(path.dirname(FIXTURE_PNG), 'portrait_astronaut.png');
    await page.goto(`${studio.url}/?columns=140&charset=standard`);
    await page.getByLabel('Open an image or video file').setInputFiles(image);
    await eventually(() => art().getAttribute('aria-label')).toMatch(/^ASCII art, 140 by /);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'studio-image.png') });
    await page.getByRole('switch', { name: 'Colour' }).check();
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => page.getByText(FIXTURE_SIZE).count()).toBe(1);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'studio-color.png') });
    expect(errors).toEqual([]);
  });
});

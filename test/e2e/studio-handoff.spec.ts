/**
 * The postMessage handoff (SPEC 4.3, docs/handoff.md): a receiver on a second origin gets
 * frames that match the documented schema, with acknowledgement-driven backpressure; a page on
 * a third origin gets nothing and its messages are ignored; the launch address has the
 * documented shape.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handoffFrameSchema, MAX_FRAMES_IN_FLIGHT } from '../../engine/protocol/handoff.js';
import { REPO_ROOT } from '../support/browser.js';
import { cameraY4m } from '../support/media.js';
import {
  collectErrors,
  eventually,
  FIXTURE_PNG,
  fakeCameraFlags,
  launchStudioBrowser,
  startOrigin,
  startStudio,
  stubServerRoutes,
} from '../support/studio.js';

const RECEIVER = fs.readFileSync(path.join(REPO_ROOT, 'test/e2e/pages/handoff-receiver.html'), 'utf8');

interface Recorded {
  origin: string;
  data: { type?: string; seq?: number } & Record<string, unknown>;
  at: number;
}

describe('studio: postMessage handoff', () => {
  let browser: Browser | null = null;
  let studio: { app: FastifyInstance; url: string };
  let receiver: Awaited<ReturnType<typeof startOrigin>>;
  let third: Awaited<ReturnType<typeof startOrigin>>;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    const y4m = cameraY4m();
    if (y4m) browser = await launchStudioBrowser(fakeCameraFlags(y4m));
    studio = await startStudio();
    receiver = await startOrigin({ '/': RECEIVER });
    third = await startOrigin({ '/': RECEIVER });
  });
  afterAll(async () => {
    await browser?.close();
    await studio?.app.close();
    await receiver?.close();
    await third?.close();
  });
  beforeEach(async (ctx) => {
    if (!browser) return ctx.skip();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await stubServerRoutes(context, { receiverOrigin: receiver.url });
    page = await context.newPage();
    errors = collectErrors(page);
    await page.goto(`${studio.url}/?columns=48&color=true`);
    await page.getByRole('button', { name: 'Webcam' }).click();
    await eventually(() => page.getByRole('img', { name: /^ASCII art, 48 by 18 characters$/ }).count()).toBe(1);
    await eventually(() => page.getByText(`Receiver ${receiver.url}`).count()).toBe(1);
  });
  afterEach(async () => {
    await context?.close();
  });

  const frames = async (p: Page) =>
    ((await p.evaluate(() => (window as unknown as { recorded: unknown[] }).recorded)) as Recorded[]).filter(
      (m) => m.data?.type === 'frame',
    );
  const openReceiver = async () => {
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Open receiver' }).click(),
    ]);
    await popup.waitForLoadState();
    return popup;
  };
  const status = () => page.getByRole('status').filter({ hasText: /Streaming|Waiting/ });
  /** The session's figures (frames sent, acknowledged, in flight; messages ignored), outside the live region. */
  const figures = () => page.getByText(/^(\d+ sent|Ignored)/);

  it('offers the receiver only once there is something to hand off', async () => {
    const empty = await context.newPage();
    await empty.goto(studio.url);
    await eventually(() => empty.getByText(`Receiver ${receiver.url}`).count()).toBe(1);
    expect(await empty.getByRole('button', { name: 'Open receiver' }).isDisabled()).toBe(true);
    expect(await empty.getByText('Load a picture, a video or the webcam to hand its frames off.').count()).toBe(1);
    // the studio of beforeEach streams its webcam: there the receiver can be opened
    expect(await page.getByRole('button', { name: 'Open receiver' }).isDisabled()).toBe(false);
  });

  it('opens the receiver at the documented launch address and streams frames of the documented schema', async () => {
    expect(await page.getByRole('radio', { name: 'Webcam stream' }).isChecked()).toBe(true);
    const popup = await openReceiver();

    const launch = new URL(popup.url());
    // a window of its own (a popup, without the browser's bars), not a tab hiding the studio's
    expect(await popup.evaluate(() => window.toolbar.visible)).toBe(false);
    expect(launch.origin).toBe(receiver.url);
    expect(launch.pathname).toBe('/');
    expect([...launch.searchParams.keys()]).toEqual(['handoff', 'protocol', 'mode', 'source', 'traceId']);
    expect(Object.fromEntries(launch.searchParams)).toMatchObject({
      handoff: 'glyphcast-studio',
      protocol: 'platform.handoff.v1',
      mode: 'webcam-stream',
      source: new URL(studio.url).host,
    });
    const traceId = launch.searchParams.get('traceId');
    expect(traceId).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
    expect(await page.getByLabel('Launch address').textContent()).toBe(popup.url());

    await eventually(async () => (await frames(popup)).length).toBeGreaterThanOrEqual(6);
    const got = await frames(popup);
    got.forEach((m, i) => {
      expect(m.origin).toBe(studio.url);
      const frame = handoffFrameSchema.parse(m.data);
      expect(frame).toMatchObject({
        seq: i,
        mode: 'webcam-stream',
        traceId,
        sourceTag: 'glyphcast-studio',
        columns: 48,
        rows: 18,
      });
      expect(frame.lines).toHaveLength(18);
      expect(frame.lines.every((l) => [...l].length === 48)).toBe(true);
      expect(frame.chroma?.encoding).toBe('rgb24-b64-v1');
      expect(atob(frame.chroma?.data ?? '')).toHaveLength(48 * 18 * 3);
    });
    expect(new Set(got.map((m) => JSON.stringify((m.data as { lines: string[] }).lines))).size).toBeGreaterThan(1);
    await eventually(() => figures().textContent()).toMatch(/^\d+ sent, \d+ acknowledged/);
    // the live region says what the handoff does, not the figures that change with every frame
    expect(await status().textContent()).toBe('Streaming to the receiver.');
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /\d+ sent/ })
        .count(),
    ).toBe(0);
    expect(errors).toEqual([]);
  });

  it('never has more frames in flight than the receiver acknowledges', async () => {
    const popup = await openReceiver();
    await eventually(async () => (await frames(popup)).length).toBeGreaterThanOrEqual(2);
    // Stop acknowledging and count the frames acknowledged so far in one task of the receiver, so
    // no frame can arrive between the two (it would be counted as acknowledged but be in flight).
    const acked = await popup.evaluate(() => {
      const receiver = window as unknown as { acking: boolean; recorded: Recorded[] };
      receiver.acking = false;
      return receiver.recorded.filter((m) => m.data?.type === 'frame').length;
    });
    // The studio keeps rendering camera frames; it may send only MAX_FRAMES_IN_FLIGHT more.
    await eventually(() => figures().textContent()).toContain(`${MAX_FRAMES_IN_FLIGHT} in flight`);
    const copy = () => page.getByRole('img', { name: /^ASCII art/ }).screenshot();
    const before = await copy();
    await eventually(async () => (await copy()).equals(before)).toBe(false);
    expect((await frames(popup)).length).toBe(acked + MAX_FRAMES_IN_FLIGHT);

    await popup.evaluate(() => {
      (window as unknown as { acking: boolean }).acking = true;
      const last = (window as unknown as { recorded: Recorded[] }).recorded
        .filter((m) => m.data?.type === 'frame')
        .at(-1);
      window.opener.postMessage({ protocol: 'platform.handoff.v1', type: 'ack', seq: last?.data.seq }, '*');
    });
    await eventually(async () => (await frames(popup)).length).toBeGreaterThan(acked + MAX_FRAMES_IN_FLIGHT);
  });

  it('notices a closed receiver window while a still is shown, and offers to open it again', async () => {
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => page.getByRole('radio', { name: 'Latest frame' }).isChecked()).toBe(true);
    const popup = await openReceiver();
    const sending = page.getByRole('status').filter({ hasText: /^Sending the frame on screen whenever it changes\.$/ });
    await eventually(() => sending.count()).toBe(1);
    await eventually(() => figures().textContent()).toMatch(/^1 sent, 1 acknowledged/);
    await popup.close();
    // no frame is rendered after the close (a still): the session looks at the window itself
    await eventually(() => page.getByRole('button', { name: 'Open receiver' }).count(), 5000).toBe(1);
    expect(await page.getByRole('button', { name: 'Stop handoff' }).count()).toBe(0);
    expect(await page.getByText('The receiver window was closed after 1 frame.').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('ends when another picture replaces the one handed off, even a file of the same name', async () => {
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => page.getByRole('radio', { name: 'Latest frame' }).isChecked()).toBe(true);
    await openReceiver();
    const sending = page.getByRole('status').filter({ hasText: /^Sending the frame on screen whenever it changes\.$/ });
    await eventually(() => sending.count()).toBe(1);
    await eventually(() => figures().textContent()).toMatch(/^1 sent, 1 acknowledged/);
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => page.getByText(/^The handoff stopped because the source changed/).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Open receiver' }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('offers nothing to hand off while the settings cannot be rendered', async () => {
    const sliver = await sharp({ create: { width: 16, height: 3000, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Open an image or video file')
      .setInputFiles({ name: 'sliver.png', mimeType: 'image/png', buffer: sliver });
    await eventually(() => page.getByText('Nothing to hand off: these settings could not be rendered.').count()).toBe(
      1,
    );
    expect(await page.getByRole('button', { name: 'Open receiver' }).isEnabled()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('a page on a third origin receives nothing, and its messages are ignored', async () => {
    const popup = await openReceiver();
    await eventually(async () => (await frames(popup)).length).toBeGreaterThanOrEqual(2);
    await eventually(() => figures().textContent()).toMatch(/^\d+ sent/);
    const sentBefore = Number(/(\d+) sent/.exec((await figures().textContent()) ?? '')?.[1]);

    // The receiver window is navigated to another origin; that page talks to the studio too.
    await popup.goto(`${third.url}/${new URL(popup.url()).search}`);
    await eventually(() => figures().textContent()).toContain(`not from the receiver (last from ${third.url})`);
    await eventually(async () => Number(/(\d+) sent/.exec((await figures().textContent()) ?? '')?.[1])).toBeGreaterThan(
      sentBefore,
    );
    expect(new URL(popup.url()).origin).toBe(third.url);
    expect(await frames(popup)).toEqual([]);
    // the window is open but no longer the receiver: the panel stops saying "Streaming"
    const silent = page.getByRole('status').filter({ hasText: /^The receiver has not answered for 3 s/ });
    await eventually(() => silent.count()).toBe(1);
  });
});

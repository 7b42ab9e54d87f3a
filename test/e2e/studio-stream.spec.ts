/**
 * The studio with streams: the webcam (Chromium's fake camera fed from a real clip) and a video
 * file. Frames keep changing; the motion control and the HUD are live; clips record; camera
 * failures are explained in plain words, and a video or camera that fails to start leaves the
 * picture on screen.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCREENSHOTS } from '../support/browser.js';
import { cameraY4m, liveWebm, videoWebm } from '../support/media.js';
import {
  accessibilityViolations,
  CORPUS,
  collectErrors,
  downloadText,
  eventually,
  FIXTURE_PNG,
  fakeCameraFlags,
  launchStudioBrowser,
  openAdvanced,
  settledBox,
  startStudio,
  stubServerRoutes,
  twoFrames,
} from '../support/studio.js';

/** A video's first stream as ffprobe reads it, its frames counted by decoding them. */
function probeVideo(file: string): { codec_name: string; width: number; height: number; nb_read_frames: string } {
  const args = ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-of', 'json'];
  const out = execFileSync('ffprobe', [
    ...args,
    '-show_entries',
    'stream=codec_name,width,height,nb_read_frames',
    file,
  ]);
  return JSON.parse(out.toString()).streams[0];
}

/** The brightest grey of frame `n` of a video (ffmpeg decodes it; a recorded WebM has no index to seek by). */
function brightestOfFrame(file: string, n: number): number {
  const args = ['-v', 'error', '-i', file, '-vf', `select=eq(n\\,${n})`, '-frames:v', '1'];
  const grey = execFileSync('ffmpeg', [...args, '-f', 'rawvideo', '-pix_fmt', 'gray', '-'], { maxBuffer: 64 << 20 });
  expect(grey.length).toBeGreaterThan(0);
  return grey.reduce((most, v) => Math.max(most, v), 0);
}

/** Whether `locator`'s element has the focus inside its shadow root (or the document). */
function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const root = el.getRootNode();
    return (root instanceof ShadowRoot || root instanceof Document) && root.activeElement === el;
  });
}

/** What the clipboard holds until a copy replaces it. */
const COPY_PENDING = '(copy pending)';

describe('studio: webcam and video', () => {
  let browser: Browser | null = null;
  let studio: { app: FastifyInstance; url: string };
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let video: string | null;

  beforeAll(async () => {
    const y4m = cameraY4m();
    video = videoWebm();
    if (y4m) browser = await launchStudioBrowser(fakeCameraFlags(y4m));
    studio = await startStudio();
  });
  afterAll(async () => {
    await browser?.close();
    await studio?.app.close();
  });
  beforeEach(async (ctx) => {
    if (!browser) return ctx.skip();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: studio.url });
    await stubServerRoutes(context, { receiverOrigin: null });
    page = await context.newPage();
    errors = collectErrors(page);
  });
  afterEach(async () => {
    await context?.close();
  });

  /** A HUD figure by its term ("fps", "Δ glyphs"). */
  const hud = (term: string) =>
    page
      .getByLabel('Performance')
      .locator('div', { has: page.getByText(term, { exact: true }) })
      .locator('dd');
  /** The art as Copy text puts it on the clipboard (read once the copy has replaced a marker). */
  const copyText = async () => {
    await page.evaluate((pending) => navigator.clipboard.writeText(pending), COPY_PENDING);
    await page.getByRole('button', { name: 'Copy text' }).click();
    return page.evaluate(async (pending) => {
      for (let i = 0; i < 500; i++) {
        const text = await navigator.clipboard.readText();
        if (text !== pending) return text;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('Copy text did not reach the clipboard');
    }, COPY_PENDING);
  };
  /** Whether no render is in flight or waiting (the studio's render pipeline, read at run time). */
  const pipelineIdle = () =>
    page.evaluate(() => {
      const { pipeline } = document.querySelector('gc-studio') as unknown as {
        pipeline: { busy: unknown; dirty: unknown };
      };
      if (typeof pipeline.busy !== 'boolean' || typeof pipeline.dirty !== 'boolean')
        throw new Error('no pipeline state');
      return !pipeline.busy && !pipeline.dirty;
    });
  /**
   * The art once it stops changing: three copies in a row alike, each taken with no render in
   * flight and two page frames after the last (a frame presented just before a pause may still
   * be on its way, or rendering). A playing animation never settles.
   */
  const settled = async () => {
    let last: string | null = null;
    let alike = 0;
    for (let i = 0; i < 30; i++) {
      await twoFrames(page); // a frame presented meanwhile reaches the pipeline
      await eventually(pipelineIdle).toBe(true);
      const next = await copyText();
      alike = next === last ? alike + 1 : 0;
      if (alike === 2) return next;
      last = next;
    }
    throw new Error('the art kept changing');
  };
  /** An animated GIF of `n` frames `w` x `h`, 60 ms each, the pixel at (x, y) of frame f `rgba(f, x, y)`. */
  const animatedGif = (w: number, h: number, n: number, rgba: (f: number, x: number, y: number) => number[]) => {
    const px = Buffer.alloc(w * h * n * 4);
    for (let f = 0; f < n; f++)
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) px.set(rgba(f, x, y), ((f * h + y) * w + x) * 4);
    return sharp(px, { raw: { width: w, height: h * n, channels: 4, pageHeight: h } })
      .gif({ delay: Array(n).fill(60), loop: 0 })
      .toBuffer();
  };

  it('webcam mode shows changing frames, with the camera picker, the HUD and the motion control', async () => {
    await page.goto(`${studio.url}/?diagnostics=on&columns=80`);
    // started from the keyboard, the button keeps the focus while the camera starts, and after
    await page.getByRole('button', { name: 'Webcam' }).focus();
    await page.keyboard.press('Enter');
    await eventually(() => page.getByRole('button', { name: 'Stop webcam' }).count()).toBe(1);
    expect(await hasFocus(page.getByRole('button', { name: 'Stop webcam' }))).toBe(true);
    await eventually(() => page.getByRole('combobox', { name: 'Camera' }).textContent()).toContain(
      'camera-160x120.y4m',
    );
    await eventually(() => page.getByRole('img', { name: /^ASCII art, 80 by 30 characters$/ }).count()).toBe(1);

    const first = await copyText();
    await eventually(copyText).not.toBe(first);
    await eventually(async () => Number(await hud('fps').textContent())).toBeGreaterThan(0);
    await eventually(async () => (await hud('Δ glyphs').textContent()) ?? '').toMatch(/^\d+\.\d%$/);

    // The Auto Director tunes the stream live (autoOptimize 0.9 by default) and shows its evidence.
    const director = page.getByRole('region', { name: 'Auto Director evidence' });
    await eventually(() => director.textContent()).toMatch(/target met|best effort/);
    await eventually(() => director.textContent(), 30_000).toMatch(/Live: tuned ([2-9]|\d\d+) times on this stream/);
    expect(await director.getByRole('row').count()).toBeGreaterThan(1);

    await openAdvanced(page);
    const motion = page.getByRole('group', { name: 'Motion' }).getByRole('slider', { name: 'Motion response' });
    await motion.focus();
    await motion.press('ArrowLeft');
    await eventually(() => new URL(page.url()).searchParams.get('motionSensitivity')).toBe('0.65');

    // The screenshot shows the standard ramp, wider.
    await page.getByRole('combobox', { name: 'Style' }).selectOption('standard');
    await page.getByRole('spinbutton', { name: 'Width' }).fill('112');
    await page.getByRole('spinbutton', { name: 'Width' }).press('Enter');
    await eventually(() => page.getByRole('img', { name: /^ASCII art, 112 by 42 characters$/ }).count()).toBe(1);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'studio-webcam.png') });
    // the live view (camera picker, HUD, source monitor) passes the audit the still view passes
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Stop webcam' }).click();
    await eventually(() => page.getByRole('button', { name: 'Webcam' }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('records a clip of a stream as JSON lines and as an HTML flipbook', async () => {
    await page.goto(`${studio.url}/?diagnostics=on&columns=40&color=true`);
    await page.getByRole('button', { name: 'Webcam' }).click();
    await eventually(() => page.getByRole('img', { name: /^ASCII art, 40 by / }).count()).toBe(1);
    await page.getByRole('button', { name: 'Record clip' }).click();
    const stop = page.getByRole('button', { name: /^Stop recording/ });
    await eventually(async () =>
      Number((/\(([\d.]+) s\)/.exec((await stop.textContent()) ?? '') ?? [])[1] ?? 0),
    ).toBeGreaterThan(1);
    await stop.click();

    const jsonl = await downloadText(page, () =>
      page.getByRole('button', { name: 'Download frames (.jsonl)' }).click(),
    );
    expect(jsonl.name).toMatch(/-clip\.jsonl$/);
    const [header, ...frames] = jsonl.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(header).toMatchObject({ type: 'clip', format: 'glyphcast-clip', version: 1, frames: frames.length });
    expect(frames.length).toBeGreaterThan(2);
    frames.forEach((f, seq) => {
      expect(f).toMatchObject({
        type: 'frame',
        seq,
        columns: 40,
        rows: f.lines.length,
        chroma: { encoding: 'rgb24-b64-v1' },
      });
      expect(f.lines.every((l: string) => [...l].length === 40)).toBe(true);
      if (seq > 0) expect(f.t).toBeGreaterThan(frames[seq - 1].t);
    });

    const html = await downloadText(page, () =>
      page.getByRole('button', { name: 'Download flipbook (.html)' }).click(),
    );
    expect(html.name).toMatch(/-clip\.html$/);
    expect(html.text).toContain(`aria-label="ASCII clip, ${frames.length} frames"`);
    const flipbook = await context.newPage();
    await flipbook.setContent(html.text);
    await eventually(() => flipbook.getByText(`frame 2 of ${frames.length}`).count()).toBe(1);
    // the flipbook is a page of its own: landmarks, a styled Pause button, no audit findings
    expect(await accessibilityViolations(flipbook)).toEqual([]);
    const pause = flipbook.getByRole('button', { name: 'Pause' });
    expect(await pause.evaluate((b) => getComputedStyle(b).borderRadius)).not.toBe('0px');

    // the clip as a WebM video: made by playing the clip once (the button says how far), then saved
    const makeVideo = page.getByRole('button', { name: 'Download video (.webm)' });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      (async () => {
        await makeVideo.click();
        // busy while it plays the clip, and still focused (aria-disabled, not disabled)
        const busy = page.getByRole('button', { name: /^Making video… \d+ %$/ });
        await eventually(() => busy.getAttribute('aria-disabled')).toBe('true');
        expect(await hasFocus(busy)).toBe(true);
      })(),
    ]);
    expect(download.suggestedFilename()).toBe(jsonl.name.replace(/\.jsonl$/, '.webm'));
    const webm = await download.path();
    expect([...fs.readFileSync(webm).subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]); // EBML, as WebM starts
    const stream = probeVideo(webm);
    expect(['vp8', 'vp9']).toContain(stream.codec_name);
    expect(stream.width % 2).toBe(0);
    expect(stream.width).toBeGreaterThan(stream.height); // 40 columns of a 4:3 clip
    expect(Number(stream.nb_read_frames)).toBeGreaterThan(2);
    // the last frame has glyphs drawn: not a black video
    expect(brightestOfFrame(webm, Number(stream.nb_read_frames) - 1)).toBeGreaterThan(100);
    await eventually(() => page.getByText(/^Saved the video \(\d+ frames, [\d.]+ MB\)\.$/).count()).toBe(1);
    // a page hidden while the video records (its timers slowed) says so and saves nothing
    const setHidden = (value: boolean) =>
      page.evaluate((v) => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => v });
        document.dispatchEvent(new Event('visibilitychange'));
      }, value);
    let saved = 0;
    page.on('download', () => saved++);
    await makeVideo.click();
    await setHidden(true);
    await eventually(() => page.getByText(/^The video could not be made: the page was hidden/).count()).toBe(1);
    await setHidden(false);
    expect(saved).toBe(0);

    // A recording that its source ends (the webcam stopped) keeps what it recorded.
    await page.getByRole('button', { name: 'Record clip' }).click();
    await eventually(async () =>
      Number((/\(([\d.]+) s\)/.exec((await stop.textContent()) ?? '') ?? [])[1] ?? 0),
    ).toBeGreaterThan(0.5);
    await page.getByRole('button', { name: 'Stop webcam' }).click();
    await eventually(() => page.getByText(/^Recorded \d+ frames/).count()).toBe(1);
    const kept = await downloadText(page, () => page.getByRole('button', { name: 'Download frames (.jsonl)' }).click());
    expect(kept.name).toBe(jsonl.name);
    expect(kept.text.trim().split('\n').length).toBeGreaterThan(2);
    expect(errors).toEqual([]);
  });

  it('explains a blocked camera in plain words', async () => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.goto(`${studio.url}/?diagnostics=on`);
    await page.getByRole('button', { name: 'Webcam' }).click();
    await eventually(() => page.getByRole('alert').first().textContent()).toContain(
      'Camera access is blocked. Allow the camera for this site',
    );
  });

  it('keeps the picture on screen when a video or the camera fails to start: only a notice says why', async (ctx) => {
    if (!video) return ctx.skip();
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.goto(`${studio.url}/?diagnostics=on&columns=64`);
    const art = page.getByRole('img', { name: /^ASCII art, 64 by / });
    const alert = page.getByRole('alert');
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => art.count()).toBe(1);
    // the still has settled (no render of it in flight) before its text is taken as the reference
    await eventually(() => page.getByRole('region', { name: 'Picture' }).getAttribute('aria-busy')).toBe('false');
    const still = await copyText();

    // an AVI (video/x-msvideo): Chromium has no decoder for it
    await page.getByLabel('Open an image or video file').setInputFiles(path.join(CORPUS, 'video/vtest.avi'));
    await eventually(() => alert.first().textContent()).toContain('vtest.avi: this browser cannot decode its format');
    // the same file without a name the browser knows a type by: a video by its first bytes, not "not an image"
    const avi = fs.readFileSync(path.join(CORPUS, 'video/vtest.avi'));
    await page.getByLabel('Open an image or video file').setInputFiles({ name: 'clip', mimeType: '', buffer: avi });
    await eventually(() => alert.allTextContents()).toContainEqual(
      expect.stringContaining('clip: this browser cannot decode its format'),
    );
    await page.getByRole('button', { name: 'Webcam' }).click();
    await eventually(() => alert.allTextContents()).toContainEqual(expect.stringContaining('Camera access is blocked'));
    expect(await art.count()).toBe(1);
    expect(await copyText()).toBe(still);
    expect(await page.getByText('Drop an image or a video here').count()).toBe(0);

    // a playing video goes on playing when the camera is refused
    await page.getByLabel('Open an image or video file').setInputFiles(video);
    await eventually(() => page.getByRole('button', { name: 'Pause' }).count()).toBe(1);
    // the video's own art on the stage (a new source clears it until its first frame is drawn)
    await eventually(() => art.count()).toBe(1);
    await page.getByRole('button', { name: 'Webcam' }).click();
    await eventually(() => alert.first().textContent()).toContain('Camera access is blocked');
    const source = page.getByLabel('Source video');
    const t0 = await source.evaluate((v: HTMLVideoElement) => v.currentTime);
    await eventually(() =>
      source.evaluate((v: HTMLVideoElement, start: number) => v.currentTime !== start && !v.paused, t0),
    ).toBe(true);
    expect(await page.getByRole('button', { name: 'Pause' }).count()).toBe(1);
    expect(await art.count()).toBe(1);
  });

  it('plays, pauses, seeks and loops a video file, rendering the frame shown', async (ctx) => {
    if (!video) return ctx.skip();
    await page.goto(`${studio.url}/?diagnostics=on&columns=64`);
    await page.getByLabel('Open an image or video file').setInputFiles(video);
    await eventually(() => page.getByRole('img', { name: /^ASCII art, 64 by / }).count()).toBe(1);
    const seek = page.getByRole('slider', { name: 'Seek' });
    const source = page.getByLabel('Source video');

    // the transport stays where it is when the Auto Director's evidence arrives after the first
    // frame (the panel filling in grew the dock, which shrank the stage and moved the slider
    // away from a pointer about to take it)
    const first = await seek.boundingBox();
    await eventually(() =>
      page.getByRole('region', { name: 'Auto Director evidence' }).getByRole('table').count(),
    ).toBe(1);
    const track = await settledBox(page, seek);
    expect(track).toEqual(first);

    // its thumb dragged, the video is held at the frame under it (playing on, it moved the thumb
    // away from the pointer); let go, it plays on from there
    const y = track.y + track.height / 2;
    await page.mouse.move(track.x + track.width * 0.2, y);
    await page.mouse.down();
    await page.mouse.move(track.x + track.width * 0.5, y, { steps: 5 });
    const held = Number(await seek.inputValue());
    expect(held).toBeGreaterThan(1);
    await eventually(() => source.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    expect(await source.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(held, 2);
    expect(await page.getByRole('button', { name: 'Pause' }).count()).toBe(1); // it still reads as playing
    await page.mouse.up();
    await eventually(() =>
      source.evaluate((v: HTMLVideoElement, from: number) => !v.paused && v.currentTime > from + 0.1, held),
    ).toBe(true);

    await page.getByRole('button', { name: 'Pause' }).click();
    await eventually(() => page.getByRole('button', { name: 'Play' }).count()).toBe(1);
    expect(await page.getByRole('checkbox', { name: 'Loop' }).isChecked()).toBe(true);

    await seek.fill('0.5');
    await eventually(() => seek.getAttribute('aria-valuetext')).toMatch(/^0:00 of 0:0\d$/);
    const early = await copyText();
    await seek.fill('3.5');
    await eventually(() => seek.getAttribute('aria-valuetext')).toMatch(/^0:03 of 0:0\d$/);
    await eventually(copyText).not.toBe(early);
    // the keyboard seeks by whole seconds, not by the slider's 10 ms step
    await seek.press('ArrowRight');
    await eventually(() => seek.getAttribute('aria-valuetext')).toMatch(/^0:04 of 0:0\d$/);
    await seek.press('ArrowLeft');
    await seek.press('ArrowLeft');
    await eventually(() => seek.getAttribute('aria-valuetext')).toMatch(/^0:02 of 0:0\d$/);

    await page.getByRole('checkbox', { name: 'Loop' }).uncheck();
    await page.getByRole('button', { name: 'Play' }).click();
    await eventually(() => page.getByRole('button', { name: 'Play' }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('a video that does not say how long it is shows no made-up length and no seek until it is known', async (ctx) => {
    const live = liveWebm();
    if (!live) return ctx.skip();
    await page.goto(`${studio.url}/?diagnostics=on&columns=64`);
    await page.getByLabel('Open an image or video file').setInputFiles(live);
    // read as soon as the browser has its metadata (a length of Infinity), long before the 4 s
    // clip has played through: waiting for the first art first could, on a loaded machine, wait
    // past the play-through that makes the length known
    const source = page.getByLabel('Source video');
    await eventually(() =>
      source.evaluate((v: HTMLVideoElement) => v.readyState >= HTMLMediaElement.HAVE_METADATA && v.duration),
    ).toBe(Number.POSITIVE_INFINITY);
    const seek = page.getByRole('slider', { name: 'Seek' });
    await eventually(() => seek.getAttribute('aria-valuetext')).toMatch(/^0:0\d of a length not known yet$/);
    expect(await seek.isDisabled()).toBe(true);
    expect(
      await page
        .locator('gc-transport')
        .getByText(/^0:0\d \/ –:––$/)
        .count(),
    ).toBe(1);
    await eventually(() => page.getByRole('img', { name: /^ASCII art, 64 by / }).count()).toBe(1);
    // played through once, the browser knows the length: seeking works
    await eventually(() => seek.isEnabled()).toBe(true);
    expect(await seek.getAttribute('aria-valuetext')).toMatch(/^0:0\d of 0:0\d$/);
    expect(errors).toEqual([]);
  });

  it('keeps the focus on the record button from the keyboard: Record clip, then Stop recording', async (ctx) => {
    if (!video) return ctx.skip();
    await page.goto(`${studio.url}/?diagnostics=on&columns=48`);
    await page.getByLabel('Open an image or video file').setInputFiles(video);
    await eventually(() => page.getByRole('img', { name: /^ASCII art, 48 by / }).count()).toBe(1);
    // paused, no frame arrives while it records: the clip is the frame on screen
    await page.getByRole('button', { name: 'Pause' }).click();
    await eventually(() => page.getByRole('button', { name: 'Play' }).count()).toBe(1);
    // the frame presented last before the pause rendered, so none comes while it records
    await settled();
    await page.getByRole('button', { name: 'Record clip' }).press('Enter');
    const stop = page.getByRole('button', { name: /^Stop recording/ });
    await eventually(() => stop.count()).toBe(1);
    expect(await hasFocus(stop)).toBe(true);
    await stop.press('Enter');
    await eventually(() => page.getByRole('group', { name: 'Recorded clip' }).count()).toBe(1);
    expect(await page.getByText('Recorded 1 frame (0.0 s).').count()).toBe(1);
    expect(await hasFocus(page.getByRole('button', { name: 'Record clip' }))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('plays an animated GIF as a stream: its frames change the art, Pause holds it, the slider picks a frame, Loop off stops at its end', async () => {
    // a bright bar in 4 places, 60 ms each, on a dark field
    const gif = await animatedGif(96, 48, 4, (f, x) =>
      Math.floor((x * 4) / 96) === f ? [250, 220, 80, 255] : [10, 10, 40, 255],
    );
    await page.goto(`${studio.url}/?diagnostics=on&columns=48`);
    await page
      .getByLabel('Open an image or video file')
      .setInputFiles({ name: 'bar.gif', mimeType: 'image/gif', buffer: gif });
    await eventually(() => page.getByRole('img', { name: /^ASCII art, 48 by / }).count()).toBe(1);
    // a stream: the transport plays it, and the art moves with the bar
    await eventually(() => page.getByRole('button', { name: 'Pause' }).count()).toBe(1);
    const seen = new Set<string>();
    await eventually(async () => seen.add(await copyText()).size).toBeGreaterThan(2);
    // a stream has no time to seek to: the transport goes by the 4 frames instead
    expect(await page.getByRole('slider', { name: 'Seek' }).count()).toBe(0);
    const frameSlider = page.getByRole('slider', { name: 'Frame' });
    expect(await frameSlider.count()).toBe(1);
    const position = page.getByText(/^frame \d \/ 4$/);
    const positions = new Set<string | null>();
    await eventually(async () => positions.add(await position.textContent()).size).toBe(4);

    // its thumb dragged, the animation is held at the frame under it; let go, it plays on
    const animationPaused = () =>
      page.evaluate(() => {
        const app = document.querySelector('gc-studio') as unknown as { renderRoot: ShadowRoot };
        const transport = app.renderRoot.querySelector('gc-transport') as unknown as { frames: { paused: boolean } };
        return transport.frames.paused;
      });
    const track = await settledBox(page, frameSlider);
    await page.mouse.move(track.x + track.width * 0.1, track.y + track.height / 2);
    await page.mouse.down();
    await page.mouse.move(track.x + track.width * 0.9, track.y + track.height / 2, { steps: 4 });
    expect(await animationPaused()).toBe(true);
    expect(await position.textContent()).toBe('frame 4 / 4');
    expect(await page.getByRole('button', { name: 'Pause' }).count()).toBe(1); // it still reads as playing
    await page.mouse.up();
    await eventually(animationPaused).toBe(false);
    await eventually(() => position.textContent()).not.toBe('frame 4 / 4');

    await page.getByRole('button', { name: 'Pause' }).click();
    await eventually(() => page.getByRole('button', { name: 'Play' }).count()).toBe(1);
    const held = await settled();
    const heldFrame = await position.textContent();
    expect(await settled()).toBe(held);
    expect(await position.textContent()).toBe(heldFrame);

    // paused, the slider shows the frame picked (to export it, say), and the arrow keys step one
    const picked = heldFrame === 'frame 2 / 4' ? 3 : 2;
    await frameSlider.fill(String(picked));
    await eventually(() => position.textContent()).toBe(`frame ${picked} / 4`);
    await eventually(copyText).not.toBe(held);
    const pickedArt = await settled();
    await frameSlider.press('ArrowRight');
    await eventually(() => position.textContent()).toBe(`frame ${picked + 1} / 4`);
    await eventually(copyText).not.toBe(pickedArt);
    await settled();
    expect(await page.getByRole('button', { name: 'Play' }).count()).toBe(1);
    await page.getByRole('checkbox', { name: 'Loop' }).uncheck();

    // Loop off: it plays to its last frame and stops there
    await page.getByRole('button', { name: 'Play' }).click();
    await eventually(() => page.getByRole('button', { name: 'Play' }).count()).toBe(1);
    await settled();
    expect(await position.textContent()).toBe('frame 4 / 4');

    // a still replaces it
    await page.getByLabel('Open an image or video file').setInputFiles(FIXTURE_PNG);
    await eventually(() => page.getByRole('button', { name: 'Play' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows a frame picked as itself, whatever frame came before (the temporal filter starts anew)', async () => {
    // gradients a few levels apart: frame to frame, the temporal filter would smooth them together
    const gif = await animatedGif(96, 48, 4, (f, x, y) => {
      const v = Math.min(255, x * 2 + y + f * 14);
      return [v, v, v, 255];
    });
    await page.goto(`${studio.url}/?diagnostics=on&columns=48&autoOptimize=0`);
    await page
      .getByLabel('Open an image or video file')
      .setInputFiles({ name: 'ramp.gif', mimeType: 'image/gif', buffer: gif });
    await eventually(() => page.getByRole('button', { name: 'Pause' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Pause' }).click();
    const frameSlider = page.getByRole('slider', { name: 'Frame' });
    const position = page.getByText(/^frame \d \/ 4$/);
    await eventually(() => page.getByRole('button', { name: 'Play' }).count()).toBe(1);
    /** The art of another frame picked, once it has replaced the art before (every frame's differs). */
    const pick = async (frame: number) => {
      const before = await settled();
      await frameSlider.fill(String(frame));
      await eventually(() => position.textContent()).toBe(`frame ${frame} / 4`);
      await eventually(copyText).not.toBe(before);
      return settled();
    };
    // frame 4 reached from two other frames: the same art
    await pick((await position.textContent()) === 'frame 1 / 4' ? 2 : 1);
    const fourth = await pick(4);
    const third = await pick(3);
    expect(third).not.toBe(fourth);
    expect(await pick(4)).toBe(fourth);

    // its video element paused (as a video's context menu can): the transport says Play, and Play plays both
    const video = page.locator('video').first();
    await page.getByRole('button', { name: 'Play' }).click();
    await eventually(() => page.getByRole('button', { name: 'Pause' }).count()).toBe(1);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await eventually(() => page.getByRole('button', { name: 'Play' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Play' }).click();
    await eventually(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    const moving = new Set<string>();
    await eventually(async () => moving.add(await copyText()).size).toBeGreaterThan(1);
    expect(errors).toEqual([]);
  });

  it('keeps a playing video when an image URL entered over it is refused', async (ctx) => {
    if (!video) return ctx.skip();
    await page.goto(`${studio.url}/?diagnostics=on&columns=64`);
    await page.getByLabel('Open an image or video file').setInputFiles(video);
    await eventually(() => page.getByRole('img', { name: /^ASCII art, 64 by / }).count()).toBe(1);
    await page.getByRole('textbox', { name: 'Image URL' }).fill('https://elsewhere.example/x.png');
    await page.getByRole('button', { name: 'Render URL' }).click();
    await eventually(() => page.getByRole('alert').first().textContent()).toContain(
      'elsewhere.example is not one of them',
    );
    // the video is the source again, still playing: transport, frames and the HUD's rate
    await eventually(() => page.getByRole('button', { name: 'Pause' }).count()).toBe(1);
    await eventually(() => page.getByRole('img', { name: /^ASCII art, 64 by / }).count()).toBe(1);
    const source = page.getByLabel('Source video');
    const t0 = await source.evaluate((v: HTMLVideoElement) => v.currentTime);
    await eventually(() =>
      source.evaluate((v: HTMLVideoElement, start: number) => v.currentTime !== start && !v.paused, t0),
    ).toBe(true);
    await eventually(async () => Number(await hud('fps').textContent())).toBeGreaterThan(0);
  });

  it('on a phone and a tablet, the source monitor, the HUD, the stage buttons and the art of a video do not cover each other', async (ctx) => {
    if (!video) return ctx.skip();
    await page.setViewportSize({ width: 390, height: 844 });
    // 120 columns asked for in the link (a phone's own default is narrower): the widest art
    await page.goto(`${studio.url}/?diagnostics=on&columns=120`);
    await page.getByLabel('Open an image or video file').setInputFiles(video);
    const art = page.getByRole('img', { name: /^ASCII art, 120 by / });
    await eventually(() => art.count()).toBe(1);
    await eventually(async () => Number(await hud('fps').textContent())).toBeGreaterThan(0);
    type Box = { x: number; y: number; width: number; height: number } | null;
    const overlap = (a: Box, b: Box) =>
      !a || !b || (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height);
    // measured until the layout has followed the HUD's last refresh (its figures may wrap a line)
    const phoneLayout = async () => {
      const [artBox, monitor, figures, stage] = await Promise.all([
        art.boundingBox(),
        page.getByLabel('Source video').boundingBox(),
        page.getByLabel('Performance').boundingBox(),
        page.locator('gc-stage').boundingBox(),
      ]);
      return {
        monitorOverArt: overlap(monitor, artBox),
        figuresOverArt: overlap(figures, artBox),
        monitorOverFigures: overlap(monitor, figures),
        // a landscape clip uses the stage's width, not a strip left of the monitor
        artNarrow: !(artBox && stage && artBox.width >= 0.8 * stage.width),
      };
    };
    await eventually(phoneLayout).toEqual({
      monitorOverArt: false,
      figuresOverArt: false,
      monitorOverFigures: false,
      artNarrow: false,
    });
    // nothing is wider than the window: the transport's row (play, seek, time, loop) included
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const loop = await page.getByRole('checkbox', { name: 'Loop' }).boundingBox();
    expect(loop && loop.x + loop.width <= 390).toBe(true);
    const director = page.getByRole('region', { name: 'Auto Director evidence' });
    await eventually(() => director.textContent()).toMatch(/renders? in/);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'studio-phone.png') });
    // the engine's reason opens inside the window, here and where the header wraps at 800 px
    for (const width of [390, 800]) {
      await page.setViewportSize({ width, height: 844 });
      await page.getByRole('button', { name: 'Why this engine?' }).click();
      const reason = await page.getByRole('list', { name: 'Why this engine' }).boundingBox();
      expect(
        reason && reason.x >= 0 && reason.x + reason.width <= width,
        `${width} px: ${JSON.stringify(reason)}`,
      ).toBe(true);
      await page.keyboard.press('Escape');
    }
    // on a tablet the stream's longer HUD wraps rather than run under the stage's buttons or the art
    await page.setViewportSize({ width: 1024, height: 768 });
    const covered = async () => {
      const [figures, zoom, full, artBox] = await Promise.all([
        page.getByLabel('Performance').boundingBox(),
        page.getByRole('button', { name: 'Actual size' }).boundingBox(),
        page.getByRole('button', { name: 'Full screen' }).boundingBox(),
        art.boundingBox(),
      ]);
      return [overlap(figures, zoom), overlap(figures, full), overlap(figures, artBox)];
    };
    await eventually(covered).toEqual([false, false, false]);
    expect(errors).toEqual([]);
  });
});

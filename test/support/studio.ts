/**
 * Support for the studio's browser tests: the built studio served by the real Fastify app,
 * Chromium launched for it, the server routes that are still being built (stubbed in one
 * place), the engine's own render of a fixture (what the server answers), small static origins
 * for handoff receivers, and console-error collection.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { encode } from '../../engine/encode/index.js';
import { type RenderParams, resolveParams } from '../../engine/index.js';
import { decodeImage } from '../../engine/node/decode.js';
import { handoffManifest } from '../../engine/protocol/handoff.js';
import { renderImage } from '../../engine/render.js';
import { buildApp } from '../../server/app.js';
import { configFromEnv } from '../../service/config.js';
import { CHROMIUM, CHROMIUM_FLAGS, launchChromium, REPO_ROOT } from './browser.js';
import { unavailable } from './env.js';
import { PACKAGE_VERSION } from './version.js';

/** The repository's test corpus (test/fixtures/corpus). */
export const CORPUS = path.join(REPO_ROOT, 'test/fixtures/corpus');
/** A PNG without an ICC profile: the browser decode equals sharp's bit for bit. */
export const FIXTURE_PNG = path.join(CORPUS, 'dev/bright_smarties.png');
/** The fixture's size as the studio shows it, from the test corpus's record of it. */
export const FIXTURE_SIZE = (() => {
  const entries = JSON.parse(fs.readFileSync(path.join(CORPUS, 'corpus.json'), 'utf8')) as {
    name: string;
    w: number;
    h: number;
  }[];
  const e = entries.find((x) => x.name === 'bright_smarties.png');
  if (!e) throw new Error('bright_smarties.png is missing from test/fixtures/corpus/corpus.json');
  return `${e.w}×${e.h}`;
})();

/**
 * Headless Chromium presents WebGPU canvases only through a Vulkan-backed shared image; without
 * these flags the GPU process fails to create the swap-chain image on the first present and the
 * device is lost (the studio then falls back to Canvas 2D). A desktop browser needs none of this.
 */
export const WEBGPU_CANVAS_FLAGS = [
  '--enable-features=Vulkan',
  '--use-vulkan=swiftshader',
  '--use-angle=swiftshader',
  '--disable-gpu-rasterization',
];

/** A camera fed from a file, granted without a prompt. */
export function fakeCameraFlags(y4m: string): string[] {
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${y4m}`,
  ];
}

/** Chromium with WebGPU (and the canvas flags), or null (a skip) when it is missing outside CI. */
export function launchStudioBrowser(extraArgs: string[] = []): Promise<Browser | null> {
  return launchChromium([...WEBGPU_CANVAS_FLAGS, ...extraArgs]);
}

/** Chromium with WebGPU switched off (no adapter), as on most browsers without WebGPU. */
export async function launchBrowserWithoutWebGpu(extraArgs: string[] = []): Promise<Browser | null> {
  if (!fs.existsSync(CHROMIUM)) {
    unavailable('Chromium', `${CHROMIUM} not found`);
    return null;
  }
  const args = CHROMIUM_FLAGS.filter((f) => f !== '--enable-unsafe-webgpu');
  return chromium.launch({ executablePath: CHROMIUM, args: [...args, ...extraArgs] });
}

/** The built studio (npm run build:studio; test:e2e builds first) served by the real app on 127.0.0.1. */
export async function startStudio(): Promise<{ app: FastifyInstance; url: string }> {
  if (!fs.existsSync(path.join(REPO_ROOT, 'dist/studio/index.html'))) {
    throw new Error('dist/studio is not built: run npm run build:studio (npm run test:e2e does it)');
  }
  const app = await buildApp(configFromEnv({ HOST: '127.0.0.1', PORT: '0' }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}

/** Renders a file as the server's /api/v1/render does: sharp decode, resolveParams, renderImage, encode. */
export async function serverRender(file: string, input: Record<string, unknown>) {
  const image = await decodeImage(fs.readFileSync(file));
  const params: RenderParams = resolveParams(input, 'json');
  return encode(renderImage(image, params), params);
}

/**
 * Test stand-ins for two things the real app cannot do here. The handoff manifest names the
 * receiver origin each test chooses (the app's comes from its environment, read once at start).
 * A render of an imageUrl listed in `images` is `serverRender` of its local file: the server's
 * HTTPS fetch, which has no internet here. Every other render request goes to the real route.
 */
export interface StubOptions {
  /** The receiver origin the manifest names (null: none configured). */
  readonly receiverOrigin: string | null;
  /** imageUrl -> local file a render of it reads (given: /api/health says image URLs render, as with an allowlist). */
  readonly images?: Readonly<Record<string, string>>;
}

export interface RenderCall {
  readonly body: Record<string, unknown>;
}

/** Installs the stand-ins on a context; returns the render requests seen (for assertions). */
export async function stubServerRoutes(context: BrowserContext, options: StubOptions): Promise<RenderCall[]> {
  const calls: RenderCall[] = [];
  await context.route('**/api/v1/a2v-handoff', (route) =>
    route.fulfill({
      json: handoffManifest({
        version: PACKAGE_VERSION,
        receiverOrigin: options.receiverOrigin,
        platformKeyConfigured: false,
      }),
    }),
  );
  if (options.images) {
    await context.route('**/api/health', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as Record<string, unknown>;
      await route.fulfill({ response: res, json: { ...body, imageUrl: { enabled: true } } });
    });
  }
  await context.route('**/api/v1/render', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    calls.push({ body });
    const { imageUrl, ...params } = body;
    const file = options.images?.[String(imageUrl)];
    if (!file) {
      await route.continue();
      return;
    }
    const out = await serverRender(file, params);
    await route.fulfill({ status: 200, contentType: out.contentType, body: out.body });
  });
  return calls;
}

/**
 * Dawn's validation messages ("While validating ... / While calling ..."): Chromium logs them as
 * warnings, and a pipeline they refuse draws nothing, so they count as errors here.
 */
const WEBGPU_VALIDATION = /^ - While (validating|calling) /m;

/** Collects console errors, WebGPU validation messages and uncaught page errors (a test asserts the list is empty). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || (m.type() === 'warning' && WEBGPU_VALIDATION.test(m.text()))) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

const AXE_SOURCE = path.join(REPO_ROOT, 'node_modules/axe-core/axe.min.js');

/**
 * axe-core's audit of the page as it stands (its default rules: WCAG 2.x A and AA, and best
 * practices), as `rule: target` lines, one per failing element; empty when it passes.
 * `wcag` keeps the WCAG rules only, for a document that is one picture (an HTML export), where
 * the best practices for a site's pages (a main landmark, a level-one heading) do not apply.
 * `skip-link` is left out: axe looks a skip link's target up with document.getElementById,
 * which cannot see into a shadow root, where the studio's targets are (the links focus them;
 * the skip-link test checks that they do).
 */
export async function accessibilityViolations(page: Page, scope: 'page' | 'wcag' = 'page'): Promise<string[]> {
  // evaluated, not added as a <script>: the studio's policy (script-src 'self') refuses inline script
  await page.evaluate(fs.readFileSync(AXE_SOURCE, 'utf8'));
  return page.evaluate(async (scope) => {
    type Violation = { id: string; nodes: { target: unknown }[] };
    type Axe = { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
    const { axe } = window as unknown as { axe: Axe };
    const { violations } = await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'skip-link': { enabled: false } },
      ...(scope === 'wcag' ? { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } } : {}),
    });
    return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)}`));
  }, scope);
}

/** A tiny static site on its own 127.0.0.1 port, i.e. its own origin. */
export async function startOrigin(
  pages: Readonly<Record<string, string>>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (page === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/** Fills a DataTransfer with a file in the page and drops it on an element. */
export async function dropFile(page: Page, target: ReturnType<Page['locator']>, file: string, type: string) {
  const base64 = fs.readFileSync(file).toString('base64');
  const name = path.basename(file);
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name, type }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], name, { type }));
      return dt;
    },
    { base64, name, type },
  );
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/** Opens the rail's Advanced section (presets and the controls past the main ones), once. */
export async function openAdvanced(page: Page): Promise<void> {
  const advanced = page.locator('details.advanced');
  if ((await advanced.getAttribute('open')) === null) await advanced.locator('summary').click();
}

/** The text of a download, with the name it was saved under. */
export async function downloadText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file, 'utf8') };
}

/** A JSON body with the measured timings removed (they differ between any two renders). */
export function withoutTimings(json: string): unknown {
  const body = JSON.parse(json) as { evidence?: { timings?: unknown; director?: { ms?: unknown } | null } };
  if (body.evidence) {
    delete body.evidence.timings;
    if (body.evidence.director) delete body.evidence.director.ms;
  }
  return body;
}

/** Polls a condition in the page (never a fixed sleep), with room for a loaded CI machine. */
export function eventually<T>(read: () => T | Promise<T>, timeout = 20_000) {
  return expect.poll(read, { timeout, interval: 100 });
}

type Box = { x: number; y: number; width: number; height: number };

/** Two animation frames of the page: what a frame's observers change has been laid out. */
export function twoFrames(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

/**
 * An element's box once the layout has settled: the same over two page frames (a box read
 * between a DOM update and the frame whose observers move things after it is stale).
 */
export async function settledBox(page: Page, locator: ReturnType<Page['locator']>): Promise<Box> {
  let last = await locator.boundingBox();
  for (let i = 0; i < 50; i++) {
    await twoFrames(page);
    const next = await locator.boundingBox();
    if (next && last && JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  throw new Error(`the box kept moving: ${JSON.stringify(last)}`);
}

/**
 * Studio benchmarks (phase 1): the production bundle's size, and frames per second of the
 * CPU-Worker path for a 1280 x 720, 30 fps video at 160 columns in headless Chromium.
 * Writes bench/results/studio.md. Run after a build:
 *
 *   npm run build && npx tsx bench/studio.ts
 *
 * The fps figures come from the studio's own HUD (frames rendered in the last second, the
 * executor's time per frame, frames dropped because a render was still in flight), read once
 * a second while the clip loops. Absolute figures depend on the machine and its load; the load
 * average is recorded beside them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium, REPO_ROOT } from '../test/support/browser.js';
import { benchWebm } from '../test/support/media.js';
import {
  launchBrowserWithoutWebGpu,
  launchStudioBrowser,
  startStudio,
  WEBGPU_CANVAS_FLAGS,
} from '../test/support/studio.js';

const DIST = path.join(REPO_ROOT, 'dist/studio');
const OUT = path.join(REPO_ROOT, 'bench/results/studio.md');
const COLUMNS = 160;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);

const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const gz = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Entry chunk and what index.html preloads with it (the JS a first visit must load). */
function bundle() {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const all = fs
    .readdirSync(path.join(DIST, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
  const row = (f: string) => ({ file: f, raw: fs.statSync(path.join(DIST, f)).size, gzip: gz(path.join(DIST, f)) });
  return { initial: initial.map(row), lazy: all.filter((f) => !initial.includes(f)).map(row) };
}

interface Sample {
  fps: number;
  frameMs: number;
  dropped: number;
}

async function measure(
  browser: Browser,
  url: string,
  video: string,
  query: string,
): Promise<{ samples: Sample[]; status: string }> {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.route('**/api/v1/a2v-handoff', (r) => r.fulfill({ status: 404, body: '' }));
  await page.goto(`${url}/?columns=${COLUMNS}${query}`);
  await page.getByLabel('Open an image or video file').setInputFiles(video);
  const hud = page.getByLabel('Performance');
  await hud.getByText('fps', { exact: true }).waitFor();
  const read = async (term: string) =>
    Number.parseFloat(
      (await hud
        .locator('div', { has: page.getByText(term, { exact: true }) })
        .locator('dd')
        .textContent()) ?? 'NaN',
    );
  const samples: Sample[] = [];
  await page.waitForTimeout(2000); // warm-up: the first frames include worker start and JIT
  for (let i = 0; i < SECONDS; i++) {
    await page.waitForTimeout(1000);
    samples.push({ fps: await read('fps'), frameMs: await read('frame'), dropped: await read('dropped') });
  }
  const status = ((await page.getByRole('status').first().textContent()) ?? '').trim();
  await page.close();
  return { samples, status };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error('build first: npm run build');
  const video = benchWebm();
  if (!video) throw new Error('ffmpeg is needed to make the 1280x720 clip');
  const studio = await startStudio();
  const runs: { name: string; samples: Sample[]; status: string; load: number[] }[] = [];
  try {
    for (const [name, launch, query] of [
      ['CPU Worker, Canvas 2D draw, no WebGPU', () => launchBrowserWithoutWebGpu(), ''],
      ['CPU Worker, Canvas 2D draw, WebGPU on (draw=canvas2d)', () => launchChromium(), '&draw=canvas2d'],
      ['CPU Worker, WebGPU draw (SwiftShader, canvas flags)', () => launchStudioBrowser(), ''],
      ['CPU Worker, Canvas 2D draw, canvas flags (draw=canvas2d)', () => launchStudioBrowser(), '&draw=canvas2d'],
    ] as const) {
      const browser = await launch();
      if (!browser) throw new Error('Chromium is needed');
      const load = os.loadavg();
      const { samples, status } = await measure(browser, studio.url, video, query);
      runs.push({ name, samples, status, load });
      await browser.close();
    }
  } finally {
    await studio.app.close();
  }

  const { initial, lazy } = bundle();
  const initialGz = initial.reduce((a, r) => a + r.gzip, 0);
  const lines = [
    '# Studio benchmarks (phase 1)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ` +
      `Node ${process.version}, Debian Chromium headless. Command: \`npm run build && npx tsx bench/studio.ts\`.`,
    '',
    '## Production JS bundle',
    '',
    `Initial JS (what index.html loads): **${kB(initialGz)} gzipped** (target: under 150 kB).`,
    '',
    '| file | loaded | raw | gzip (level 9) |',
    '|---|---|---|---|',
    ...initial.map((r) => `| \`${r.file}\` | initially | ${kB(r.raw)} | ${kB(r.gzip)} |`),
    ...lazy.map((r) => `| \`${r.file}\` | on demand | ${kB(r.raw)} | ${kB(r.gzip)} |`),
    '',
    'On demand: the render worker (started with the studio, off the main thread), the export and',
    'handoff panels (loaded after the first paint), the camera controller (on the first Webcam press).',
    '',
    `## Frames per second: 1280 x 720, 30 fps video, ${COLUMNS} columns`,
    '',
    `The clip: \`vtest.avi\` (768 x 576, 10 fps) scaled to 1280 x 720 and resampled to 30 fps, VP8 WebM`,
    '(test/support/media.ts `benchWebm`). The studio plays it looped; every presented frame is copied',
    '(`VideoFrame.copyTo`, RGBA) and rendered by the CPU engine in a Worker; frames that arrive while a',
    `render is in flight are dropped. Figures are means over ${SECONDS} one-second HUD readings after a 2 s warm-up.`,
    '',
    '| path | rendered fps | executor ms / frame | dropped frames | load average at start |',
    '|---|---|---|---|---|',
    ...runs.map(
      (r) =>
        `| ${r.name} | ${mean(r.samples.map((s) => s.fps)).toFixed(1)} | ${mean(r.samples.map((s) => s.frameMs)).toFixed(1)} | ` +
        `${r.samples.at(-1)?.dropped ?? 0} | ${r.load.map((l) => l.toFixed(2)).join(', ')} |`,
    ),
    '',
    'Per-second readings (fps):',
    '',
    ...runs.map((r) => `- ${r.name}: ${r.samples.map((s) => s.fps).join(', ')} (status: "${r.status}")`),
    '',
    'Why the WebGPU draw row is slow here: headless Chromium presents a WebGPU canvas only with',
    `\`${WEBGPU_CANVAS_FLAGS.join(' ')}\` (without them the GPU process fails to create the`,
    'swap-chain shared image on the first present and the device is lost), and with those flags the page',
    'is composited by SwiftShader: the last row draws with Canvas 2D under the same flags and is as slow.',
    'The draw pass itself measured 35-95 ms per frame at 160 x 90 cells on this loaded machine (timestamp',
    'queries). On a desktop GPU none of this applies. Where presenting is slow, `draw=canvas2d` keeps WebGPU',
    'for compute and draws with Canvas 2D without those flags (second row).',
    '',
    'The engine body is still the provisional one (one sample per cell), so these figures measure',
    'the studio around it (frame copy, worker round trip, drawing), not the kernel pipeline. The GPU',
    'executor, the temporal filter and the GPU-vs-CPU comparison come in phase 2.',
    '',
  ];
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, lines.join('\n'));
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

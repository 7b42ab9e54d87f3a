#!/usr/bin/env node
// A first visit to the studio, served by the real app from dist/ (needs `npm run build`), in
// Debian's Chromium: how long from a click on a sample to its art on screen (median of 7 fresh
// visits), then Lighthouse (12.2.3, fetched by npx: version 13 needs Node 22), desktop preset:
// accessibility and best practices of the empty page and of a sample rendered
// (`?sample=astronaut`). Writes bench/results/studio-first-visit.md.
//   node bench/studio-first-visit.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, startServer } from './server-harness.mjs';

const CHROMIUM = '/usr/bin/chromium';
const PAGES = [
  ['empty page', '/'],
  ['a sample rendered', '/?sample=astronaut'],
];

const VISITS = 7;

/** Milliseconds from a click on each sample to its art, one fresh browser context a visit. */
async function clickToArt(base) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu-sandbox', '--enable-unsafe-webgpu'],
  });
  const times = [];
  try {
    for (let i = 0; i < VISITS; i++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(base);
      const sample = page.getByRole('button', { name: 'Astronaut' });
      await sample.waitFor();
      const start = Date.now();
      await sample.click();
      await page.getByRole('img', { name: /^ASCII art, \d+ by \d+ characters$/ }).waitFor();
      times.push(Date.now() - start);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times.sort((a, b) => a - b);
}

const { child, base } = await startServer();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-lighthouse-'));
const rows = [];
let times = [];
try {
  times = await clickToArt(base);
  for (const [name, page] of PAGES) {
    const out = path.join(dir, `${rows.length}.json`);
    execFileSync(
      'npx',
      [
        ...['-y', 'lighthouse@12.2.3', `${base}${page}`, '--quiet', '--preset=desktop'],
        '--only-categories=accessibility,best-practices',
        `--chrome-path=${CHROMIUM}`,
        '--chrome-flags=--headless --no-sandbox --disable-gpu-sandbox --enable-unsafe-webgpu',
        ...['--output=json', `--output-path=${out}`],
      ],
      { stdio: 'inherit', env: { ...process.env, CHROME_PATH: CHROMIUM } },
    );
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    const score = (id) => Math.round(report.categories[id].score * 100);
    const failed = Object.values(report.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    rows.push(
      `| ${name} (\`${page}\`) | ${score('accessibility')} | ${score('best-practices')} | ${failed.join(', ') || '—'} |`,
    );
  }
} finally {
  child.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
}
const md = `## Studio: a first visit

\`node bench/studio-first-visit.mjs\`, the built studio served by \`dist/server/server.js\`, Debian's Chromium headless, ${os.cpus().length} cores.

**Click on a sample to its art:** median ${times[times.length >> 1]} ms over ${times.length} fresh visits (each: ${times.join(', ')} ms; target: within a second). The click fetches the sample's file, decodes it and renders its first frame (the Auto Director's tuning follows).

Lighthouse 12.2.3 via npx, desktop preset. Target: 95 or more in both categories.

| page | accessibility | best practices | audits not passed |
|---|---|---|---|
${rows.join('\n')}
`;
fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'studio-first-visit.md'), md);
console.log(md);

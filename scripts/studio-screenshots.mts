/**
 * The studio's screenshots in docs/screenshots: desktop (1440 x 900) and phone (390 x 844),
 * empty and with a sample rendered, from the built studio (npm run build) served by the real
 * app, in Debian's Chromium. Run: npx tsx scripts/studio-screenshots.mts [out-dir] [sample]
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/app.js';
import { configFromEnv } from '../service/config.js';

const out = path.resolve(process.argv[2] ?? 'docs/screenshots');
/** The sample shown with art (its button's name). */
const SAMPLE = process.argv[3] ?? 'Astronaut';
fs.mkdirSync(out, { recursive: true });
const app = await buildApp(configFromEnv({ HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' }));
const url = await app.listen({ host: '127.0.0.1', port: 0 });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu-sandbox', '--enable-unsafe-webgpu'],
});
const VIEWPORTS = [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;
try {
  for (const [name, viewport] of VIEWPORTS) {
    const phone = name === 'phone';
    const context = await browser.newContext({
      viewport,
      deviceScaleFactor: phone ? 2 : 1,
      hasTouch: phone,
      isMobile: phone,
    });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('group', { name: 'Samples' }).waitFor();
    await page.screenshot({ path: path.join(out, `studio-${name}-empty.png`) });
    await page.getByRole('button', { name: SAMPLE }).click();
    await page.getByRole('img', { name: /^ASCII art, \d+ by \d+ characters$/ }).waitFor();
    // the evidence fills in after the first frame; the font and the painter settle
    await page
      .getByText('Chosen for this picture:')
      .waitFor({ timeout: 15_000 })
      .catch(() => {});
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(out, `studio-${name}-art.png`) });
    console.log(`${name}: studio-${name}-empty.png, studio-${name}-art.png`);
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
}

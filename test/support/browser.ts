import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { type Browser, chromium, type LaunchOptions } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { unavailable } from './env.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags of DEVELOPERS.md: headless, WebGPU on, no network chatter from the browser itself. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu-sandbox',
  '--enable-unsafe-webgpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches Debian's Chromium, or returns null (a skip) when it is missing outside CI. */
export async function launchChromium(extraArgs: string[] = [], options: LaunchOptions = {}): Promise<Browser | null> {
  if (!fs.existsSync(CHROMIUM)) {
    unavailable('Chromium', `${CHROMIUM} not found`);
    return null;
  }
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, ...extraArgs], ...options });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * Where the e2e tests leave their screenshots (ignored by git): copy them to docs/screenshots
 * by hand when the studio's look changes, so a test run never rewrites tracked files.
 */
export const SCREENSHOTS = path.join(REPO_ROOT, 'test-results', 'screenshots');

/** A Vite dev server on 127.0.0.1 for the test pages (a secure context, so navigator.gpu exists). */
export async function startTestPages(): Promise<{ server: ViteDevServer; url: string }> {
  const port = await freePort();
  const server = await createServer({
    configFile: false,
    root: path.join(REPO_ROOT, 'test/e2e/pages'),
    logLevel: 'error',
    server: { host: '127.0.0.1', port, strictPort: true, fs: { allow: [REPO_ROOT] } },
  });
  await server.listen();
  return { server, url: `http://127.0.0.1:${port}` };
}

/**
 * The container's start command, run outside a container (base images cannot be pulled here):
 * the Containerfile's CMD with its ENV, from the built dist/, answers /api/health, passes the
 * Containerfile's own HEALTHCHECK command, and stops cleanly on SIGTERM (its STOPSIGNAL).
 * Needs `npm run build` (npm run test:e2e builds first).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/browser.js';
import { parseContainerfile } from '../support/containerfile.js';

const instructions = parseContainerfile(fs.readFileSync(path.join(REPO_ROOT, 'Containerfile'), 'utf8'));
const last = (keyword: string) => instructions.filter((i) => i.keyword === keyword).at(-1)?.args ?? '';
const env = Object.fromEntries(
  instructions
    .filter((i) => i.keyword === 'ENV')
    .flatMap((i) => [...i.args.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])),
);

describe('the container start command, outside a container', () => {
  let server: ChildProcess | null = null;
  afterAll(() => {
    server?.kill('SIGKILL');
  });

  it('serves /api/health with the image environment, passes the HEALTHCHECK, and exits 0 on SIGTERM', async () => {
    const [command, ...args] = JSON.parse(last('CMD')) as string[];
    expect(command).toBe('node');
    // the image's environment; only the port is a free one (0) instead of 8080
    const child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (d) => {
        out += String(d);
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${out}`)));
    });
    const port = new URL(url).port;
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { status: string }).status).toBe('ok');

    // the HEALTHCHECK's own command, with the port the image sets (here the free one)
    const check = JSON.parse(last('HEALTHCHECK').replace(/^.*?CMD\s+/, '')) as string[];
    execFileSync(check[0] === 'node' ? process.execPath : check[0], check.slice(1), {
      env: { ...process.env, PORT: port },
      timeout: 10_000,
    });

    expect(last('STOPSIGNAL')).toBe('SIGTERM');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    server = null;
  }, 60_000);
});

// What the server benches (server-load.mjs, mcp.mjs) share: flags, the command line they
// print, the build, and the real server started from dist/ on a free port of 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** The value after `--name` on the command line, or `fallback`. */
export function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

/** How this bench was run, for its result file (without the free-text --label). */
export function commandLine(script) {
  return `node bench/${script} ${process.argv
    .slice(2)
    .filter((a, i, all) => a !== '--label' && all[i - 1] !== '--label')
    .join(' ')}`.trim();
}

/** Builds dist/ unless --no-build was given. */
export function buildUnlessAsked() {
  if (process.argv.includes('--no-build')) return;
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-node.mjs')], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

/** Starts `node dist/server/server.js` of `root` (this checkout) with `env` added; resolves with the child and its base URL. */
export function startServer(env = {}, root = ROOT) {
  const child = spawn(process.execPath, [path.join(root, 'dist/server/server.js')], {
    // glibc returns freed memory to the system past 128 KiB free at the top, as `npm start` sets it
    env: { MALLOC_TRIM_THRESHOLD_: '131072', ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      const m = /listening on (http:\/\/\S+)/.exec(String(d));
      if (m) resolve({ child, base: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

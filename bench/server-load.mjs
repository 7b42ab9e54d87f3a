#!/usr/bin/env node
// Server load bench (not a test): builds and starts the real server (dist/server/server.js),
// then drives it with autocannon over 127.0.0.1.
//
//   phase 1: renders of a 1024x768 JPEG at 120 columns (multipart) for --seconds, with health
//            checks at a fixed rate from a separate process at the same time: renders/s,
//            render p50/p99, health p50/p99 while the pool is saturated.
//   phase 2: --renders renders in total, sampling the server's RSS every 250 ms: mean RSS per
//            quarter of the run and the trend over its last three quarters.
//   --compare COMMIT: phase 1 first against the server built from COMMIT (bench/baseline.mjs),
//            in the same run, for the ratio of renders per second.
//
// The JPEG is made here from a corpus image with sharp (nothing large is committed).
// Writes bench/results/server-load.md. Usage:
//   node bench/server-load.mjs [--seconds 30] [--renders 10000] [--connections 4] [--health-rate 50]
//                              [--no-build] [--label "what dist/ was built from"] [--soak-query columns=120&...]
//                              [--compare 5210aef]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { baselineRoot } from './baseline.mjs';
import { arg, buildUnlessAsked, commandLine, ROOT, startServer } from './server-harness.mjs';

const SECONDS = Number(arg('seconds', 30));
const RENDERS = Number(arg('renders', 10_000));
const CONNECTIONS = Number(arg('connections', 4));
const HEALTH_RATE = Number(arg('health-rate', 50));
const SOURCE = arg('image', path.resolve(ROOT, '../shared/bench/corpus/dev/landscape_dune.jpg'));
const LABEL = arg('label', '');
/** Phase 1 renders with every parameter at its default but columns; the soak may be lighter (--soak-query). */
const LOAD_QUERY = 'columns=120';
const SOAK_QUERY = arg('soak-query', LOAD_QUERY);
const COMMAND = commandLine('server-load.mjs');
const COMPARE = arg('compare', null);

/** Phase 1 against the server of another build: renders per second and health p99 under load. */
async function phaseOne(root, f) {
  const { child, base } = await startServer({}, root);
  try {
    await renders(base, f, LOAD_QUERY, { amount: 20 }); // warm-up
    const [load, busy] = await Promise.all([
      renders(base, f, LOAD_QUERY, { duration: SECONDS }),
      probe(`${base}/api/health`, SECONDS, HEALTH_RATE),
    ]);
    return { load, busy };
  } finally {
    child.kill('SIGTERM');
  }
}

async function fixture() {
  const jpeg = await sharp(SOURCE).resize(1024, 768, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
  const boundary = 'glyphcastbench';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="bench.jpg"\r\n`),
    Buffer.from('Content-Type: image/jpeg\r\n\r\n'),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { jpeg, body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const rssMiB = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
};

/** autocannon in a child process (its own event loop), JSON result. */
function probe(url, seconds, rate) {
  const bin = path.join(ROOT, 'node_modules/autocannon/autocannon.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, '-c', '1', '-R', String(rate), '-d', String(seconds), '-j', url], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`probe exited ${code}`))));
  });
}

const renders = (base, f, query, opts) =>
  autocannon({
    url: `${base}/api/v1/render?${query}`,
    timeout: 120,
    method: 'POST',
    headers: { 'content-type': f.contentType },
    body: f.body,
    connections: CONNECTIONS,
    ...opts,
  });

const ms = (x) => `${Math.round(x * 10) / 10} ms`;

async function main() {
  buildUnlessAsked();
  const loadBefore = os.loadavg()[0];
  const f = await fixture();
  const compared = COMPARE ? await phaseOne(baselineRoot(COMPARE), f) : null;
  const { child, base } = await startServer();
  try {
    const health = await (await fetch(`${base}/api/health`)).json();
    const idle = await probe(`${base}/api/health`, 5, HEALTH_RATE);
    await renders(base, f, SOAK_QUERY, { amount: 100 }); // warm-up

    const [load, busy] = await Promise.all([
      renders(base, f, LOAD_QUERY, { duration: SECONDS }),
      probe(`${base}/api/health`, SECONDS, HEALTH_RATE),
    ]);

    const samples = [];
    const timer = setInterval(() => samples.push(rssMiB(child.pid)), 250);
    const t0 = Date.now();
    const soak = await renders(base, f, SOAK_QUERY, { amount: RENDERS });
    clearInterval(timer);
    const soakSeconds = (Date.now() - t0) / 1000;
    // RSS moves by tens of MiB between samples (GC, allocator arenas), so growth is judged on
    // means: each quarter of the soak, and the slope of a least-squares line over the last three.
    const quarter = (i) =>
      samples.slice(Math.floor((samples.length * i) / 4), Math.floor((samples.length * (i + 1)) / 4));
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const quarters = [0, 1, 2, 3].map((i) => mean(quarter(i)));
    const tail = samples.slice(Math.floor(samples.length / 4));
    const xMean = (tail.length - 1) / 2;
    const yMean = mean(tail);
    const slope =
      tail.reduce((a, y, x) => a + (x - xMean) * (y - yMean), 0) / tail.reduce((a, _y, x) => a + (x - xMean) ** 2, 0);
    const perThousand = (slope * tail.length * 1000) / (soak.requests.total * 0.75); // MiB per 1000 renders
    const grew = quarters[3] > quarters[1] * 1.05;
    const lines = [
      '## Server load (autocannon against 127.0.0.1)',
      '',
      `Command: \`${COMMAND}\` (builds dist/ first unless --no-build, starts \`node dist/server/server.js\`).`,
      ...(LABEL ? ['', `Build measured: ${LABEL}.`] : []),
      '',
      `Machine: ${os.cpus().length} x ${os.cpus()[0].model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}. ` +
        `Server: ${health.renderPool.workers} render workers, queue ${health.renderPool.queueLimit}, ` +
        `RENDER_THREAD_NICE=${process.env.RENDER_THREAD_NICE ?? '10 (default)'}. ` +
        `Load generator and server share the machine; 1-minute load average ${loadBefore.toFixed(1)} before the run, ${os.loadavg()[0].toFixed(1)} after it (other work on the machine counts).`,
      '',
      `Input: ${path.basename(SOURCE)} resized to 1024x768, JPEG q85 (${Math.round(f.jpeg.length / 1024)} KiB), multipart, \`columns=120\`, other parameters default; ${CONNECTIONS} connections.`,
      '',
      '| measure | value |',
      '|---|---|',
      `| renders/s (${SECONDS} s, saturated pool) | ${load.requests.average.toFixed(1)} |`,
      ...(compared
        ? [
            `| renders/s of ${COMPARE} in the same run, and this build's over it | ${compared.load.requests.average.toFixed(1)}; ${(load.requests.average / compared.load.requests.average).toFixed(1)} x |`,
            `| health p99 during ${COMPARE}'s render load | ${ms(compared.busy.latency.p99)} |`,
          ]
        : []),
      `| render latency p50 / p99 | ${ms(load.latency.p50)} / ${ms(load.latency.p99)} |`,
      `| render answers not 2xx / errors / timeouts | ${load.non2xx} / ${load.errors} / ${load.timeouts} |`,
      `| health p50 / p99 / max at ${HEALTH_RATE}/s, during the render load | ${ms(busy.latency.p50)} / ${ms(busy.latency.p99)} / ${ms(busy.latency.max)} (${busy.requests.total} checks, ${busy.non2xx} not 2xx) |`,
      `| health p50 / p99 at ${HEALTH_RATE}/s, idle server | ${ms(idle.latency.p50)} / ${ms(idle.latency.p99)} |`,
      `| soak (\`${SOAK_QUERY}\`): ${soak.requests.total} renders in ${soakSeconds.toFixed(0)} s | ${(soak.requests.total / soakSeconds).toFixed(1)} renders/s, ${soak.non2xx} not 2xx, ${soak.errors} errors |`,
      `| server RSS, mean of each quarter of the soak | ${quarters.map((q) => q.toFixed(0)).join(' / ')} MiB |`,
      `| server RSS trend over the last three quarters | ${perThousand >= 0 ? '+' : ''}${perThousand.toFixed(2)} MiB per 1000 renders |`,
      `| server RSS min / max over the soak (${samples.length} samples, every 250 ms) | ${Math.min(...samples).toFixed(0)} / ${Math.max(...samples).toFixed(0)} MiB |`,
      '',
      `Targets on this machine: health p99 under 20 ms while renders saturate the pool: **${busy.latency.p99 < 20 ? 'met' : 'not met'}**; no memory growth after warm-up: **${grew ? 'not met' : 'met'}** (last quarter's mean RSS within 5% of the second quarter's).`,
      '',
      `Reading: the idle server's health p99 (${ms(idle.latency.p99)}) is the machine's own scheduling delay under the other work on it; the render load added ${ms(busy.latency.p99 - idle.latency.p99)} at p99.`,
      '',
    ];
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'bench/results/server-load.md'), lines.join('\n'));
    console.log(lines.join('\n'));
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

#!/usr/bin/env node
// Server memory bench (not a test): the battery of 18 concurrent renders of a 6300 x 6300 PNG
// (39.7 MP, under the 40 MP decode limit; a gradient, so the file is small), against the real
// server (dist/server/server.js), and optionally against the same server built from an older
// commit (--compare COMMIT, built once into a git worktree in the system's temp folder).
//
//   RSS before: after start-up and 5 small renders; peak: the highest RSS sampled every 50 ms
//   while the 18 renders run; after: RSS 30 s after the last answer.
//
// Writes bench/results/server-memory.md. Usage:
//   node bench/server-memory.mjs [--compare 5210aef] [--concurrent 18] [--settle 30] [--no-build]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { baselineRoot } from './baseline.mjs';
import { arg, buildUnlessAsked, commandLine, ROOT, startServer } from './server-harness.mjs';

const CONCURRENT = Number(arg('concurrent', 18));
const SETTLE_S = Number(arg('settle', 30));
const COMPARE = arg('compare', null);
const SIDE = 6300;
const COMMAND = commandLine('server-memory.mjs');

const rssMiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function bigPng() {
  const row = Buffer.alloc(SIDE * 3);
  for (let x = 0; x < SIDE; x++) row.fill(Math.floor((x * 255) / SIDE), x * 3, x * 3 + 3);
  const raw = Buffer.concat(Array.from({ length: SIDE }, () => row));
  return sharp(raw, { raw: { width: SIDE, height: SIDE, channels: 3 }, limitInputPixels: false })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

function form(png) {
  const boundary = 'glyphcastmemory';
  return {
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\n`),
      Buffer.from('Content-Type: image/png\r\n\r\n'),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const render = (base, f) =>
  fetch(`${base}/api/v1/render?columns=120`, {
    method: 'POST',
    headers: { 'content-type': f.contentType },
    body: f.body,
  }).then(async (r) => ({ status: r.status, body: await r.text() }));

/** The battery against one server: RSS before, peak, after; the answers' statuses. */
async function battery(root, f, small) {
  const { child, base } = await startServer({ RENDER_QUEUE_LIMIT: String(CONCURRENT) }, root);
  try {
    for (let i = 0; i < 5; i++) await render(base, small);
    await sleep(1000);
    const before = rssMiB(child.pid);
    let peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, rssMiB(child.pid));
    }, 50);
    const t0 = Date.now();
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => render(base, f)));
    const seconds = (Date.now() - t0) / 1000;
    clearInterval(timer);
    await sleep(SETTLE_S * 1000);
    const after = rssMiB(child.pid);
    const statuses = answers.map((a) => a.status);
    return { before, peak, after, seconds, ok: statuses.filter((s) => s === 200).length, statuses };
  } finally {
    child.kill('SIGTERM');
  }
}

async function main() {
  buildUnlessAsked();
  const png = await bigPng();
  const f = form(png);
  const small = form(await sharp(png).resize(320, 320).png().toBuffer());
  const runs = [];
  if (COMPARE) runs.push([COMPARE, await battery(baselineRoot(COMPARE), f, small)]);
  runs.push(['this build', await battery(ROOT, f, small)]);
  const mib = (x) => `${x.toFixed(0)} MiB`;
  const lines = [
    '## Server memory: 18 concurrent 40 MP renders',
    '',
    `Command: \`${COMMAND}\`. Machine: ${os.cpus().length} x ${os.cpus()[0].model.trim()}, Node ${process.version}.`,
    '',
    `Input: a ${SIDE} x ${SIDE} PNG gradient (${Math.round(png.length / 1024)} kB), multipart, \`columns=120\`, ${CONCURRENT} at once (RENDER_QUEUE_LIMIT=${CONCURRENT}, render workers: one per core). RSS of the server process (its render workers are threads in it).`,
    '',
    '| server | RSS before | peak | RSS 30 s after | after / before | answers 200 | battery time |',
    '|---|---|---|---|---|---|---|',
    ...runs.map(
      ([name, r]) =>
        `| ${name} | ${mib(r.before)} | ${mib(r.peak)} | ${mib(r.after)} | ${(r.after / r.before).toFixed(2)} | ${r.ok} of ${CONCURRENT} | ${r.seconds.toFixed(1)} s |`,
    ),
    '',
    `Targets: peak under 500 MB, and back within 1.3 x the RSS before it 30 s after: **${runs.at(-1)[1].peak * 1.048576 < 500 && runs.at(-1)[1].after / runs.at(-1)[1].before <= 1.3 ? 'met' : 'not met'}** (this build).`,
    '',
  ];
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/server-memory.md'), lines.join('\n'));
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

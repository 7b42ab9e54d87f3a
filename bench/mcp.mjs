#!/usr/bin/env node
// MCP batch bench (not a test): builds and starts the real server (dist/server/server.js),
// then times 8 render_ascii calls two ways over 127.0.0.1, --reps times each, alternating:
//
//   sequential: 8 POST /api/mcp, one tools/call each, each sent when the previous one answered;
//   batch:      1 POST /api/mcp carrying the 8 calls as a 2025-era JSON-RPC array (SPEC 4.4).
//
// Reports the median and range of each, the speed-up, and whether the batch answered the 8
// calls in order with the same outputs as the sequential calls.
// Writes bench/results/mcp.md. Usage:
//   node bench/mcp.mjs [--reps 5] [--columns 80] [--workers <cores>] [--no-build] [--label "what dist/ was built from"]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { arg, buildUnlessAsked, commandLine, ROOT, startServer } from './server-harness.mjs';

const REPS = Number(arg('reps', 5));
const COLUMNS = Number(arg('columns', 80));
const SOURCE = arg('image', path.resolve(ROOT, '../shared/bench/corpus/dev/landscape_street.jpg'));
const LABEL = arg('label', '');
const CALLS = 8;
const WORKERS = Number(arg('workers', os.availableParallelism()));
const COMMAND = commandLine('mcp.mjs');

const post = async (base, body) => {
  const res = await fetch(`${base}/api/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`POST /api/mcp answered ${res.status}`);
  return res.json();
};

/** Eight different calls (the columns vary a little) so no answer can stand in for another. */
const calls = (imageBase64) =>
  Array.from({ length: CALLS }, (_, i) => ({
    jsonrpc: '2.0',
    id: i + 1,
    method: 'tools/call',
    params: { name: 'render_ascii', arguments: { imageBase64, columns: COLUMNS + i } },
  }));

const outputOf = (answer) => {
  if (answer.error || answer.result.isError)
    throw new Error(`call ${answer.id} failed: ${JSON.stringify(answer).slice(0, 200)}`);
  return answer.result.structuredContent.output;
};

async function timed(fn) {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (ms) => `${Math.round(ms)} ms`;

async function main() {
  buildUnlessAsked();
  const jpeg = await sharp(SOURCE).resize(640, 480, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
  const batch = calls(jpeg.toString('base64'));
  const { child, base } = await startServer({ RENDER_WORKERS: String(WORKERS) });
  const loadBefore = os.loadavg()[0];
  try {
    await post(base, batch); // warm-up: workers, caches
    const sequential = [];
    const batched = [];
    let inOrder = true;
    let sameOutputs = true;
    for (let rep = 0; rep < REPS; rep++) {
      const seq = await timed(async () => {
        const out = [];
        for (const call of batch) out.push(await post(base, call));
        return out;
      });
      const bat = await timed(() => post(base, batch));
      sequential.push(seq.ms);
      batched.push(bat.ms);
      inOrder &&= bat.value.map((a) => a.id).join() === batch.map((c) => c.id).join();
      sameOutputs &&= bat.value.every((a, i) => outputOf(a) === outputOf(seq.value[i]));
    }
    const loadAfter = os.loadavg()[0];
    const lines = [
      '## MCP: a batch of 8 renders vs 8 sequential calls',
      '',
      `Command: \`${COMMAND}\` (builds dist/ first unless --no-build, starts \`node dist/server/server.js\`).`,
      '',
      ...(LABEL ? [`Build measured: ${LABEL}.`, ''] : []),
      `Machine: ${os.cpus().length} x ${os.cpus()[0].model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}. ` +
        `Server: ${WORKERS} render workers. Client and server share the machine; 1-minute load average ${loadBefore.toFixed(1)} before the run, ${loadAfter.toFixed(1)} after it (other work on the machine counts).`,
      '',
      `Input: ${path.basename(SOURCE)} resized to 640x480, JPEG q85 (${Math.round(jpeg.length / 1024)} KiB), as imageBase64; ` +
        `8 tools/call render_ascii with columns ${COLUMNS} to ${COLUMNS + CALLS - 1}, other parameters default (Auto Director on); ` +
        `${REPS} repetitions of each way, alternating, after one warm-up batch.`,
      '',
      '| measure | value |',
      '|---|---|',
      `| 8 sequential calls, median (min to max) | ${fmt(median(sequential))} (${fmt(Math.min(...sequential))} to ${fmt(Math.max(...sequential))}) |`,
      `| 1 batch of 8, median (min to max) | ${fmt(median(batched))} (${fmt(Math.min(...batched))} to ${fmt(Math.max(...batched))}) |`,
      `| speed-up of the batch (median / median) | ${(median(sequential) / median(batched)).toFixed(2)} x |`,
      `| batch answers in request order, every rep | ${inOrder ? 'yes' : 'NO'} |`,
      `| batch outputs equal to the sequential outputs, every rep | ${sameOutputs ? 'yes' : 'NO'} |`,
      '',
      'Reading: the batch runs its calls concurrently on the render pool, so its gain is bounded by the number of render workers ' +
        '(one per core); the sequential calls keep one worker busy at a time.' +
        (Math.max(loadBefore, loadAfter) > os.cpus().length
          ? ` This run was on an oversubscribed machine (1-minute load ${Math.max(loadBefore, loadAfter).toFixed(1)} on ${os.cpus().length} cores): ` +
            'the second worker competed with other work for a core, so the gain here is smaller and noisier than on a quiet machine.'
          : ''),
      '',
    ];
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'bench/results/mcp.md'), lines.join('\n'));
    console.log(lines.join('\n'));
  } finally {
    child.kill('SIGTERM');
  }
}

await main();

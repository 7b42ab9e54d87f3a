#!/usr/bin/env node
// Speed: engine time per stage for a 1920x1080 RGBA frame (median of many runs, one process),
// and whole-process CLI wall time for 60 files against chafa and jp2a given the same files.
//   node bench/speed.mjs [--runs 40]
// Uses the compiled engine in dist/ (npm run build:node), as the CLI and server run it.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCli, CLI, has, machine, ROOT, SHARED, writeResult } from './peerbench.mjs';

const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 40;
buildCli();
const { CpuExecutor, planFrame, renderImage, resolveParams } = await import(path.join(ROOT, 'dist/engine/index.js'));
const sharp = (await import('sharp')).default;

const src = path.join(SHARED, 'corpus/dev/landscape_dune.jpg');
const { data, info } = await sharp(src)
  .resize(1920, 1080, { fit: 'fill' })
  .ensureAlpha()
  .raw()
  .toBuffer({ resolveWithObject: true });
const frame = { width: info.width, height: info.height, data: new Uint8Array(data) };
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

function engineRuns(columns, autoOptimize, extra = {}) {
  const params = resolveParams({ columns, autoOptimize, ...extra }, 'json');
  const totals = [];
  const stages = {};
  const ex = new CpuExecutor();
  for (let i = 0; i < runs + 5; i++) {
    const t0 = performance.now();
    const grid = autoOptimize === 0 ? ex.render(planFrame(params, frame), frame) : renderImage(frame, params);
    const t = performance.now() - t0;
    if (i < 5) continue; // warm-up
    totals.push(t);
    for (const [k, v] of Object.entries(grid.evidence.timings)) (stages[k] ??= []).push(v);
  }
  return { total: median(totals), stages: Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, median(v)])) };
}

let md = `## Speed\n\nMeasured ${new Date().toISOString().slice(0, 10)} with \`node bench/speed.mjs --runs ${runs}\` on ${machine()}. Absolute times are machine-bound; compare converters measured in the same run.\n\n`;
md += `### Engine, 1920x1080 RGBA frame (median of ${runs} runs after 5 warm-ups, one process)\n\n`;
md += '| columns | director | total (ms) | per stage (ms) |\n|---|---|---|---|\n';
for (const columns of [120, 200])
  for (const ao of [0, 0.9]) {
    const r = engineRuns(columns, ao);
    const stages = Object.entries(r.stages)
      .map(([k, v]) => `${k} ${v.toFixed(2)}`)
      .join(', ');
    md += `| ${columns} | ${ao === 0 ? 'off (autoOptimize 0)' : 'on (default 0.9)'} | ${r.total.toFixed(2)} | ${ao === 0 ? stages : 'tuning + final render'} |\n`;
  }

// Two-colour cells (issue 35: at most 1.5x a foreground-only colour render), defaults otherwise
{
  const fg = engineRuns(120, 0.9, { color: true }).total;
  const two = engineRuns(120, 0.9, { color: true, background: true }).total;
  // blocks have their own two-colour kernel (fineBlocks, 4 x 8 points a cell, from a finer plane)
  const blocksFg = engineRuns(120, 0.9, { color: true, charset: 'blocks' }).total;
  const blocksTwo = engineRuns(120, 0.9, { color: true, background: true, charset: 'blocks' }).total;
  md += `\n### Two-colour cells, 1920x1080 at 120 columns, Director on\n\n| render | total (ms) |\n|---|---|\n| \`--color\` | ${fg.toFixed(2)} |\n| \`--color --background\` | ${two.toFixed(2)} (${(two / fg).toFixed(2)}x) |\n| \`--color --charset blocks\` | ${blocksFg.toFixed(2)} |\n| \`--color --background --charset blocks\` (fineBlocks) | ${blocksTwo.toFixed(2)} (${(blocksTwo / blocksFg).toFixed(2)}x) |\n`;
}

// CLI: 60 conversions in one process (12 dev images x 5) at 120 columns
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-speed-'));
const files = [];
for (const f of fs.readdirSync(path.join(SHARED, 'corpus/dev')).sort())
  for (let k = 0; k < 5; k++) {
    const to = path.join(dir, `${k}_${f}`);
    fs.copyFileSync(path.join(SHARED, 'corpus/dev', f), to);
    files.push(to);
  }
const list = files.map((f) => `'${f}'`).join(' ');
const commands = {
  glyphcast: `node '${CLI}' --columns 120 ${list}`,
  'glyphcast (director off)': `node '${CLI}' --columns 120 --auto-optimize 0 ${list}`,
};
// what Node and sharp cost before any render: decoding alone, as the CLI decodes, bundled as the CLI is
const floor = path.join(ROOT, 'bench/out/decode-floor.cjs');
await (await import('esbuild')).build({
  entryPoints: [path.join(ROOT, 'bench/decode-floor.mjs')],
  outfile: floor,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['sharp'],
  logLevel: 'warning',
});
commands['sharp decode only (no render: the floor of a Node + sharp CLI)'] = `node '${floor}' ${list}`;
if (has('chafa')) commands.chafa = `chafa --format symbols --symbols ascii --colors none --size 120x10000 ${list}`;
if (has('jp2a')) commands.jp2a = `jp2a --width=120 --background=dark ${list}`;
md += `\n### CLI, 60 conversions in one process (the 12 dev images x 5) at 120 columns, stdout to /dev/null\n\n`;
if (has('hyperfine')) {
  const json = path.join(dir, 'hyperfine.json');
  // each program started by hyperfine itself (-N), no shell between; hyperfine sends the output to /dev/null
  const args = ['-N', '--warmup', '1', '--runs', '10', '--export-json', json];
  for (const [name, cmd] of Object.entries(commands)) args.push('-n', name, cmd);
  spawnSync('hyperfine', args, { stdio: 'inherit' });
  const res = JSON.parse(fs.readFileSync(json, 'utf8')).results;
  md += `hyperfine ${execFileSync('hyperfine', ['--version'], { encoding: 'utf8' }).trim().split(' ')[1]}, 10 runs, 1 warm-up, each program started directly (\`-N\`, no shell).\n\n| converter | median (s) | per image (ms) | mean ± sd (s) | user + sys (s) |\n|---|---|---|---|---|\n`;
  for (const r of res)
    md += `| ${r.command} | ${r.median.toFixed(3)} | ${((r.median / 60) * 1000).toFixed(1)} | ${r.mean.toFixed(3)} ± ${r.stddev.toFixed(3)} | ${(r.user + r.system).toFixed(3)} |\n`;
  md +=
    "\nThe decode-only row is the floor under any CLI on Node and sharp: the same 60 files read and decoded as the CLI does (`bench/decode-floor.mjs`, bundled as the CLI is), nothing rendered. libvips's decodes alone take most of chafa's CPU time, and on two cores the CLI's renders on the main thread share the machine with them. Once V8 has compiled the engine (from about the tenth photo) a photo costs glyphcast about 12 ms of CPU (7.3 decoding in libvips and 4.4 rendering, the means over the 12 photos decoded and rendered one after another in one process), and chafa about 12.5 (its user + sys over the 60); what the CLI loses on 60 photos is its start-up and its first renders, run before V8 has compiled the engine's loops (and the CPU V8's compiler threads take from the decodes meanwhile).\n";
  // One image per process, the common way a CLI is used: start-up and a cold JIT included.
  const one = path.join(SHARED, 'corpus/dev/landscape_dune.jpg');
  const single = Object.fromEntries(
    Object.entries(commands).map(([name, cmd]) => [name, cmd.replace(list, `'${one}'`)]),
  );
  const json1 = path.join(dir, 'hyperfine-one.json');
  const args1 = ['-N', '--warmup', '2', '--runs', '20', '--export-json', json1];
  for (const [name, cmd] of Object.entries(single)) args1.push('-n', name, cmd);
  args1.push('-n', 'node (an empty script)', 'node -e 0');
  spawnSync('hyperfine', args1, { stdio: 'inherit' });
  md += `\n### CLI, one image per process (landscape_dune.jpg, 1680 x 1050) at 120 columns, stdout to /dev/null\n\n`;
  md +=
    'hyperfine, 20 runs, 2 warm-ups, each program started directly (`-N`, no shell). Start-up included: loading Node, sharp (libvips) and the modules, and a cold JIT.\n\n| converter | median (ms) | mean ± sd (ms) |\n|---|---|---|\n';
  for (const r of JSON.parse(fs.readFileSync(json1, 'utf8')).results)
    md += `| ${r.command} | ${(r.median * 1000).toFixed(1)} | ${(r.mean * 1000).toFixed(1)} ± ${(r.stddev * 1000).toFixed(1)} |\n`;
  md +=
    "\nA one-image run is mostly start-up: Node itself (the last row), sharp and the CLI's code (one CommonJS bundle, dist/bin/cli.cjs, read with the code V8 compiled in the last run: bin/code-cache.ts), the decode (the engine's tables are made meanwhile), then one render run before V8 has compiled the engine's loops (about 40 ms, where a warm render takes about 5). chafa and jp2a are C programs with none of this. The decode-only row (Node, sharp, the params schema that sizes the decode, and the decode; nothing rendered) is the floor of such a run on Node and sharp.\n";
} else md += 'hyperfine is not installed (sudo bash scripts/setup-system.sh --bench).\n';
fs.rmSync(dir, { recursive: true, force: true });
writeResult('speed', md);

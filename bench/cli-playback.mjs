#!/usr/bin/env node
// The CLI playing a video and an animated GIF on a terminal (a pseudo-terminal from `script`):
// whether it keeps the video's pace, and the bytes each frame costs with the changed-lines
// updates against redrawing the whole picture.
//   node bench/cli-playback.mjs            needs ffmpeg and a build (npm run build:node)
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCli, CLI, machine, SHARED, writeResult } from './peerbench.mjs';

buildCli();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-playback-'));
const clip = path.join(SHARED, 'corpus', 'video', 'vtest.avi');
const SECONDS = 8;
const FPS = 30;
const video = path.join(dir, 'clip-720p30.webm');
execFileSync('ffmpeg', [
  ...['-v', 'error', '-i', clip, '-t', String(SECONDS), '-vf', `scale=1280:720,fps=${FPS},noise=alls=6:allf=t`],
  ...['-c:v', 'libvpx', '-b:v', '2M', '-an', video],
]);
const gif = path.join(dir, 'clip.gif');
execFileSync('ffmpeg', ['-v', 'error', '-i', clip, '-t', '6', '-vf', 'fps=10,scale=384:-1', '-loop', '-1', gif]);

const BEGIN_SYNC = '\x1b[?2026h';
const END_SYNC = '\x1b[?2026l';

/** Plays `file` with `args` on a 220 x 80 terminal: wall seconds, and the bytes of each synchronized update. */
function play(file, args) {
  const q = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
  const command = `stty cols 220 rows 80; ${[process.execPath, CLI, file, ...args].map(q).join(' ')}`;
  const t0 = performance.now();
  const r = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'latin1', maxBuffer: 1 << 30 });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`playing ${file} ${args.join(' ')} failed: ${r.stdout.slice(-300)}`);
  const updates = r.stdout
    .split(BEGIN_SYNC)
    .slice(1)
    .map((part) => part.split(END_SYNC)[0].length);
  return { seconds, updates };
}

const rows = [];
for (const [name, file, frames] of [
  [`1280 x 720, ${FPS} fps, ${SECONDS} s (VP8)`, video, SECONDS * FPS],
  ['384 x 288 GIF, 10 fps, 6 s', gif, 60],
]) {
  for (const args of [
    ['--cols', '80'],
    ['--cols', '120'],
    ['--cols', '120', '--color'],
    ['--cols', '200', '--color'],
  ]) {
    const { seconds, updates } = play(file, args);
    const full = updates[0];
    const later = updates.slice(1);
    const mean = later.reduce((a, b) => a + b, 0) / Math.max(1, later.length);
    rows.push(
      `| ${name} | \`${args.join(' ')}\` | ${frames} | ${updates.length} | ${seconds.toFixed(2)} | ${full} | ${Math.round(mean)} | ${Math.round((100 * mean) / full)} % |`,
    );
    console.log(rows.at(-1));
  }
}
fs.rmSync(dir, { recursive: true, force: true });

const ffmpegVersion = execFileSync('ffmpeg', ['-version'], { encoding: 'utf8' }).split(' ')[2];
writeResult(
  'cli-playback',
  `## CLI: playing a video and an animated GIF on a terminal

Measured ${new Date().toISOString().slice(0, 10)} with \`node bench/cli-playback.mjs\` on ${machine()}; ffmpeg ${ffmpegVersion}.
The real \`glyphcast\` process plays each file once in a 220 x 80 pseudo-terminal (\`script\`), every
default but the flags shown (the Auto Director tunes on the first frame). The clips are cut from
the bench video \`vtest.avi\` (768 x 576, 10 fps), the first scaled up and resampled to 1280 x 720
at ${FPS} fps with a little noise that changes every frame (as a camera's does; without it,
each frame of the clip would repeat three times). "updates" counts the synchronized updates written: one per frame drawn, none for a
frame whose art equals the last one's, none for a frame skipped for being late, so with color
(where every frame differs) updates = frames means no frame was skipped. The wall time includes
start-up, ffmpeg's probe and the Auto Director. "first" is the whole first picture in bytes,
"later" the mean bytes of the updates after it, which rewrite only the lines that changed.

| file | flags | frames | updates | wall s | first, bytes | later, mean bytes | later / first |
|---|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

Frames are decoded ahead (up to 3 wait), so ffmpeg decodes on the second core while a frame
renders. Before that (2026-11-24: frames read only when asked for, each pipe chunk appended to a
growing buffer) the 200-column color row drew 38 of 240 frames, each skipped frame costing a
whole decode. That row is at the edge of what two cores do (ffmpeg's 720p decode and a 200 x 56
colored render each take most of one): it drew 176 to 229 frames over six runs. Updates rewrite
only the cells that changed, line by line: without color a frame costs a twentieth of the
picture; with color most lines have cells whose color moved (the clip's noise), and the spans
are longer.
`,
);

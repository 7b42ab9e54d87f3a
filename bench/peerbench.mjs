// Shared helpers for the benches that use the neutral evaluator in ../shared/bench.
// That folder is read-only and has no node_modules, so it is copied to bench/out/peerbench
// with a link to this project's node_modules (sharp and ssim.js 3.5.0, the versions it names).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const SHARED = path.resolve(ROOT, '..', 'shared', 'bench');
export const PEERBENCH = path.join(ROOT, 'bench', 'out', 'peerbench');
export const CLI = path.join(ROOT, 'dist', 'bin', 'glyphcast.cjs');

export function preparePeerbench() {
  if (!fs.existsSync(SHARED)) throw new Error(`the shared bench is missing: ${SHARED}`);
  fs.rmSync(PEERBENCH, { recursive: true, force: true });
  fs.mkdirSync(PEERBENCH, { recursive: true });
  for (const f of ['lib', 'run.mjs', 'timing.mjs', 'evaluate.mjs', 'converters.json', 'package.json'])
    fs.cpSync(path.join(SHARED, f), path.join(PEERBENCH, f), { recursive: true });
  spaceGlyphAtlas(path.join(PEERBENCH, 'lib', 'evaluate.mjs'));
  fs.symlinkSync(path.join(SHARED, 'corpus'), path.join(PEERBENCH, 'corpus'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(PEERBENCH, 'node_modules'));
  return PEERBENCH;
}

/**
 * The shared rasterizer draws its glyph atlas as one strip, each glyph in the slot beside the
 * last, and block elements (U+2580..U+259F) overflow their slot by a pixel: a space drawn after
 * `▐` then carries a grey line, in every output that uses both (a terminal never draws ink into a
 * space). The copy here leaves an empty slot between glyphs, so no glyph bleeds into another's;
 * every converter's sheets are drawn with the same fixed atlas.
 */
function spaceGlyphAtlas(file) {
  const fixes = [
    [
      'const cw = CELL_W * SS, chh = CELL_H * SS, W = cw * todo.length;',
      'const cw = CELL_W * SS, chh = CELL_H * SS, W = 2 * cw * todo.length;',
    ],
    ['`<text x="${i * cw}"', '`<text x="${2 * i * cw}"'],
    [
      's += data[((y * SS + dy) * W + i * cw + x * SS + dx) * ch];',
      's += data[((y * SS + dy) * W + 2 * i * cw + x * SS + dx) * ch];',
    ],
  ];
  let text = fs.readFileSync(file, 'utf8');
  for (const [from, to] of fixes) {
    if (!text.includes(from))
      throw new Error(`the shared rasterizer changed; its atlas fix no longer applies: ${from}`);
    text = text.replace(from, to);
  }
  fs.writeFileSync(file, text);
}

export function buildCli() {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-node.mjs')], { stdio: 'inherit' });
}

export function has(cmd) {
  try {
    execFileSync('bash', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Writes bench/results/<name>.md (bench/assemble.mjs joins them into bench/RESULTS.md). */
export function writeResult(name, markdown) {
  const file = path.join(ROOT, 'bench', 'results', `${name}.md`);
  fs.writeFileSync(file, `${markdown.trim()}\n`);
  console.log(`wrote ${path.relative(ROOT, file)}`);
}

export function machine() {
  const cpu = execFileSync('bash', ['-c', "nproc; grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], {
    encoding: 'utf8',
  })
    .trim()
    .split('\n');
  return `${cpu[0]} cores,${cpu[1] ?? ''}, node ${process.version}`;
}

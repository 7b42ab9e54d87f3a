// Shared helpers for the benches that use the neutral evaluator in ../shared/bench.
// That folder is read-only and has no node_modules, so it is copied to bench/out/peerbench
// with a link to this project's node_modules (sharp and ssim.js 3.5.0, the versions it names).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const SHARED = path.resolve(ROOT, '..', 'shared', 'bench');
export const PEERBENCH = path.join(ROOT, 'bench', 'out', 'peerbench');
export const CLI = path.join(ROOT, 'dist', 'bin', 'glyphcast.js');

export function preparePeerbench() {
  if (!fs.existsSync(SHARED)) throw new Error(`the shared bench is missing: ${SHARED}`);
  fs.rmSync(PEERBENCH, { recursive: true, force: true });
  fs.mkdirSync(PEERBENCH, { recursive: true });
  for (const f of ['lib', 'run.mjs', 'timing.mjs', 'evaluate.mjs', 'converters.json', 'package.json'])
    fs.cpSync(path.join(SHARED, f), path.join(PEERBENCH, f), { recursive: true });
  fs.symlinkSync(path.join(SHARED, 'corpus'), path.join(PEERBENCH, 'corpus'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(PEERBENCH, 'node_modules'));
  return PEERBENCH;
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

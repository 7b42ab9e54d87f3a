// An older commit of glyphcast, built once into a git worktree in the system's temp folder, for
// benches that compare this build with it in one run (panel.mjs, server-load.mjs, server-memory.mjs).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The CLI's entry in a build at `root`: dist/bin/glyphcast.cjs (glyphcast.js in builds from before it was CommonJS). */
export function baselineCli(root) {
  const cjs = path.join(root, 'dist', 'bin', 'glyphcast.cjs');
  return fs.existsSync(cjs) ? cjs : path.join(root, 'dist', 'bin', 'glyphcast.js');
}

/** The root of a worktree of `commit` with its dist/ built (node_modules shared with this checkout). */
export function baselineRoot(commit) {
  const dir = path.join(os.tmpdir(), `glyphcast-baseline-${commit}`);
  if (fs.existsSync(baselineCli(dir))) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { cwd: ROOT, stdio: 'inherit' });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  execFileSync(process.execPath, [path.join(dir, 'scripts', 'build-node.mjs')], { cwd: dir, stdio: 'inherit' });
  return dir;
}

#!/usr/bin/env node
// Compiles engine/, server/ and bin/ to dist/ with tsc, and copies the WGSL shaders beside
// them (dist/shaders), so dist/engine/node finds ../../shaders exactly as the sources do.
// Every bin/*.ts entry (glyphcast, glyphcast-mcp) becomes an executable dist/bin/*.js.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const built = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (built.status !== 0) {
  console.error('build-node: tsc failed (see the errors above)');
  process.exit(built.status ?? 1);
}
const shaders = path.join(root, 'shaders');
if (fs.existsSync(shaders)) fs.cpSync(shaders, path.join(root, 'dist', 'shaders'), { recursive: true });
const bin = path.join(root, 'dist', 'bin');
if (fs.existsSync(bin))
  for (const f of fs.readdirSync(bin)) if (f.endsWith('.js')) fs.chmodSync(path.join(bin, f), 0o755);

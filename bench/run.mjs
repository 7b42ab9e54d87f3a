#!/usr/bin/env node
// npm run bench: every bench, then bench/RESULTS.md. Peers and hyperfine come from
// `sudo bash scripts/setup-system.sh --bench`. Run on a quiet machine.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const only = process.argv.slice(2);
const benches = fs
  .readdirSync(here)
  .filter(
    (f) =>
      /\.(mjs|ts)$/.test(f) &&
      ![
        'run.mjs',
        'assemble.mjs',
        'peerbench.mjs',
        'server-harness.mjs',
        'baseline.mjs',
        'gpu-frames.ts',
        'decode-floor.mjs',
      ].includes(f),
  )
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.(mjs|ts)$/, '')));
for (const f of benches) {
  console.log(`\n== bench/${f}`);
  const cmd = f.endsWith('.ts') ? ['--import', 'tsx', path.join(here, f)] : [path.join(here, f)];
  const r = spawnSync(process.execPath, cmd, { stdio: 'inherit' });
  if (r.status !== 0) console.error(`bench/${f} failed (exit ${r.status})`);
}
spawnSync(process.execPath, [path.join(here, 'assemble.mjs')], { stdio: 'inherit' });

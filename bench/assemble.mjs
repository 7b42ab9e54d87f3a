#!/usr/bin/env node
// Joins bench/results/*.md (each written by one bench, with the command that produced it)
// into bench/RESULTS.md.
import fs from 'node:fs';
import path from 'node:path';

const dir = path.join(import.meta.dirname, 'results');
const order = [
  'panel',
  'quality',
  'speed',
  'cli-playback',
  'gpu',
  'server-load',
  'server-memory',
  'mcp',
  'studio',
  'studio-first-visit',
];
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.md'))
  .sort(
    (a, b) =>
      ((order.indexOf(a.slice(0, -3)) + 99) % 99) - ((order.indexOf(b.slice(0, -3)) + 99) % 99) || a.localeCompare(b),
  );
const body = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8').trim()).join('\n\n');
fs.writeFileSync(
  path.join(import.meta.dirname, 'RESULTS.md'),
  `# Benchmark results\n\nEach section was written by the bench named in it (\`npm run bench\` runs them all; sections come from \`bench/results/\`). Benchmarks are not tests: they measure, they do not assert.\n\n${body}\n`,
);
console.log(`bench/RESULTS.md from ${files.join(', ')}`);

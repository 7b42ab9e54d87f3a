/**
 * STYLE habit 1: a kernel's WGSL twin carries the same header comment (formats and 32-bit
 * bounds) as its CPU twin, followed by its GPU notes. The CPU header is the block that starts
 * with `<name>:`; every one of its lines must appear, in order, in the WGSL file's header.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const kernels = fs
  .readdirSync(path.join(ROOT, 'engine/kernels'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => path.basename(f, '.ts'));

const norm = (l: string) => l.replace(/\s+/g, ' ').trim();

/** The text of the JSDoc block whose first line is `<name>: ...`, as lines. */
function cpuHeader(name: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, 'engine/kernels', `${name}.ts`), 'utf8');
  const blocks = [...text.matchAll(/\/\*\*\n([\s\S]*?)\*\//g)].map((m) => m[1]);
  const block = blocks.find((b) => b.replace(/^\s*\*\s?/, '').startsWith(`${name}:`));
  if (!block) throw new Error(`engine/kernels/${name}.ts has no header block starting '${name}:'`);
  return block
    .split('\n')
    .map((l) => norm(l.replace(/^\s*\*\s?/, '')))
    .filter(Boolean);
}

function wgslHeader(name: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, 'shaders', `${name}.wgsl`), 'utf8');
  const lines: string[] = [];
  for (const l of text.split('\n')) {
    if (!l.startsWith('//')) break;
    lines.push(norm(l.slice(2)));
  }
  return lines.filter(Boolean);
}

describe('WGSL twins carry their CPU twin header', () => {
  it.for(kernels)('%s', (name) => {
    const wgsl = wgslHeader(name);
    let at = 0;
    const missing: string[] = [];
    for (const line of cpuHeader(name)) {
      const i = wgsl.indexOf(line, at);
      if (i < 0) missing.push(line);
      else at = i + 1;
    }
    expect(missing).toEqual([]);
  });
});

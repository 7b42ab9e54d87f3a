/**
 * Regenerates the parts of README.md derived from code, between marker comments:
 *   <!-- generated:params -->  the render parameter table, from engine/params.ts
 * `npm run docs` rewrites README.md; `npm run docs -- --check` exits 1 when it is stale.
 * A unit test runs the check, so a schema change without `npm run docs` fails the suite.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describeExpected, PARAMS } from '../engine/params.js';

export const README = path.resolve(import.meta.dirname, '..', 'README.md');

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\\(?![|])/g, '\\\\');

function typeName(kind: (typeof PARAMS)[number]['kind']): string {
  return kind.type === 'color' ? 'hex color' : kind.type === 'enum' ? 'enum' : kind.type;
}

export function paramTable(): string {
  const rows = PARAMS.map((p) => {
    const range = p.kind.type === 'enum' ? p.kind.values.map((v) => `\`${v}\``).join(', ') : describeExpected(p.kind);
    return `| \`${p.name}\` | ${typeName(p.kind)} | ${cell(range)} | \`${String(p.default)}\` | ${cell(p.description)} |`;
  });
  return ['| name | type | range or values | default | meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** Sections of README.md that code owns, by marker name. */
export function generatedSections(): Record<string, string> {
  return { params: paramTable() };
}

/** Replaces the content between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`. */
export function regenerate(readme: string): string {
  let out = readme;
  for (const [name, body] of Object.entries(generatedSections())) {
    const re = new RegExp(`(<!-- generated:${name} -->\\n)[\\s\\S]*?(<!-- /generated:${name} -->)`);
    if (!re.test(out)) throw new Error(`README.md has no <!-- generated:${name} --> section`);
    out = out.replace(re, (_m, open: string, close: string) => `${open}${body}\n${close}`);
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const current = fs.readFileSync(README, 'utf8');
  const next = regenerate(current);
  if (process.argv.includes('--check')) {
    if (next !== current) {
      console.error('README.md is stale: run `npm run docs`');
      process.exit(1);
    }
  } else if (next !== current) {
    fs.writeFileSync(README, next);
    console.log('README.md regenerated');
  } else {
    console.log('README.md is up to date');
  }
}

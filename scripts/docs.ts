/**
 * Regenerates the parts of the docs derived from code, between marker comments:
 *   README.md          <!-- generated:params -->  the render parameter table, from engine/params.ts
 *                      <!-- generated:charsets --> the six charsets, from engine/glyphs (measured coverage)
 *   docs/formats.md    <!-- generated:format-table -->, <!-- generated:example-FORMAT -->: the
 *                      format table and a real render in each format (scripts/format-examples.ts)
 * `npm run docs` rewrites them; `npm run docs -- --check` exits 1 when one is stale.
 * Unit tests run the check, so a schema or encoder change without `npm run docs` fails the suite.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CHARSET_GLYPHS, charsetTable, isAsciiCharset } from '../engine/glyphs/charsets.js';
import { glyphTable } from '../engine/glyphs/table.js';
import { CHARSETS, describeExpected, PARAMS } from '../engine/index.js';
import { formatSections } from './format-examples.js';

export const README = path.resolve(import.meta.dirname, '..', 'README.md');
export const FORMATS_DOC = path.resolve(import.meta.dirname, '..', 'docs', 'formats.md');

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

const CHARSET_NOTES: Record<(typeof CHARSETS)[number], string> = {
  standard: 'the classic ten-step ramp of terminal ASCII art',
  detailed: 'sixteen calm tones of letters and marks, chosen by blind viewers (the default)',
  blocks: 'quadrant blocks and shades: 2 x 2 shapes per cell (Unicode)',
  binary: 'space and the digits 1 and 0: the data-stream look',
  dots: 'Braille patterns: eight dots per cell, the finest shapes (Unicode)',
  minimal: 'five steps, for a sparse, clean look',
};

/** Glyphs as HTML code in a Markdown table cell: escaped, with | as an entity, spaces kept. */
const code = (glyphs: string) =>
  `<code>${glyphs.replace(/[&<>"|]/g, (c) => `&#${c.charCodeAt(0)};`).replace(/ /g, '&nbsp;')}</code>`;

/** The charsets: glyphs in measured coverage order, the densest glyph's ink, and extras. */
export function charsetSection(): string {
  const rows = CHARSETS.map((c) => {
    const t = glyphTable(c);
    const ramp = Array.from(t.rampOrder, (i) => t.table[i]).join('');
    const shown = `${code(ramp.length > 40 ? `${ramp.slice(0, 40)}…` : ramp)} (${ramp.length})`;
    const edges = Array.from(t.edges, (i) => t.table[i]);
    const strokes = charsetTable(c)
      .slice(CHARSET_GLYPHS[c].length)
      .filter((g) => !edges.includes(g))
      .join(' ');
    const kind = isAsciiCharset(c)
      ? `ASCII; \`structure\` adds ${strokes ? code(strokes) : 'nothing (all in the ramp)'}; two-colour cells add ${code(edges.join(' '))}`
      : 'Unicode';
    return `| \`${c}\` | ${shown} | ${((t.densest / 4096) * 100).toFixed(1)} % | ${kind} | ${CHARSET_NOTES[c]} |`;
  });
  return [
    '| charset | glyphs, lightest to densest (measured) | densest ink | kind | for |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** Sections of README.md that code owns, by marker name. */
export function generatedSections(): Record<string, string> {
  return { params: paramTable(), charsets: charsetSection() };
}

/**
 * Replaces the content between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->` for
 * each section (README.md's by default).
 */
export function regenerate(text: string, sections = generatedSections(), file = 'README.md'): string {
  let out = text;
  for (const [name, body] of Object.entries(sections)) {
    const re = new RegExp(`(<!-- generated:${name} -->\\n)[\\s\\S]*?(<!-- /generated:${name} -->)`);
    if (!re.test(out)) throw new Error(`${file} has no <!-- generated:${name} --> section`);
    out = out.replace(re, (_m, open: string, close: string) => `${open}${body}\n${close}`);
  }
  return out;
}

/** docs/formats.md with its examples made by the current engine. */
export function regenerateFormats(doc: string): string {
  return regenerate(doc, formatSections(), 'docs/formats.md');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  let stale = false;
  for (const [file, update] of [
    [README, regenerate],
    [FORMATS_DOC, regenerateFormats],
  ] as const) {
    const name = path.relative(process.cwd(), file);
    const current = fs.readFileSync(file, 'utf8');
    const next = update(current);
    if (process.argv.includes('--check')) {
      if (next !== current) {
        console.error(`${name} is stale: run \`npm run docs\``);
        stale = true;
      }
    } else if (next !== current) {
      fs.writeFileSync(file, next);
      console.log(`${name} regenerated`);
    } else {
      console.log(`${name} is up to date`);
    }
  }
  if (stale) process.exit(1);
}

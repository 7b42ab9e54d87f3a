import { describe, expect, it } from 'vitest';
import { kebabCase } from '../../../bin/cli/args.js';
import { helpText } from '../../../bin/cli/help.js';
import { describeExpected, PARAMS } from '../../../engine/index.js';

const help = helpText('9.9.9');

/** The help entry of one flag: its line and the lines under it, up to the next flag. */
function entryOf(flag: string): string {
  const lines = help.split('\n');
  // the flag as a whole word: --color is not --color-depth
  const start = lines.findIndex(
    (l) => l.trimStart().startsWith(flag) && /^$|^[ ,]/.test(l.trimStart().slice(flag.length)),
  );
  expect(start, flag).toBeGreaterThanOrEqual(0);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => !/^ {20,}\S/.test(l));
  return [lines[start], ...rest.slice(0, end)].join('\n');
}

describe('glyphcast --help', () => {
  it('lists every render parameter with its meaning, range or values, and default', () => {
    for (const p of PARAMS) {
      const entry = entryOf(`--${kebabCase(p.name)}`);
      expect(entry).toContain(p.description);
      expect(entry).toContain(p.kind.type === 'boolean' ? 'true or false' : describeExpected(p.kind));
      expect(entry).toContain(`default ${String(p.default)}`);
      if (p.kind.type === 'boolean') expect(entry).toContain(`--no-${kebabCase(p.name)}`);
    }
    expect(entryOf('--columns')).toContain('--cols N');
    // which values the Auto Director keeps, and how to keep them all
    expect(help.replace(/\s+/g, ' ')).toContain(
      'a value given other than the default is kept; --auto-optimize 0 keeps them all',
    );
  });

  it('lists the CLI options, the exit statuses and the version', () => {
    for (const flag of [
      '-o, --output FILE',
      '--out-dir DIR',
      '--rows N',
      '--cell-aspect X',
      '--color-depth NAME',
      '--still',
      '-h, --help',
      '-V, --version',
    ]) {
      expect(help).toContain(flag);
    }
    expect(help).toMatch(/^ {2}0 {2}every input was rendered$/m);
    expect(help).toMatch(/^ {2}1 {2}an input could not be read/m);
    expect(help).toMatch(/^ {2}2 {2}usage error/m);
    // every usage error parseArgs and destinations raise is listed, not only the flag ones
    const usage = help.slice(help.indexOf('  2  usage error'), help.indexOf('Examples:')).replace(/\s+/g, ' ');
    for (const cause of ['-o with several inputs or with --out-dir', '- given twice', 'would write to the same file']) {
      expect(usage).toContain(cause);
    }
    expect(help.startsWith('glyphcast 9.9.9: ')).toBe(true);
    expect(entryOf('-o, --output FILE')).toContain('(.txt .ans .html .json .svg .htm)');
    expect(help).toContain('Each option may be given once');
  });

  it('fits a 100-column terminal', () => {
    for (const line of help.split('\n')) expect(line.length, line).toBeLessThanOrEqual(100);
  });
});

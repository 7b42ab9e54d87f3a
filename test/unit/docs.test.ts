import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PARAMS } from '../../engine/index.js';
import { README, regenerate } from '../../scripts/docs.js';

const readme = fs.readFileSync(README, 'utf8');

describe('README.md', () => {
  it('is in sync with the code (run `npm run docs` when this fails)', () => {
    expect(regenerate(readme)).toBe(readme);
  });

  it('has one parameter row per schema parameter', () => {
    for (const p of PARAMS) expect(readme).toContain(`| \`${p.name}\` |`);
  });

  it('Quick start has exactly two commands, and .ci/run runs the second one', () => {
    const quick = readme.split('## Quick start')[1].split('\n## ')[0];
    const block = quick.split('```sh\n')[1].split('```')[0];
    const commands = block
      .split('\n')
      .map((l) => l.replace(/#.*$/, '').trim())
      .filter(Boolean);
    expect(commands).toHaveLength(2);
    const ci = fs.readFileSync(path.join(path.dirname(README), '.ci', 'run'), 'utf8');
    expect(ci.split('\n').map((l) => l.trim())).toContain(commands[1]);
  });
});

import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../../engine/index.js';
import { FORMATS_DOC, regenerateFormats } from '../../scripts/docs.js';
import { exampleBody } from '../../scripts/format-examples.js';

const doc = fs.readFileSync(FORMATS_DOC, 'utf8');

/** The body of a generated example block of docs/formats.md. */
function example(format: string): string {
  const block = doc
    .split(`<!-- generated:example-${format} -->\n`)[1]
    .split(`<!-- /generated:example-${format} -->`)[0];
  return block.replace(/^`{3,}\w*\n/, '').replace(/\n`{3,}\n$/, '');
}

describe('docs/formats.md', () => {
  it('has examples made by the current encoders (run `npm run docs` when this fails)', () => {
    expect(regenerateFormats(doc)).toBe(doc);
  });

  it('documents every format with a section and an example', () => {
    for (const f of FORMATS) {
      expect(doc).toContain(`\n## ${f}\n`);
      expect(example(f)).toBe(exampleBody(f));
    }
  });

  it("shows examples that agree: json's colors are the decoded chroma, and text is json's lines", () => {
    const json = JSON.parse(example('json'));
    const compact = JSON.parse(example('json-compact'));
    expect(compact.lines).toEqual(json.lines);
    expect(example('text')).toBe(json.lines.join('\n'));
    // the decoding snippet of the page, as written there
    const rgb = Uint8Array.from(atob(compact.chroma.data), (c) => c.charCodeAt(0));
    const hex = Array.from({ length: compact.rows }, (_, r) =>
      Array.from({ length: compact.columns }, (_, c) => {
        const px = rgb.subarray((r * compact.columns + c) * 3, (r * compact.columns + c) * 3 + 3);
        return `#${Array.from(px, (v) => v.toString(16).padStart(2, '0')).join('')}`;
      }),
    );
    expect(hex).toEqual(json.colors);
    expect(example('ansi').replace(/\\e\[[0-9;]*m/g, '')).toBe(example('text'));
  });
});

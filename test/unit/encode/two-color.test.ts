/** Two-colour cells in every format that carries them: ANSI, HTML, SVG, JSON and json-compact. */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeAnsi } from '../../../engine/encode/ansi.js';
import { encode } from '../../../engine/encode/index.js';
import { encodeText } from '../../../engine/encode/text.js';
import type { CellGrid } from '../../../engine/grid.js';
import { gridArbitrary, params, textGrid } from '../../support/grids.js';
import { parseHtml, parseXml, textOf } from '../../support/markup.js';

/** ESC written as E, so the patterns below need no control characters. */
const visible = (ansi: string) => ansi.replaceAll('\x1b', 'E');

/** One row ` a  `: blank, `a` (glyph color 10,20,30), blank, blank; backgrounds red, red, blue, blue. */
function twoColorGrid(): CellGrid {
  const base = textGrid([' a  ']);
  const colors = Uint8Array.from([0, 0, 0, 10, 20, 30, 0, 0, 0, 0, 0, 0]);
  const backgrounds = Uint8Array.from([200, 0, 0, 200, 0, 0, 0, 0, 200, 0, 0, 200]);
  return { ...base, colors, backgrounds };
}

describe('two-colour encoders', () => {
  it('ANSI: glyph color and background in one SGR, each only where it changes; blanks join any run', () => {
    const body = encodeAnsi(twoColorGrid(), true, '#e5e5e5');
    // the blank before `a` shares its run (its glyph color shows nowhere); the blue run sets no glyph color
    expect(body).toBe('\x1b[38;2;10;20;30;48;2;200;0;0m a\x1b[48;2;0;0;200m  \x1b[0m');
    // removing every SGR gives the text
    expect(visible(body).replace(/E\[[0-9;]*m/g, '')).toBe(encodeText(twoColorGrid()));
  });

  it('ANSI at 256 and 16 colors maps both planes', () => {
    const at256 = encodeAnsi(twoColorGrid(), true, '#e5e5e5', '256');
    expect(visible(at256)).toMatch(/^E\[38;5;\d+;48;5;\d+m aE\[48;5;\d+m {2}E\[0m$/);
    const at16 = encodeAnsi(twoColorGrid(), true, '#e5e5e5', '16');
    expect(visible(at16)).toMatch(/^E\[(3[0-7]|9[0-7]);(4[0-7]|10[0-7])m aE\[(4[0-7]|10[0-7])m {2}E\[0m$/);
  });

  it('HTML: one span per run, with its background', () => {
    const body = encode(twoColorGrid(), params({ format: 'html', color: 'true', background: 'true' })).body;
    expect(body).toContain(
      '<span style="color:#0a141e;background:#c80000"> a</span><span style="background:#0000c8">  </span>',
    );
  });

  it('SVG: one rect per background run under the text', () => {
    const body = encode(twoColorGrid(), params({ format: 'svg', color: 'true', background: 'true' })).body;
    const rects = body.match(/<rect x="\d+" y="0" width="\d+" height="16" fill="#[0-9a-f]{6}"\/>/g);
    expect(rects).toEqual([
      '<rect x="0" y="0" width="16" height="16" fill="#c80000"/>',
      '<rect x="16" y="0" width="16" height="16" fill="#0000c8"/>',
    ]);
    expect(body.indexOf('<rect x="0"')).toBeLessThan(body.indexOf('<text'));
  });

  it('JSON: backgrounds as rows of #rrggbb; json-compact: a second rgb24-b64-v1 plane', () => {
    const json = JSON.parse(encode(twoColorGrid(), params({ format: 'json', color: 'true', background: 'true' })).body);
    expect(json.backgrounds).toEqual([['#c80000', '#c80000', '#0000c8', '#0000c8']]);
    const compact = JSON.parse(
      encode(twoColorGrid(), params({ format: 'json-compact', color: 'true', background: 'true' })).body,
    );
    expect(compact.backgroundChroma.encoding).toBe('rgb24-b64-v1');
    expect([...Buffer.from(compact.backgroundChroma.data, 'base64')]).toEqual([...(twoColorGrid().backgrounds ?? [])]);
    // without color, no background plane
    const mono = JSON.parse(encode(twoColorGrid(), params({ format: 'json' })).body);
    expect(mono.backgrounds).toBeUndefined();
  });

  it('HTML and SVG parse, and ANSI strips to the text, for any glyphs and both colors', () => {
    fc.assert(
      fc.property(
        gridArbitrary(),
        fc.array(fc.nat(255), { minLength: 12 * 6 * 3, maxLength: 12 * 6 * 3 }),
        (g, bytes) => {
          const grid = { ...g, backgrounds: Uint8Array.from(bytes.slice(0, g.columns * g.rows * 3)) };
          const p = (format: string) => params({ format, color: 'true', background: 'true' });
          expect(parseHtml(encode(grid, p('html')).body).errors).toEqual([]);
          const svg = parseXml(encode(grid, p('svg')).body);
          expect(svg.errors).toEqual([]);
          expect(textOf(svg.root).length).toBeGreaterThan(0);
          expect(visible(encode(grid, p('ansi')).body).replace(/E\[[0-9;]*m/g, '')).toBe(encodeText(grid));
        },
      ),
      { numRuns: 150 },
    );
  });
});

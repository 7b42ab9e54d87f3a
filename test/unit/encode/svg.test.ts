import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encode } from '../../../engine/encode/index.js';
import { encodeSvg } from '../../../engine/encode/svg.js';
import { type CellGrid, cellHex } from '../../../engine/grid.js';
import { DEFAULT_CELL_ASPECT } from '../../../engine/size.js';
import { cellColorsFromSegments, gridArbitrary, params, runCounts, textGrid } from '../../support/grids.js';
import { findAll, type MarkupElement, markupSafe, parseXml, textOf } from '../../support/markup.js';

const RED = [255, 0, 0] as const;
const BLUE = [0, 0, 255] as const;

const G_OPEN =
  '<g font-family="&#39;DejaVu Sans Mono&#39;, &#39;Menlo&#39;, &#39;Consolas&#39;, &#39;Liberation Mono&#39;, monospace"' +
  ' font-size="13.288" fill="#e5e5e5" xml:space="preserve" style="white-space:pre">';

const safeGlyphs = (grid: CellGrid, r: number) =>
  Array.from(grid.glyphs.subarray(r * grid.columns, (r + 1) * grid.columns), (g) => markupSafe(grid.table[g]));

/** The <text> rows of an SVG document, each as segments (text and its fill). */
function textRows(root: MarkupElement) {
  return findAll(root, 'text').map((t) =>
    t.children.map((c) =>
      typeof c === 'string' ? { text: c, color: 'inherit' } : { text: textOf(c), color: c.attrs.fill },
    ),
  );
}

describe('svg encoder', () => {
  it('writes one <text> per row with fills in runs, a font stack and a 1:2 cell viewBox', () => {
    const grid = textGrid(
      ['.#.', '#<&'],
      [
        [RED, RED, BLUE],
        [BLUE, BLUE, BLUE],
      ],
    );
    expect(
      encodeSvg(grid, { color: true, invert: false, monoColor: '#e5e5e5' }),
    ).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 32" width="24" height="32" role="img">
<title>ASCII art, 3 by 2 characters</title>
<rect width="100%" height="100%" fill="#000"/>
${G_OPEN}
<text x="0" y="12.60" textLength="24" lengthAdjust="spacingAndGlyphs"><tspan fill="#ff0000">.#</tspan><tspan fill="#0000ff">.</tspan></text>
<text x="0" y="28.60" textLength="24" lengthAdjust="spacingAndGlyphs"><tspan fill="#0000ff">#&lt;&amp;</tspan></text>
</g>
</svg>`);
  });

  it('writes mono rows in monoColor, escaped, without tspans', () => {
    const grid = textGrid([']]>', ' "\''], RED);
    expect(encode(grid, params({ format: 'svg', monoColor: '#abc' })).body).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 32" width="24" height="32" role="img">
<title>ASCII art, 3 by 2 characters</title>
<rect width="100%" height="100%" fill="#000"/>
${G_OPEN.replace('#e5e5e5', '#aabbcc')}
<text x="0" y="12.60" textLength="24" lengthAdjust="spacingAndGlyphs">]]&gt;</text>
<text x="0" y="28.60" textLength="24" lengthAdjust="spacingAndGlyphs"> &quot;&#39;</text>
</g>
</svg>`);
  });

  it('shows inverted art as dark ink on a white page, as print', () => {
    const grid = textGrid(['#.']);
    const svg = (color: boolean, monoColor: string) => encodeSvg(grid, { color, invert: true, monoColor });
    const look = (s: string) => [s.match(/<rect [^>]*fill="(#\w+)"/)?.[1], s.match(/<g [^>]*fill="(#\w+)"/)?.[1]];
    expect(look(svg(false, '#e5e5e5'))).toEqual(['#fff', '#111111']);
    expect(look(svg(false, '#102030'))).toEqual(['#fff', '#102030']);
    expect(look(svg(true, '#e5e5e5'))[0]).toBe('#fff');
  });

  it('puts dark mono ink on a white page and light ink or colors on black', () => {
    const grid = textGrid(['#.']);
    const page = (color: boolean, mono: string) =>
      encodeSvg(grid, { color: color, invert: false, monoColor: mono }).match(/<rect [^>]*fill="(#\w+)"/)?.[1];
    expect([page(false, '#e5e5e5'), page(false, '#202020'), page(true, '#202020')]).toEqual(['#000', '#fff', '#000']);
  });

  it('is served as image/svg+xml with the extension svg (SPEC 2.3)', () => {
    const out = encode(textGrid(['.']), params({ format: 'svg' }));
    expect(out).toMatchObject({ contentType: 'image/svg+xml', extension: 'svg', label: 'SVG' });
  });

  it('is checked by a parser strict enough to reject unescaped markup and control characters', () => {
    expect(parseXml('<a>b</a>').errors).toEqual([]);
    for (const bad of [
      '<a>&</a>',
      '<a><</a>',
      '<a>]]></a>',
      '<a>\x01</a>',
      '<a>\ud800</a>',
      '<a b="<"/>',
      '<a/><b/>',
    ]) {
      expect(parseXml(bad).errors, bad).not.toEqual([]);
    }
  });

  describe('for any glyphs (markup, quotes, braille, controls, lone surrogates) and colors', () => {
    const grids = gridArbitrary({ anyCodePoints: true, without: /\r/ });

    it('is well-formed XML in the SVG namespace, one <text> per row reading back the row', () => {
      fc.assert(
        fc.property(grids, fc.boolean(), (grid, color) => {
          const { root, errors } = parseXml(encodeSvg(grid, { color: color, invert: false, monoColor: '#e5e5e5' }));
          expect(errors).toEqual([]);
          const svg = findAll(root, 'svg')[0];
          expect(svg.attrs.xmlns).toBe('http://www.w3.org/2000/svg');
          const texts = findAll(root, 'text');
          expect(texts.map(textOf)).toEqual(Array.from({ length: grid.rows }, (_, r) => safeGlyphs(grid, r).join('')));
        }),
      );
    });

    it('has a viewBox whose aspect is the grid aspect at the measured 1:2 cell', () => {
      fc.assert(
        fc.property(grids, (grid) => {
          const svg = findAll(
            parseXml(encodeSvg(grid, { color: false, invert: false, monoColor: '#e5e5e5' })).root,
            'svg',
          )[0];
          const [x, y, w, h] = svg.attrs.viewBox.split(' ').map(Number);
          expect([x, y]).toEqual([0, 0]);
          expect(w / h).toBeCloseTo((grid.columns * DEFAULT_CELL_ASPECT) / grid.rows, 12);
          expect([svg.attrs.width, svg.attrs.height]).toEqual([String(w), String(h)]);
        }),
      );
    });

    it('fills each cell with its color, one tspan per run', () => {
      fc.assert(
        fc.property(grids, (grid) => {
          const rows = textRows(parseXml(encodeSvg(grid, { color: true, invert: false, monoColor: '#e5e5e5' })).root);
          const counts = runCounts(grid);
          rows.forEach((segments, r) => {
            expect(segments.every((s) => s.color !== 'inherit')).toBe(true);
            expect(segments).toHaveLength(counts[r]);
            cellColorsFromSegments(safeGlyphs(grid, r), segments).forEach((c, col) => {
              expect(c).toBe(cellHex(grid.colors, r * grid.columns + col));
            });
          });
        }),
      );
    });

    it('has no tspan without color: the group is filled with monoColor', () => {
      fc.assert(
        fc.property(grids, (grid) => {
          const { root } = parseXml(encodeSvg(grid, { color: false, invert: false, monoColor: '#102030' }));
          expect(findAll(root, 'tspan')).toEqual([]);
          expect(findAll(root, 'g')[0].attrs.fill).toBe('#102030');
        }),
      );
    });
  });
});

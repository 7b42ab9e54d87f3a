import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeHtml } from '../../../engine/encode/html.js';
import { encode } from '../../../engine/encode/index.js';
import { type CellGrid, cellHex } from '../../../engine/grid.js';
import { cellColorsFromSegments, gridArbitrary, params, runCounts, textGrid } from '../../support/grids.js';
import { findAll, type MarkupElement, markupSafe, parseHtml, textOf } from '../../support/markup.js';

const RED = [255, 0, 0] as const;
const BLUE = [0, 0, 255] as const;

const HEAD = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>glyphcast</title>
<style>
  html, body { margin: 0; background: #000; }
  pre { margin: 0; padding: 1em; color: #e5e5e5; font-family: 'DejaVu Sans Mono', 'Menlo', 'Consolas', 'Liberation Mono', monospace; font-size: 12px; line-height: 2ch; letter-spacing: 0; }
</style>
</head>
<body>
<main>
`;

const TAIL = `
</pre>
</main>
</body>
</html>`;

/** The one <pre> of a parsed document. */
function pre(root: MarkupElement): MarkupElement {
  const found = findAll(root, 'pre');
  expect(found).toHaveLength(1);
  return found[0];
}

/** The <pre> content cut into rows of segments (text and the color it is shown in). */
function rowSegments(el: MarkupElement, mono: string) {
  const rows: { text: string; color: string }[][] = [[]];
  for (const child of el.children) {
    if (typeof child === 'string') {
      child.split('\n').forEach((part, k) => {
        if (k > 0) rows.push([]);
        if (part) rows[rows.length - 1].push({ text: part, color: mono });
      });
    } else {
      expect(child.name).toBe('span');
      expect(textOf(child)).not.toContain('\n');
      rows[rows.length - 1].push({ text: textOf(child), color: child.attrs.style.replace('color:', '') });
    }
  }
  expect(rows.pop()).toEqual([]); // the newline before </pre>
  return rows;
}

const safeGlyphs = (grid: CellGrid, r: number) =>
  Array.from(grid.glyphs.subarray(r * grid.columns, (r + 1) * grid.columns), (g) => markupSafe(grid.table[g]));

describe('html encoder', () => {
  it('writes a standalone document, with one span per run of equal color', () => {
    const grid = textGrid(
      ['.#.', '#<&'],
      [
        [RED, RED, BLUE],
        [BLUE, BLUE, BLUE],
      ],
    );
    expect(encodeHtml(grid, { color: true, invert: false, monoColor: '#e5e5e5' })).toBe(
      `${HEAD}<pre role="img" aria-label="ASCII art, 3 by 2 characters">
<span style="color:#ff0000">.#</span><span style="color:#0000ff">.</span>
<span style="color:#0000ff">#&lt;&amp;</span>${TAIL}`,
    );
  });

  it('writes mono text in monoColor, escaped, without spans', () => {
    const grid = textGrid(['"\'>', '&&&'], RED);
    expect(encode(grid, params({ format: 'html', monoColor: '#ABC' })).body).toBe(
      `${HEAD.replace('#e5e5e5', '#aabbcc')}<pre role="img" aria-label="ASCII art, 3 by 2 characters">
&quot;&#39;&gt;
&amp;&amp;&amp;${TAIL}`,
    );
  });

  it('shows inverted art as dark ink on a white page, as print, with a light monoColor giving way to near-black', () => {
    const grid = textGrid(['#.']);
    const html = (color: boolean, monoColor: string) => encodeHtml(grid, { color, invert: true, monoColor });
    const look = (h: string) => [h.match(/background: (#\w+);/)?.[1], h.match(/pre \{[^}]*color: (#\w+);/)?.[1]];
    expect(look(html(false, '#e5e5e5'))).toEqual(['#fff', '#111111']);
    expect(look(html(false, '#204080'))).toEqual(['#fff', '#204080']);
    expect(look(html(true, '#e5e5e5'))[0]).toBe('#fff');
  });

  it('puts dark mono ink on a white page and light ink or colors on black, so the glyphs read', () => {
    const grid = textGrid(['#.']);
    const page = (color: boolean, mono: string) =>
      encodeHtml(grid, { color: color, invert: false, monoColor: mono }).match(/background: (#\w+);/)?.[1];
    // the page the ink contrasts with more (WCAG): grey 118 reads better on black, 117 on white
    expect([page(false, '#e5e5e5'), page(false, '#767676'), page(false, '#757575'), page(false, '#1a1a1a')]).toEqual([
      '#000',
      '#000',
      '#fff',
      '#fff',
    ]);
    // relative luminance, not the mean of the channels: pure blue is dark ink, pure green light,
    // and saturated red reads better on black (5.7:1) than on white (3.7:1)
    expect([page(false, '#0000ff'), page(false, '#00ff00'), page(false, '#ff3030'), page(true, '#1a1a1a')]).toEqual([
      '#fff',
      '#000',
      '#000',
      '#000',
    ]);
  });

  it('is served as text/html with the extension html (SPEC 2.3)', () => {
    const out = encode(textGrid(['.']), params({ format: 'html' }));
    expect(out).toMatchObject({ contentType: 'text/html; charset=utf-8', extension: 'html', label: 'HTML' });
  });

  it('is checked by a parser strict enough to reject unescaped markup and control characters', () => {
    const doc = (text: string) =>
      `<!doctype html><html><head><title>t</title></head><body><pre>${text}</pre></body></html>`;
    expect(parseHtml(doc('a')).errors).toEqual([]);
    expect(parseHtml(doc('a & b')).errors).toEqual([]); // HTML allows a bare & before a space
    expect(parseHtml(doc('&notit;')).errors).not.toEqual([]);
    expect(parseHtml(doc('\x01')).errors).not.toEqual([]);
    expect(parseHtml(doc('</pre><pre>')).errors).toEqual([]); // why the text check matters too
  });

  describe('for any glyphs (markup, quotes, braille, controls, lone surrogates) and colors', () => {
    const grids = gridArbitrary({ anyCodePoints: true, without: /\r/ });

    it('is a well-formed HTML document (no parse error) whose <pre> reads back the lines', () => {
      fc.assert(
        fc.property(grids, fc.boolean(), (grid, color) => {
          const { root, errors } = parseHtml(encodeHtml(grid, { color: color, invert: false, monoColor: '#e5e5e5' }));
          expect(errors).toEqual([]);
          const lines = Array.from({ length: grid.rows }, (_, r) => safeGlyphs(grid, r).join(''));
          expect(textOf(pre(root))).toBe(`${lines.join('\n')}\n`);
        }),
      );
    });

    it('shows each cell in its color, one span per run', () => {
      // rows are told apart by their newlines here, so no glyph may hold one
      fc.assert(
        fc.property(gridArbitrary({ anyCodePoints: true, without: /[\r\n]/ }), (grid) => {
          const rows = rowSegments(
            pre(parseHtml(encodeHtml(grid, { color: true, invert: false, monoColor: '#e5e5e5' })).root),
            'none',
          );
          expect(rows).toHaveLength(grid.rows);
          const counts = runCounts(grid);
          rows.forEach((segments, r) => {
            expect(segments.every((s) => s.color !== 'none')).toBe(true);
            expect(segments).toHaveLength(counts[r]);
            cellColorsFromSegments(safeGlyphs(grid, r), segments).forEach((c, col) => {
              expect(c).toBe(cellHex(grid.colors, r * grid.columns + col));
            });
          });
        }),
      );
    });

    it('has no span without color: the <pre> is in monoColor', () => {
      fc.assert(
        fc.property(grids, (grid) => {
          const { root } = parseHtml(encodeHtml(grid, { color: false, invert: false, monoColor: '#102030' }));
          expect(findAll(root, 'span')).toEqual([]);
          expect(textOf(findAll(root, 'style')[0])).toContain('color: #102030;');
        }),
      );
    });
  });
});

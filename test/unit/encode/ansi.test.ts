import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeAnsi } from '../../../engine/encode/ansi.js';
import { encode } from '../../../engine/encode/index.js';
import { encodeText } from '../../../engine/encode/text.js';
import type { CellGrid } from '../../../engine/grid.js';
import { cellColorsFromSegments, cellRgb, gridArbitrary, params, runCounts, textGrid } from '../../support/grids.js';

const RED = [255, 0, 0] as const;
const BLUE = [0, 0, 255] as const;
const ESC = '\x1b';

const RESET = `${ESC}[0m`;
/** Every SGR sequence: ESC [ digits and semicolons m. */
const SGR = new RegExp(`${ESC}\\[[0-9;]*m`, 'g');

/** The body cut into rows, each keeping its final reset (glyphs here never hold ESC). */
const rowsOf = (body: string) =>
  body.split(`${RESET}\n`).map((row, i, all) => (i < all.length - 1 ? row + RESET : row));

/** Splits one ANSI row into text segments, each with the foreground color it is printed in. */
function segments(line: string): { text: string; color: string }[] {
  const out: { text: string; color: string }[] = [];
  let color = 'default';
  let last = 0;
  for (const m of line.matchAll(SGR)) {
    if (m.index > last) out.push({ text: line.slice(last, m.index), color });
    const codes = m[0].slice(2, -1);
    color = codes === '0' ? 'default' : codes;
    last = m.index + m[0].length;
  }
  if (last < line.length) out.push({ text: line.slice(last), color });
  return out;
}

const rowGlyphs = (grid: CellGrid, r: number) =>
  Array.from(grid.glyphs.subarray(r * grid.columns, (r + 1) * grid.columns), (g) => grid.table[g]);

describe('ansi encoder', () => {
  it('sets a 24-bit color at the start of a row and again only where the color changes', () => {
    const grid = textGrid(
      ['.#.', '#.#'],
      [
        [RED, RED, BLUE],
        [BLUE, BLUE, BLUE],
      ],
    );
    expect(encodeAnsi(grid, true, '#e5e5e5')).toBe(
      `${ESC}[38;2;255;0;0m.#${ESC}[38;2;0;0;255m.${ESC}[0m\n` + `${ESC}[38;2;0;0;255m#.#${ESC}[0m`,
    );
  });

  it('draws every row in monoColor without color, one SGR per row', () => {
    const grid = textGrid(
      ['.#.', '#.#'],
      [
        [RED, RED, BLUE],
        [BLUE, BLUE, BLUE],
      ],
    );
    expect(encode(grid, params({ format: 'ansi', monoColor: '#abc' })).body).toBe(
      `${ESC}[38;2;170;187;204m.#.${ESC}[0m\n${ESC}[38;2;170;187;204m#.#${ESC}[0m`,
    );
  });

  it('prints glyphs verbatim (no escaping) and non-ASCII glyphs as they are', () => {
    const grid = textGrid(['<⣿&'], RED);
    expect(encodeAnsi(grid, true, '#e5e5e5')).toBe(`${ESC}[38;2;255;0;0m<⣿&${ESC}[0m`);
  });

  it('is served as text/plain with the extension ans (SPEC 2.3)', () => {
    const out = encode(textGrid(['.']), params({ format: 'ansi' }));
    expect(out).toMatchObject({
      contentType: 'text/plain; charset=utf-8',
      extension: 'ans',
      label: 'ANSI (truecolor)',
    });
  });

  describe('for any grid and colors', () => {
    const grids = gridArbitrary({ without: new RegExp(ESC) });

    it('gives exactly the text output once the SGR codes are removed', () => {
      fc.assert(
        fc.property(grids, fc.boolean(), (grid, color) => {
          expect(encodeAnsi(grid, color, '#e5e5e5').replace(SGR, '')).toBe(encodeText(grid));
        }),
      );
    });

    it('resets at the end of every row and nowhere else', () => {
      fc.assert(
        fc.property(grids, fc.boolean(), (grid, color) => {
          const rows = rowsOf(encodeAnsi(grid, color, '#e5e5e5'));
          expect(rows).toHaveLength(grid.rows);
          for (const row of rows) {
            expect(row.endsWith(RESET)).toBe(true);
            expect(row.split(RESET)).toHaveLength(2);
          }
        }),
      );
    });

    it('shows each cell in its color, with an SGR only where the color changes', () => {
      fc.assert(
        fc.property(grids, (grid) => {
          const rows = rowsOf(encodeAnsi(grid, true, '#e5e5e5'));
          const counts = runCounts(grid);
          rows.forEach((row, r) => {
            const sgrs = (row.match(SGR) ?? []).filter((s) => s !== RESET);
            expect(sgrs).toHaveLength(counts[r]);
            const shown = cellColorsFromSegments(rowGlyphs(grid, r), segments(row));
            shown.forEach((c, col) => {
              expect(c).toBe(`38;2;${cellRgb(grid, r * grid.columns + col).join(';')}`);
            });
          });
        }),
      );
    });

    it('shows every cell in monoColor without color', () => {
      fc.assert(
        fc.property(grids, (grid) => {
          const rows = rowsOf(encodeAnsi(grid, false, '#102030'));
          rows.forEach((row, r) => {
            expect(row.match(SGR)).toHaveLength(2);
            for (const c of cellColorsFromSegments(rowGlyphs(grid, r), segments(row))) expect(c).toBe('38;2;16;32;48');
          });
        }),
      );
    });
  });
});

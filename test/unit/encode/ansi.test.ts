import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeAnsi } from '../../../engine/encode/ansi.js';
import { ANSI_COLOR_DEPTHS, foregroundAt } from '../../../engine/encode/ansi-palette.js';
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

  describe('with fewer colors than 24-bit (--color-depth)', () => {
    const at256 = foregroundAt('256');
    const at16 = foregroundAt('16');

    it("maps colors the palettes hold exactly to their entries: xterm's cube and grey ramp", () => {
      expect(at256(255, 0, 0)).toBe(`${ESC}[38;5;196m`);
      expect(at256(0, 0, 0)).toBe(`${ESC}[38;5;16m`);
      expect(at256(255, 255, 255)).toBe(`${ESC}[38;5;231m`);
      expect(at256(95, 135, 175)).toBe(`${ESC}[38;5;67m`);
      expect(at256(128, 128, 128)).toBe(`${ESC}[38;5;244m`);
      expect(at16(205, 0, 0)).toBe(`${ESC}[31m`);
      expect(at16(0, 0, 0)).toBe(`${ESC}[30m`);
      expect(at16(255, 255, 255)).toBe(`${ESC}[97m`);
    });

    it('keeps the hue of a dark or muted color (nearest in CIELAB, not a grey)', () => {
      // a tan: by RGB distance the nearest entry is 101 (135, 135, 95), an olive grey; in CIELAB
      // 137 (175, 135, 95), a tan; a brown likewise 94 (135, 95, 0), not 58 (95, 95, 0)
      expect(at256(150, 120, 60)).toBe(`${ESC}[38;5;137m`);
      expect(at256(90, 60, 20)).toBe(`${ESC}[38;5;94m`);
      expect(at256(120, 20, 20)).toBe(`${ESC}[38;5;52m`);
      expect(at16(120, 20, 20)).toBe(`${ESC}[31m`);
      expect(at16(0, 0, 180)).toBe(`${ESC}[34m`);
      expect(at16(200, 180, 40)).toBe(`${ESC}[33m`);
      expect(at16(140, 140, 140)).toBe(`${ESC}[90m`);
    });

    it('opens one SGR for runs that come to the same palette color', () => {
      const grid = textGrid(['.#.'], [[RED, [250, 10, 0], BLUE]]);
      expect(encodeAnsi(grid, true, '#e5e5e5', '256')).toBe(`${ESC}[38;5;196m.#${ESC}[38;5;21m.${ESC}[0m`);
      expect(encodeAnsi(grid, true, '#e5e5e5', '16')).toBe(`${ESC}[91m.#${ESC}[34m.${ESC}[0m`);
      expect(encode(grid, params({ format: 'ansi', monoColor: '#ff0000' }), { ansiColorDepth: '16' }).body).toBe(
        `${ESC}[91m.#.${ESC}[0m`,
      );
    });

    it('is 24-bit by default, as the API serves it', () => {
      const grid = textGrid(['.#'], [[RED, BLUE]]);
      expect(encode(grid, params({ format: 'ansi', color: 'true' })).body).toBe(
        encodeAnsi(grid, true, '#e5e5e5', 'truecolor'),
      );
    });

    it('at every depth, gives exactly the text output once the SGR codes are removed, one reset per row', () => {
      const grids = gridArbitrary({ without: new RegExp(ESC) });
      fc.assert(
        fc.property(grids, fc.boolean(), fc.constantFrom(...ANSI_COLOR_DEPTHS), (grid, color, depth) => {
          const body = encodeAnsi(grid, color, '#e5e5e5', depth);
          expect(body.replace(SGR, '')).toBe(encodeText(grid));
          for (const row of rowsOf(body)) expect(row.split(RESET)).toHaveLength(2);
        }),
      );
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

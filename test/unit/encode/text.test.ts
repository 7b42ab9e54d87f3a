import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encode } from '../../../engine/encode/index.js';
import { encodeText } from '../../../engine/encode/text.js';
import { gridLines } from '../../../engine/grid.js';
import { gridArbitrary, params, tableGrid, textGrid } from '../../support/grids.js';

const RED = [255, 0, 0] as const;

describe('text encoder', () => {
  it('joins the rows with \\n and adds no final newline', () => {
    expect(encodeText(textGrid(['.#.', '#.#']))).toBe('.#.\n#.#');
  });

  it('keeps leading and trailing blanks, so every row is exactly `columns` glyphs', () => {
    expect(encodeText(textGrid(['  .', '.  ', '   ']))).toBe('  .\n.  \n   ');
  });

  it('prints non-ASCII tables (braille, blocks) glyph for glyph', () => {
    const grid = tableGrid(
      [' ', '⠁', '⣿', '▀', '█'],
      [
        [1, 2, 0],
        [3, 4, 4],
      ],
      [
        [RED, RED, RED],
        [RED, RED, RED],
      ],
    );
    expect(encodeText(grid)).toBe('⠁⣿ \n▀██');
  });

  it('prints glyphs verbatim: no escaping in plain text', () => {
    expect(encodeText(textGrid(['<&>', '"\\\'']))).toBe('<&>\n"\\\'');
  });

  it('is not changed by color or monoColor (SPEC 4.2 rule 2)', () => {
    const grid = textGrid(
      ['.#', '#.'],
      [
        [RED, [0, 0, 255]],
        [[0, 255, 0], RED],
      ],
    );
    const plain = encode(grid, params({ format: 'text' }));
    expect(encode(grid, params({ format: 'text', color: 'true' }))).toEqual(plain);
    expect(encode(grid, params({ format: 'text', monoColor: '#123456' }))).toEqual(plain);
    expect(plain.body).toBe('.#\n#.');
  });

  it('is served as text/plain with the extension txt (SPEC 2.3)', () => {
    const out = encode(textGrid(['.']), params({ format: 'text' }));
    expect(out).toMatchObject({ contentType: 'text/plain; charset=utf-8', extension: 'txt', label: 'Plain text' });
  });

  it('splits back into the grid lines for any glyph table without newlines', () => {
    fc.assert(
      fc.property(gridArbitrary({ without: /[\n\r]/ }), (grid) => {
        expect(encodeText(grid).split('\n')).toEqual(gridLines(grid));
      }),
    );
  });
});

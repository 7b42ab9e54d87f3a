/**
 * A CellGrid rebuilt from a `json-compact` body (engine/encode/json.ts): glyph indexes from
 * the lines and the charset's table, colors from the `rgb24-b64-v1` chroma (zeros without it),
 * two-colour cells' backgrounds from `backgroundChroma` when there is one.
 * A recorded clip's frame, which has the same lines and chroma, becomes a grid to paint.
 */

import type { CellGrid, RenderEvidence } from '../../engine/index.js';
import { CHROMA_ENCODING, type Charset, charsetTable } from '../../engine/index.js';
import type { PaintableGrid } from './grid-painter.js';

type Chroma = { readonly encoding: string; readonly data: string } | null;

export interface CompactBody {
  readonly columns: number;
  readonly rows: number;
  readonly charset: Charset;
  readonly lines: readonly string[];
  readonly chroma: Chroma;
  readonly backgroundChroma?: Chroma;
  readonly evidence: RenderEvidence;
}

export function gridFromCompact(body: CompactBody): CellGrid {
  const table = charsetTable(body.charset);
  if (!table) throw new Error(`unknown charset ${JSON.stringify(body.charset)} in the server's answer`);
  const index = new Map(table.map((g, i) => [g, i]));
  const glyphs = new Uint8Array(body.columns * body.rows);
  body.lines.forEach((line, r) => {
    let c = 0;
    for (const ch of line) glyphs[r * body.columns + c++] = index.get(ch) ?? 0;
  });
  const colors = chromaColors(body.chroma, body.columns * body.rows);
  return {
    columns: body.columns,
    rows: body.rows,
    charset: body.charset,
    table,
    glyphs,
    colors,
    ...(body.backgroundChroma ? { backgrounds: chromaColors(body.backgroundChroma, body.columns * body.rows) } : {}),
    evidence: body.evidence,
  };
}

/** A grid to paint from rows of text and their chroma: its table is the glyphs the lines hold. */
export function gridFromLines(
  columns: number,
  rows: number,
  lines: readonly string[],
  chroma: Chroma,
  backgroundChroma: Chroma = null,
): PaintableGrid {
  const table = [' '];
  const index = new Map([[' ', 0]]);
  const glyphs = new Uint8Array(columns * rows);
  lines.forEach((line, r) => {
    let c = 0;
    for (const ch of line) {
      let i = index.get(ch);
      if (i === undefined) {
        i = table.push(ch) - 1;
        if (i > 255) throw new Error('a frame holds more than 256 different glyphs');
        index.set(ch, i);
      }
      glyphs[r * columns + c++] = i;
    }
  });
  const colors = chromaColors(chroma, columns * rows);
  return backgroundChroma
    ? { columns, rows, table, glyphs, colors, backgrounds: chromaColors(backgroundChroma, columns * rows) }
    : { columns, rows, table, glyphs, colors };
}

/** The cells' colors from an `rgb24-b64-v1` chroma; zeros without one. */
function chromaColors(chroma: Chroma, cells: number): Uint8Array {
  if (!chroma) return new Uint8Array(cells * 3);
  if (chroma.encoding !== CHROMA_ENCODING) throw new Error(`unknown chroma encoding ${chroma.encoding}`);
  return Uint8Array.from(atob(chroma.data), (ch) => ch.charCodeAt(0));
}

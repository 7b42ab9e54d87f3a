/**
 * A CellGrid rebuilt from a `json-compact` body (engine/encode/json.ts): glyph indexes from
 * the lines and the charset's table, colors from the `rgb24-b64-v1` chroma (zeros without it).
 */
import { CHROMA_ENCODING } from '../../engine/encode/formats.js';
import { type Charset, charsetTable } from '../../engine/glyphs/charsets.js';
import type { CellGrid, RenderEvidence } from '../../engine/grid.js';

export interface CompactBody {
  readonly columns: number;
  readonly rows: number;
  readonly charset: Charset;
  readonly lines: readonly string[];
  readonly chroma: { readonly encoding: string; readonly data: string } | null;
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
  let colors = new Uint8Array(body.columns * body.rows * 3);
  if (body.chroma) {
    if (body.chroma.encoding !== CHROMA_ENCODING) throw new Error(`unknown chroma encoding ${body.chroma.encoding}`);
    colors = Uint8Array.from(atob(body.chroma.data), (ch) => ch.charCodeAt(0));
  }
  return {
    columns: body.columns,
    rows: body.rows,
    charset: body.charset,
    table,
    glyphs,
    colors,
    evidence: body.evidence,
  };
}

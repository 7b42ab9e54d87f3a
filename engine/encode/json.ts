import { type CellGrid, gridLines } from '../grid.js';
import type { RenderParams } from '../params.js';
import { CHROMA_ENCODING } from './formats.js';

/** base64 of bytes, without Node's Buffer (the engine runs in browsers too). */
export function toBase64(bytes: Uint8Array): string {
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    out += `${ALPHABET[n >> 18]}${ALPHABET[(n >> 12) & 63]}==`;
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += `${ALPHABET[n >> 18]}${ALPHABET[(n >> 12) & 63]}${ALPHABET[(n >> 6) & 63]}=`;
  }
  return out;
}

/**
 * JSON: the grid size, the lines, per-cell colors as `#rrggbb` rows (only with `color`), the
 * parameters used and the evidence. Layout in docs/formats.md.
 */
export function encodeJson(grid: CellGrid, params: RenderParams): string {
  const lines = gridLines(grid);
  const colors = params.color
    ? lines.map((_, r) => {
        const row: string[] = [];
        for (let c = 0; c < grid.columns; c++) {
          const i = (r * grid.columns + c) * 3;
          row.push(`#${[0, 1, 2].map((k) => grid.colors[i + k].toString(16).padStart(2, '0')).join('')}`);
        }
        return row;
      })
    : null;
  return `${JSON.stringify({ format: 'json', columns: grid.columns, rows: grid.rows, charset: grid.charset, lines, colors, params, evidence: grid.evidence }, null, 2)}\n`;
}

/**
 * Compact JSON: the lines plus chroma as `rgb24-b64-v1` (base64 of the packed row-major RGB
 * bytes, 3 per cell), with the encoding named in the body. Chroma is present only with
 * `color`; otherwise null.
 */
export function encodeJsonCompact(grid: CellGrid, params: RenderParams): string {
  const chroma = params.color ? { encoding: CHROMA_ENCODING, data: toBase64(grid.colors) } : null;
  return JSON.stringify({
    format: 'json-compact',
    columns: grid.columns,
    rows: grid.rows,
    charset: grid.charset,
    lines: gridLines(grid),
    chroma,
    params,
    evidence: grid.evidence,
  });
}

import { type CellGrid, cellHex, gridLines } from '../grid.js';
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

/** Per-cell colors (glyph colors, or backgrounds) as rows of `#rrggbb`, matching `lines` cell for cell. */
function colorRows(grid: CellGrid, colors: Uint8Array = grid.colors): string[][] {
  const rows: string[][] = [];
  for (let r = 0; r < grid.rows; r++) {
    const row: string[] = [];
    for (let c = 0; c < grid.columns; c++) row.push(cellHex(colors, r * grid.columns + c));
    rows.push(row);
  }
  return rows;
}

/**
 * Two-space indented JSON, except that an array inside an array is written on one line, so
 * `colors` reads as one row per line beside `lines`. JSON.parse reads back the same value.
 */
function pretty(value: unknown, indent = '', inline = false): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (inline)
    return Array.isArray(value) ? `[${value.map((v) => pretty(v, '', true)).join(', ')}]` : JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((v) => inner + pretty(v, inner, Array.isArray(v)));
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  const items = entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pretty(v, inner)}`);
  return `{\n${items.join(',\n')}\n${indent}}`;
}

/**
 * JSON: the grid size and charset, the lines, the per-cell colors as rows of `#rrggbb` (only
 * with `color`, else null), for two-colour art the backgrounds likewise (`backgrounds`, present
 * only then), the parameters used and the evidence. Layout in docs/formats.md.
 */
export function encodeJson(grid: CellGrid, params: RenderParams): string {
  return pretty({
    format: 'json',
    columns: grid.columns,
    rows: grid.rows,
    charset: grid.charset,
    lines: gridLines(grid),
    colors: params.color ? colorRows(grid) : null,
    backgrounds: params.color && grid.backgrounds ? colorRows(grid, grid.backgrounds) : undefined,
    params,
    evidence: grid.evidence,
  });
}

/**
 * Compact JSON, on one line: the lines plus chroma as `rgb24-b64-v1` (base64 of the packed
 * row-major RGB bytes, 3 per cell), with the encoding named in the body. Like `colors` in
 * `json`, chroma is present only with `color`; otherwise null. Two-colour art adds a second
 * plane, `backgroundChroma`, the backgrounds in the same encoding (present only then).
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
    backgroundChroma:
      params.color && grid.backgrounds ? { encoding: CHROMA_ENCODING, data: toBase64(grid.backgrounds) } : undefined,
    params,
    evidence: grid.evidence,
  });
}

/** The output formats of SPEC 2.3: content type, file extension and label of each. */
import type { FORMATS } from '../params.js';

export type Format = (typeof FORMATS)[number];

export interface FormatInfo {
  readonly contentType: string;
  readonly extension: string;
  readonly label: string;
}

export const FORMAT_INFO: Readonly<Record<Format, FormatInfo>> = {
  text: { contentType: 'text/plain; charset=utf-8', extension: 'txt', label: 'Plain text' },
  ansi: { contentType: 'text/plain; charset=utf-8', extension: 'ans', label: 'ANSI (truecolor)' },
  html: { contentType: 'text/html; charset=utf-8', extension: 'html', label: 'HTML' },
  json: { contentType: 'application/json', extension: 'json', label: 'JSON' },
  'json-compact': { contentType: 'application/json', extension: 'json', label: 'Compact JSON + chroma' },
  svg: { contentType: 'image/svg+xml', extension: 'svg', label: 'SVG' },
};

/** The compact chroma encoding: base64 of packed row-major RGB bytes (SPEC 2.3). */
export const CHROMA_ENCODING = 'rgb24-b64-v1';

/**
 * Encoders: pure functions CellGrid -> string, one file per format (DESIGN 1).
 * `encode` picks the encoder for `params.format` and returns the body with its content type
 * and file extension (SPEC 2.3). No body ends with a newline: a host that prints to a
 * terminal adds one. Layouts and examples: docs/formats.md.
 */
import type { CellGrid } from '../grid.js';
import type { RenderParams } from '../params.js';
import { encodeAnsi } from './ansi.js';
import type { AnsiColorDepth } from './ansi-palette.js';
import { FORMAT_INFO, type Format, type FormatInfo } from './formats.js';
import { encodeHtml } from './html.js';
import { encodeJson, encodeJsonCompact } from './json.js';
import { encodeSvg } from './svg.js';
import { encodeText } from './text.js';

export interface EncodedOutput extends FormatInfo {
  readonly body: string;
}

/** Host options that are not render parameters. */
export interface EncodeOptions {
  /** ANSI only: the terminal's colors (default 24-bit, the API's); see ansi-palette.ts. */
  readonly ansiColorDepth?: AnsiColorDepth;
}

export function encode(grid: CellGrid, params: RenderParams, options: EncodeOptions = {}): EncodedOutput {
  const { format, color, monoColor } = params;
  const body = (() => {
    switch (format) {
      case 'text':
        return encodeText(grid);
      case 'ansi':
        return encodeAnsi(grid, color, monoColor, options.ansiColorDepth);
      case 'html':
        return encodeHtml(grid, params);
      case 'svg':
        return encodeSvg(grid, params);
      case 'json':
        return encodeJson(grid, params);
      case 'json-compact':
        return encodeJsonCompact(grid, params);
    }
  })();
  return { body, ...FORMAT_INFO[format] };
}

/** Whether a format's body includes the grid's evidence: only the JSON formats do. */
export function carriesEvidence(format: Format): boolean {
  return format === 'json' || format === 'json-compact';
}

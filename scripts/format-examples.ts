/**
 * The examples of docs/formats.md, made by the real engine: a small synthetic image (four
 * colored bands over a vertical ramp, 64 x 48 pixels) rendered at 16 columns with `color` on,
 * and encoded in each of the six formats. scripts/docs.ts writes them between the
 * `<!-- generated:... -->` markers; a unit test fails when they are stale.
 *
 * Timings are set to 0 so the page is the same on every run; everything else is exactly
 * what the encoders return.
 */
import { FORMAT_INFO } from '../engine/encode/formats.js';
import { encode } from '../engine/encode/index.js';
import type { RgbaImage } from '../engine/image.js';
import { FORMATS, type RenderParams, resolveParams } from '../engine/index.js';
import { renderImage } from '../engine/render.js';
import { reproducible } from './reproducible.js';

export const EXAMPLE_COLUMNS = 16;
const WIDTH = 64;
const HEIGHT = 48;
/** Band colors, left to right: blue, green, orange, white. */
const BANDS = [
  [40, 90, 230],
  [50, 200, 80],
  [250, 150, 30],
  [255, 255, 255],
] as const;

/** Four vertical color bands, dark at the top and bright at the bottom. */
export function exampleImage(): RgbaImage {
  const data = new Uint8Array(WIDTH * HEIGHT * 4);
  for (let y = 0; y < HEIGHT; y++) {
    const light = (y + 1) / HEIGHT;
    for (let x = 0; x < WIDTH; x++) {
      const band = BANDS[Math.floor((x * BANDS.length) / WIDTH)];
      data.set([...band.map((v) => Math.round(v * light)), 255], (y * WIDTH + x) * 4);
    }
  }
  return { width: WIDTH, height: HEIGHT, data };
}

export const exampleParams = (format: string): RenderParams =>
  resolveParams({ columns: String(EXAMPLE_COLUMNS), color: 'true', format }, 'strings');

/** ANSI with ESC shown as `\e`, so the example reads in Markdown. */
const visibleEscapes = (text: string) => text.replaceAll('\x1b', '\\e');

/** The body of one format, as it is shown in the page. */
export function exampleBody(format: (typeof FORMATS)[number]): string {
  const params = exampleParams(format);
  const grid = reproducible(renderImage(exampleImage(), params));
  const { body } = encode(grid, params);
  return format === 'ansi' ? visibleEscapes(body) : body;
}

const FENCE: Record<(typeof FORMATS)[number], string> = {
  text: 'text',
  ansi: 'text',
  html: 'html',
  json: 'json',
  'json-compact': 'json',
  svg: 'xml',
};

/** The format table of SPEC 2.3, from FORMAT_INFO. */
export function formatTable(): string {
  const rows = FORMATS.map((f) => {
    const info = FORMAT_INFO[f];
    return `| \`${f}\` | \`${info.contentType}\` | \`.${info.extension}\` | ${info.label} |`;
  });
  return ['| format | content type | extension | label |', '|---|---|---|---|', ...rows].join('\n');
}

/** The generated sections of docs/formats.md, by marker name. */
export function formatSections(): Record<string, string> {
  const sections: Record<string, string> = { 'format-table': formatTable() };
  for (const f of FORMATS) {
    const body = exampleBody(f);
    // a fence longer than any run of backticks in the art (` is a glyph of `detailed`)
    const fence = '`'.repeat(Math.max(3, ...(body.match(/`+/g) ?? []).map((run) => run.length + 1)));
    sections[`example-${f}`] = `${fence}${FENCE[f]}\n${body}\n${fence}`;
  }
  return sections;
}

/**
 * What the command line says about the output's format: an output file's extension
 * (`-o art.html`), and `--color-depth` for ANSI art.
 */
import path from 'node:path';
import {
  ANSI_COLOR_DEPTHS,
  type AnsiColorDepth,
  FORMAT_INFO,
  FORMATS,
  type Format,
  nearestName,
  plainName,
  type RenderParams,
} from '../../engine/index.js';
import { CLI_OPTIONS, UsageError } from './flags.js';

/** Output file extensions (lower case, no dot) and the format each means: the formats' own, and `htm`. */
export const OUTPUT_EXTENSIONS: ReadonlyMap<string, Format> = (() => {
  const extensions = new Map<string, Format>();
  // json-compact shares `json` with json, which keeps it
  for (const f of FORMATS) if (!extensions.has(FORMAT_INFO[f].extension)) extensions.set(FORMAT_INFO[f].extension, f);
  return extensions.set('htm', 'html');
})();

/** Image files' extensions, asked for by users who want a picture of the art (an SVG is one). */
const RASTER_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'webp', 'gif', 'bmp', 'tif', 'tiff', 'avif']);

/**
 * The format a file name asks for by its extension (`.json` means `json`, `.htm` html);
 * undefined when it has none.
 *
 * @throws UsageError for an extension that names no format
 */
export function formatOfPath(file: string): Format | undefined {
  const ext = path.extname(file).slice(1).toLowerCase();
  if (ext === '') return undefined;
  const format = OUTPUT_EXTENSIONS.get(ext);
  if (format !== undefined) return format;
  const known = [...OUTPUT_EXTENSIONS.keys()].map((e) => `.${e}`).join(' ');
  const picture = RASTER_EXTENSIONS.has(ext) ? ' (no raster image: .svg is the art as a picture)' : '';
  throw new UsageError(
    `-o ${file}: the extension .${ext} names no format${picture} (known: ${known}); give --format to pick one`,
  );
}

/** `--color-depth`'s values: the ANSI depths, and `auto`. */
export const COLOR_DEPTH_VALUES = [...ANSI_COLOR_DEPTHS, 'auto'] as const;

/** Other words for the depths (chafa's `--colors full`, `24bit`), by plain name. */
const OTHER_DEPTHS: ReadonlyMap<string, (typeof COLOR_DEPTH_VALUES)[number]> = new Map([
  ['24', 'truecolor'],
  ['24bit', 'truecolor'],
  ['full', 'truecolor'],
  ['direct', 'truecolor'],
  ['8bit', '256'],
  ['4bit', '16'],
]);

/** `--color-depth`, checked: a depth given for output that has no ANSI colors is a mistake, not a no-op. */
export function colorDepthOption(text: string | undefined, params: RenderParams): AnsiColorDepth | 'auto' {
  if (text === undefined) return 'auto';
  const depth = COLOR_DEPTH_VALUES.find((d) => d === text.trim().toLowerCase());
  if (depth === undefined) {
    const meant = OTHER_DEPTHS.get(plainName(text)) ?? nearestName(text.trim(), COLOR_DEPTH_VALUES);
    const hint = meant === undefined ? '' : ` (did you mean ${meant}?)`;
    throw new UsageError(
      `${CLI_OPTIONS.colorDepth.flag}: expected one of ${COLOR_DEPTH_VALUES.join(', ')}${hint}, received ${JSON.stringify(text)}`,
    );
  }
  if (depth !== 'auto' && params.format !== 'ansi') {
    const hint = params.color ? 'give --format ansi' : 'add --color, or --format ansi';
    throw new UsageError(`--color-depth sets the colors of ANSI art, but the format is ${params.format} (${hint})`);
  }
  return depth;
}

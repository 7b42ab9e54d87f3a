/**
 * `glyphcast --help`, generated from the params schema: every render parameter with its
 * flags, meaning, range or values, and default, grouped as in the studio.
 */
import {
  DEFAULT_CELL_ASPECT,
  describeExpected,
  MAX_ROWS,
  PARAM_GROUPS,
  PARAMS,
  type ParamInfo,
  paramInfo,
} from '../../engine/index.js';
import { CELL_ASPECT_RANGE, DURATION_RANGE, LOOPS_RANGE } from './args.js';
import { kebabCase, PARAM_ALIASES } from './flags.js';
import { MAX_INPUT_BYTES } from './io.js';
import { COLOR_DEPTH_VALUES, OUTPUT_EXTENSIONS } from './output-format.js';

/** Column where descriptions start. */
const INDENT = 26;

const METAVAR: Record<ParamInfo['kind']['type'], string> = {
  integer: 'N',
  number: 'X',
  enum: 'NAME',
  boolean: '',
  color: '#RRGGBB',
};

/** An option line: flags on the left, then the description; a second line when the flags are long. */
function entry(flags: string, ...lines: string[]): string {
  const pad = ' '.repeat(INDENT);
  const first = `  ${flags}`;
  const head = first.length < INDENT - 1 ? first.padEnd(INDENT) + lines[0] : `${first}\n${pad}${lines[0]}`;
  return [head, ...lines.slice(1).map((l) => pad + l)].join('\n');
}

function paramEntry(p: ParamInfo): string {
  const name = kebabCase(p.name);
  const aliases = Object.entries(PARAM_ALIASES)
    .filter(([, target]) => target === p.name)
    .map(([alias]) => `--${alias}`);
  const flags =
    p.kind.type === 'boolean'
      ? `--${name}, --no-${name}`
      : [`--${name} ${METAVAR[p.kind.type]}`, ...aliases.map((a) => `${a} ${METAVAR[p.kind.type]}`)].join(', ');
  const range = p.kind.type === 'boolean' ? 'true or false' : describeExpected(p.kind);
  return entry(flags, p.description, `${range}; default ${String(p.default)}`);
}

const extensions = [...OUTPUT_EXTENSIONS.keys()].map((e) => `.${e}`).join(' ');

/** What a group's heading adds: where its parameters act, when not on every picture. */
const GROUP_NOTES: Partial<Record<(typeof PARAM_GROUPS)[number], string>> = {
  motion: ' (an animation or a video playing on a terminal; a still has no motion)',
};

/** The full help text, ending with a newline. */
export function helpText(version: string): string {
  const groups = PARAM_GROUPS.map((group) => {
    const params = PARAMS.filter((p) => p.group === group);
    return params.length ? `${group}${GROUP_NOTES[group] ?? ''}:\n${params.map(paramEntry).join('\n')}` : '';
  }).filter(Boolean);
  return `glyphcast ${version}: images to ASCII art (text, ANSI, HTML, JSON, SVG), like chafa or jp2a.

Usage: glyphcast [options] IMAGE...
       glyphcast [options] - < IMAGE

Renders each image (PNG, JPEG, WebP, GIF, TIFF, AVIF, BMP, PBM/PGM/PPM/PAM; at most ${MAX_INPUT_BYTES / 1024 / 1024} MiB) to
standard output, one after another, or to files. - reads the image from standard input,
as does no input at all when standard input is a pipe or a file (cat photo.jpg | glyphcast).
An image over 40 megapixels (up to 640) is shrunk to 40 as it loads (not a BMP or Netpbm one).
A video file (MP4, MOV, WebM, MKV, AVI, ...) is read with ffmpeg, when it is installed.
-- ends the options: what follows are inputs, even a name that starts with - (-x.png).

Options:
${entry('-o, --output FILE', 'write to FILE (one input only; - is standard output); without --format the', `format follows the extension (${extensions});`, 'another extension needs --format')}
${entry('--out-dir DIR', 'write one file per input into DIR, named after the input with the', "format's extension (photo.jpg -> DIR/photo.txt); DIR is created if needed")}
${entry('--rows N', `force the grid height, an integer from 1 to ${MAX_ROWS}; by default it follows`, "the image aspect and the font's measured cell aspect. Without --columns,", "the width follows the image aspect at that height (at most the terminal's", 'width; a height that cannot keep the aspect is refused, naming the ones', 'that can)')}
${entry('--cell-aspect X', `cell width / height of the font the art is shown in, a number from`, `${CELL_ASPECT_RANGE.min} to ${CELL_ASPECT_RANGE.max}; default ${DEFAULT_CELL_ASPECT} (DejaVu Sans Mono's measured 1:2 cell)`)}
${entry('--color-depth NAME', `colors of ANSI art: ${COLOR_DEPTH_VALUES.join(', ')}; default auto: what the`, 'terminal says it shows (COLORTERM, TERM, FORCE_COLOR), 24-bit into a file', 'or a pipe; 256 and 16 pick the nearest color of the xterm or ANSI palette')}
${entry('--still', 'print the first frame of an animated GIF or WebP, or of a video; without', "it, one animation or video alone on a terminal plays (at the file's pace,", 'as many times as it says; q or Ctrl-C stops it). Into a file or a pipe:', 'the first frame')}
${entry('--loops N', `play it N times, an integer from ${LOOPS_RANGE.min} to ${LOOPS_RANGE.max} (0: without end); by`, 'default as the file says (a GIF its loop count, a video once)')}
${entry('--duration S', `play it for at most S seconds, a number from ${DURATION_RANGE.min} to ${DURATION_RANGE.max} (the time`, 'stopped with Ctrl-Z not counted); alone, it plays again and again until', 'then, as chafa does. Both apply only when it plays on a terminal')}
${entry('-h, --help', 'show this help')}
${entry('-V, --version', 'print the version')}

The options above also take the form --name=value, and the two-word ones a camelCase
spelling (--outDir, --cellAspect, --colorDepth).

Render parameters: the names, ranges and defaults of the HTTP API. Each flag also takes its
API name (--edgeStrength for --edge-strength) and the form --name=value. Booleans take
--name, --no-name or --name=VALUE (true, false, 1 or 0, as the HTTP API reads them),
never a separate value (--color false is a usage error). Each option may be given once,
in any of its spellings; -o takes its value attached too (-oart.txt). A bad value is
named by the flag it was typed as.
Without --format, --color prints ansi (plain text has no color) and -o FILE takes the format
of its extension (--color with -o FILE.txt is a usage error: give --format ansi).
Without --columns or --rows, art printed to a terminal (any format) fits it whole: as wide
as it, or narrowed so its rows fit the terminal's, less one for the prompt (within the range
of --columns); into a pipe it is as wide as COLUMNS or the terminal on stderr; into a file,
or with no terminal, the default. Any of these is narrowed for an image too tall for
${MAX_ROWS} rows at it.
With --auto-optimize above 0 (the default is ${paramInfo('autoOptimize').default}), the Auto Director may move the tone,
detail and glyph values left at their defaults for the image (JSON output lists what it
changed); a value given other than the default is kept; --auto-optimize 0 keeps them all.

${groups.join('\n\n')}

Exit status:
  0  every input was rendered
  1  an input could not be read, decoded or rendered, or an output could not be written
     (the other inputs are still rendered)
  2  usage error: unknown option, bad or missing value, an option given twice, an -o
     extension that names no format, no input, -o with several inputs or with --out-dir,
     --color-depth other than auto for output that is not ANSI, --loops or --duration with
     --still, -o or --out-dir, - given twice, two inputs that --out-dir would write to the
     same file (a/photo.jpg and b/photo.png both make photo.txt), an output that would
     overwrite an input, --color with -o FILE.txt and no --format; nothing is rendered

Examples:
  glyphcast photo.jpg
  glyphcast --cols 80 --color photo.jpg
  glyphcast --color --color-depth 256 photo.jpg
  glyphcast --charset blocks --format ansi --color --rows 40 photo.jpg
  glyphcast --format html --color -o photo.html photo.jpg
  glyphcast -o photo.svg --color photo.jpg
  glyphcast --format json-compact --out-dir out/ *.png
  cat photo.png | glyphcast --edges -
`;
}

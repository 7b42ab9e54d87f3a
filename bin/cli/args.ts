/**
 * Command-line arguments -> a validated CLI invocation.
 *
 * Every render parameter of engine/params.ts is a flag, by its API name (`--edgeStrength`) and
 * in kebab case (`--edge-strength`); `--cols` is `--columns`, as in peer tools. Booleans take
 * `--color`, `--no-color` or `--color=false`; other flags take `--name value` or `--name=value`.
 * Values are checked by `resolveParams(..., 'strings')`, so messages read like the HTTP API's.
 * A flag given twice is refused, as the HTTP API refuses a parameter given twice, whatever the
 * spellings (`--cols 80 --columns=90`, `--dither --no-dither`); inputs may repeat. Anything
 * wrong here is a UsageError (exit 2).
 */
import path from 'node:path';
import { editDistance } from '../../engine/edit-distance.js';
import { ANSI_COLOR_DEPTHS, type AnsiColorDepth } from '../../engine/encode/ansi-palette.js';
import { FORMAT_INFO, type Format } from '../../engine/encode/formats.js';
import {
  decimalOf,
  FORMATS,
  issueMessage,
  nearestName,
  PARAMS,
  type ParamInfo,
  ParamsError,
  paramInfo,
  plainName,
  type RenderParams,
  resolveParams,
} from '../../engine/params.js';
import { MAX_ROWS } from '../../engine/size.js';

/** A command line that cannot be run as given: unknown flag, missing or bad value. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface RenderCommand {
  readonly command: 'render';
  readonly params: RenderParams;
  /** File paths, or `-` for standard input, in the order given. */
  readonly inputs: readonly string[];
  /** Forced grid height; by default it follows the image aspect and the cell aspect. */
  readonly rows?: number;
  /** Cell width / height of the font the art is shown in (engine default: 0.5). */
  readonly cellAspect?: number;
  /**
   * `--rows` without `--columns`: the width follows the image aspect at that height (as jp2a's
   * --height), up to this many columns (the terminal's width, or the range's top).
   */
  readonly columnsFromRows?: number;
  /** `-o FILE`: the one output file (`-` is standard output). */
  readonly output?: string;
  /** `--out-dir DIR`: one file per input. */
  readonly outDir?: string;
  /**
   * `--color-depth`: the colors ANSI art is written in; `auto` (the default) asks the terminal
   * standard output is (bin/cli/terminal.ts), and means 24-bit into a file or a pipe.
   */
  readonly colorDepth: AnsiColorDepth | 'auto';
  /** `--columns` (or `--cols`) was given: the width is the user's, not the terminal's. */
  readonly columnsGiven?: true;
  /** `--still`: an animation's first frame, even on a terminal (where it would play). */
  readonly still?: true;
  /** How long an animation or a video plays on a terminal (--loops, --duration). */
  readonly limits: PlayLimits;
}

/** How long a playback lasts, as the command line says. */
export interface PlayLimits {
  /** `--loops`: times through the animation or video (0: without end); by default as the file says (a video: once). */
  readonly loops?: number;
  /** `--duration`: the most playing time, ms (time stopped with Ctrl-Z not counted). */
  readonly durationMs?: number;
}

/** Bounds of `--loops` (0: without end) and `--duration` (seconds: a tenth of a second to a day). */
export const LOOPS_RANGE = { min: 0, max: 10_000 } as const;
export const DURATION_RANGE = { min: 0.1, max: 86_400 } as const;

export type Command = RenderCommand | { readonly command: 'help' } | { readonly command: 'version' };

/** Bounds of `--cell-aspect`: from very narrow cells to square-ish ones and beyond. */
export const CELL_ASPECT_RANGE = { min: 0.2, max: 2 } as const;

/** `edgeStrength` -> `edge-strength`. */
export const kebabCase = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Extra flag names of some parameters, as peer tools spell them. */
export const PARAM_ALIASES: Readonly<Record<string, string>> = { cols: 'columns' };

const PARAM_FLAGS = new Map<string, ParamInfo>();
for (const p of PARAMS) {
  PARAM_FLAGS.set(p.name, p);
  PARAM_FLAGS.set(kebabCase(p.name), p);
}
for (const [alias, name] of Object.entries(PARAM_ALIASES)) {
  PARAM_FLAGS.set(alias, PARAMS.find((p) => p.name === name) as ParamInfo);
}

type CliOption =
  | 'rows'
  | 'cellAspect'
  | 'colorDepth'
  | 'still'
  | 'loops'
  | 'duration'
  | 'output'
  | 'outDir'
  | 'help'
  | 'version';
const CLI_FLAGS = new Map<string, CliOption>([
  ['rows', 'rows'],
  ['cell-aspect', 'cellAspect'],
  ['cellAspect', 'cellAspect'],
  ['color-depth', 'colorDepth'],
  ['colorDepth', 'colorDepth'],
  ['still', 'still'],
  ['loops', 'loops'],
  ['duration', 'duration'],
  ['output', 'output'],
  ['o', 'output'],
  ['out-dir', 'outDir'],
  ['outDir', 'outDir'],
  ['help', 'help'],
  ['h', 'help'],
  ['version', 'version'],
  ['V', 'version'],
]);
const SWITCHES = new Set<CliOption>(['help', 'version', 'still']);
/** The short options that take a value (-o FILE), which may come attached (-oFILE). */
const VALUED_SHORT = new Set(['o']);

/** The flag a mistyped one was most likely meant to be, by edit distance. */
function closest(name: string): string | undefined {
  const names = [...PARAM_FLAGS.keys(), ...CLI_FLAGS.keys()].filter((n) => n.length > 1);
  let best: string | undefined;
  let bestDistance = 3;
  for (const n of names) {
    const d = editDistance(name.toLowerCase(), n.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [n, d];
  }
  return best;
}

/**
 * The options a shortened flag begins (`--ver`, `--out`), each once, in its kebab-case
 * spelling when it has one (the one --help shows).
 */
function completions(name: string): string[] {
  if (name.length < 2) return [];
  const byOption = new Map<unknown, string>();
  for (const [flag, option] of [...PARAM_FLAGS, ...CLI_FLAGS]) {
    if (flag.length < 2 || !flag.toLowerCase().startsWith(name.toLowerCase())) continue;
    const seen = byOption.get(option);
    if (seen === undefined || (flag.includes('-') && !seen.includes('-'))) byOption.set(option, flag);
  }
  return [...byOption.values()];
}

const dashes = (name: string) => (name.length === 1 ? `-${name}` : `--${name}`);

/** Flags of chafa and jp2a that glyphcast spells otherwise: their users type them first. */
const PEER_FLAGS: ReadonlyMap<string, string> = new Map([
  ['width', '--columns'],
  ['height', '--rows'],
  ['size', '--columns and --rows'],
  ['colors', '--color with --color-depth'],
  ['html', '--format html'],
  ['symbols', '--charset'],
  ['background', '--invert for a light background'],
]);

/** chafa's one-letter flags (-s WxH, -c, -f) and a width's likely letter, as glyphcast spells them. */
const PEER_SHORT_FLAGS: ReadonlyMap<string, string> = new Map([
  ['s', '--columns and --rows'],
  ['w', '--columns'],
  ['c', '--color with --color-depth'],
  ['f', '--format'],
]);

/** A file name that begins with a dash (`-x.png`, `--old.jpg`): an extension (not `-0.25`), and no value. */
const DASHED_FILE = /^-[^=]*\.[A-Za-z][A-Za-z0-9]{1,4}$/;

function unknown(flag: string): UsageError {
  if (DASHED_FILE.test(flag)) {
    return new UsageError(`unknown option ${flag} (for a file of that name, write ./${flag}, or -- before it)`);
  }
  const name = flag.replace(/^-+/, '').split('=')[0];
  const peer = (flag.startsWith('--') ? PEER_FLAGS : PEER_SHORT_FLAGS).get(name.toLowerCase());
  if (peer) return new UsageError(`unknown option ${flag.split('=')[0]} (glyphcast says ${peer})`);
  const near = closest(name);
  const guesses = near ? [near] : completions(name).slice(0, 3);
  const guess = guesses.map(dashes).join(' or ');
  return new UsageError(`unknown option ${flag.split('=')[0]}${guess ? ` (did you mean ${guess}?)` : ''}`);
}

/** A number option outside the engine's schema, checked in the schema's words. */
function numberOption(name: string, text: string, min: number, max: number, integer: boolean): number {
  // the render parameters' number syntax, so every number flag reads alike
  const value = decimalOf(text.trim());
  if (!(value >= min && value <= max) || (integer && !Number.isInteger(value))) {
    const kind = integer ? 'an integer' : 'a number';
    throw new UsageError(`${name}: expected ${kind} from ${min} to ${max}, received ${JSON.stringify(text)}`);
  }
  return value;
}

/** Output file extensions (lower case, no dot) and the format each means: the formats' own, and `htm`. */
export const OUTPUT_EXTENSIONS: ReadonlyMap<string, Format> = (() => {
  const extensions = new Map<string, Format>();
  // json-compact shares `json` with json, which keeps it
  for (const f of FORMATS) if (!extensions.has(FORMAT_INFO[f].extension)) extensions.set(FORMAT_INFO[f].extension, f);
  return extensions.set('htm', 'html');
})();

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

/** Image files' extensions, asked for by users who want a picture of the art (an SVG is one). */
const RASTER_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'webp', 'gif', 'bmp', 'tif', 'tiff', 'avif']);

/** The long flag a parameter or CLI option is named by in messages. */
const CANONICAL: Readonly<Record<CliOption, string>> = {
  rows: '--rows',
  cellAspect: '--cell-aspect',
  colorDepth: '--color-depth',
  still: '--still',
  loops: '--loops',
  duration: '--duration',
  output: '--output',
  outDir: '--out-dir',
  help: '--help',
  version: '--version',
};

/**
 * Parses the arguments after `glyphcast`. Options and inputs may be mixed; `--` ends the
 * options; `-` is standard input. `terminalColumns`, the width of the terminal standard
 * output is, sets the default of --columns when the art goes there (as chafa fits the terminal).
 * `pipedInput`: standard input is a pipe or a file, read when no input is named.
 *
 * @throws UsageError for an unknown flag, a missing or bad value, or inputs that do not fit the outputs.
 */
export function parseArgs(argv: readonly string[], terminalColumns?: number, pipedInput = false): Command {
  const strings: Record<string, string> = {};
  const cli: Partial<Record<CliOption, string>> = {};
  const inputs: string[] = [];
  /** The flag (as written) that set each parameter or option, by its canonical name. */
  const given = new Map<string, string>();
  /** Refuses a second flag for what `canonical` names, however it is spelled. */
  const once = (canonical: string, written: string) => {
    const first = given.get(canonical);
    if (first !== undefined) {
      const twice =
        first === written ? `${written} given twice` : `${canonical} given twice (as ${first} and ${written})`;
      throw new UsageError(`${twice}: give each option once`);
    }
    given.set(canonical, written);
  };
  let optionsEnded = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (optionsEnded || arg === '-' || !arg.startsWith('-')) {
      inputs.push(arg);
      continue;
    }
    if (arg === '--') {
      optionsEnded = true;
      continue;
    }
    const long = arg.startsWith('--');
    const eq = arg.indexOf('=');
    let name = arg.slice(long ? 2 : 1, eq < 0 ? undefined : eq);
    let inline = eq < 0 ? undefined : arg.slice(eq + 1);
    // a short option that takes a value may have it attached, as getopt allows: -oart.txt
    if (!long && name.length > 1 && VALUED_SHORT.has(arg[1])) [name, inline] = [arg[1], arg.slice(2)];
    if (!long && name.length !== 1) throw unknown(arg);
    const takeValue = () => {
      if (inline !== undefined) return inline;
      if (i + 1 >= argv.length) throw new UsageError(`${dashes(name)} needs a value (see glyphcast --help)`);
      return argv[++i];
    };
    const param = PARAM_FLAGS.get(name);
    const negated = name.startsWith('no-') ? PARAM_FLAGS.get(name.slice(3)) : undefined;
    const option = CLI_FLAGS.get(name);
    if (param && long) {
      once(`--${kebabCase(param.name)}`, dashes(name));
      if (param.kind.type === 'boolean' && inline === undefined) refuseSeparateBoolean(name, argv[i + 1]);
      const value = param.kind.type === 'boolean' && inline === undefined ? 'true' : takeValue();
      // a boolean's value in any of the words --color=false was meant by (yes, ON, 0): one meaning each
      const word = param.kind.type === 'boolean' ? BOOLEAN_WORDS.get(value.toLowerCase()) : undefined;
      strings[param.name] = word === undefined ? value : String(word);
    } else if (negated?.kind.type === 'boolean') {
      if (inline !== undefined) throw new UsageError(`${dashes(name)} takes no value`);
      once(`--${kebabCase(negated.name)}`, dashes(name));
      strings[negated.name] = 'false';
    } else if (option && long === name.length > 1) {
      if (SWITCHES.has(option) && inline !== undefined) throw new UsageError(`${dashes(name)} takes no value`);
      // the switches carry no value: saying one twice is harmless
      if (!SWITCHES.has(option)) once(CANONICAL[option], dashes(name));
      cli[option] = SWITCHES.has(option) ? 'true' : takeValue();
    } else {
      throw unknown(arg);
    }
  }
  if (cli.help) return { command: 'help' };
  if (cli.version) return { command: 'version' };
  // no input named, and a pipe or a file on standard input (`cat photo.jpg | glyphcast`): that is the input
  if (inputs.length === 0 && pipedInput) inputs.push('-');
  return renderCommand(strings, cli, inputs, terminalColumns, given);
}

/** Words that read as a boolean's value, each with the flag that says it: after a boolean flag, one was meant for it. */
const BOOLEAN_WORDS = new Map<string, boolean>([
  ['true', true],
  ['1', true],
  ['yes', true],
  ['on', true],
  ['false', false],
  ['0', false],
  ['no', false],
  ['off', false],
]);

/**
 * A boolean flag takes its value only inline (`--color=false`), so `--color false` would turn
 * color on and read `false` as an input: refused, saying how to write either.
 */
function refuseSeparateBoolean(name: string, next: string | undefined): void {
  const value = next === undefined ? undefined : BOOLEAN_WORDS.get(next.toLowerCase());
  if (value === undefined) return;
  const meant = value ? `--${name}` : `--no-${name}`;
  throw new UsageError(
    `--${name} takes no separate value: write ${meant} (or --${name}=${value}); for an input named ${next}, write ./${next}`,
  );
}

/** The columns that fill a terminal `width` characters wide, within the range of --columns. */
export function columnsForTerminal(width: number): number {
  const { kind } = paramInfo('columns');
  if (kind.type !== 'integer') throw new Error('columns is an integer parameter');
  return Math.min(kind.max, Math.max(kind.min, Math.floor(width)));
}

function renderCommand(
  strings: Record<string, string>,
  cli: Partial<Record<CliOption, string>>,
  inputs: string[],
  terminalColumns: number | undefined,
  given: ReadonlyMap<string, string>,
) {
  const toTerminal = (cli.output === undefined || cli.output === '-') && cli.outDir === undefined;
  const columnsGiven = strings.columns !== undefined;
  if (!columnsGiven && toTerminal && terminalColumns !== undefined && terminalColumns > 0) {
    strings.columns = String(columnsForTerminal(terminalColumns));
  }
  if (strings.format === undefined) {
    // No --format: a file named by -o says it with its extension; --color alone means ansi,
    // since plain text has no color (SPEC 4.2 rule 2).
    const fromPath = cli.output && cli.output !== '-' ? formatOfPath(cli.output) : undefined;
    const color = strings.color !== undefined && resolveParamsOrUsage({ color: strings.color }, given).color;
    if (fromPath === 'text' && color) {
      // the file's name would drop the color asked for without a word
      throw new UsageError(
        `-o ${cli.output}: a .txt file is plain text, which has no color, so --color would be lost; give --format ansi to keep the name, or name it .ans, .html or .svg`,
      );
    }
    if (fromPath) strings.format = fromPath;
    else if (color) strings.format = 'ansi';
  }
  const params = resolveParamsOrUsage(strings, given);
  if (inputs.length === 0) {
    throw new UsageError('no input image (give one or more files, or - for standard input; see glyphcast --help)');
  }
  if (inputs.filter((f) => f === '-').length > 1) throw new UsageError('standard input (-) can be read only once');
  if (cli.output === '') throw new UsageError('-o needs a file name (or - for standard output)');
  if (cli.outDir === '') throw new UsageError('--out-dir needs a folder name');
  if (cli.output !== undefined && cli.outDir !== undefined) throw new UsageError('give -o or --out-dir, not both');
  if (cli.output !== undefined && inputs.length > 1) {
    throw new UsageError(`-o writes one file, but ${inputs.length} inputs were given (use --out-dir for many)`);
  }
  const colorDepth = colorDepthOption(cli.colorDepth, params);
  const limits = playLimits(cli, toTerminal);
  const { kind } = paramInfo('columns');
  // the widest the art may be when --rows alone sets its size: the terminal's width, or the range's top
  const widest = strings.columns !== undefined ? params.columns : kind.type === 'integer' ? kind.max : params.columns;
  return {
    command: 'render',
    params,
    inputs,
    ...(cli.rows !== undefined ? { rows: numberOption(CANONICAL.rows, cli.rows, 1, MAX_ROWS, true) } : {}),
    ...(cli.rows !== undefined && !columnsGiven ? { columnsFromRows: widest } : {}),
    ...(cli.cellAspect !== undefined
      ? {
          cellAspect: numberOption(
            CANONICAL.cellAspect,
            cli.cellAspect,
            CELL_ASPECT_RANGE.min,
            CELL_ASPECT_RANGE.max,
            false,
          ),
        }
      : {}),
    ...(cli.output !== undefined ? { output: cli.output } : {}),
    ...(cli.outDir !== undefined ? { outDir: cli.outDir } : {}),
    colorDepth,
    ...(columnsGiven ? { columnsGiven: true } : {}),
    ...(cli.still ? { still: true } : {}),
    limits,
  } satisfies RenderCommand;
}

/**
 * `--loops` and `--duration`. They say how an animation or a video plays on a terminal: with
 * --still, -o FILE or --out-dir, which never play, they are refused. (Into a pipe, with several
 * inputs, or for a still image nothing plays either, and they do nothing, as the help says:
 * whether standard output is a terminal is not the command line's to know.)
 */
function playLimits(cli: Partial<Record<CliOption, string>>, toTerminal: boolean): PlayLimits {
  const given = (['loops', 'duration'] as const).filter((o) => cli[o] !== undefined).map((o) => CANONICAL[o]);
  if (given.length === 0) return {};
  const say = `${given.join(' and ')} ${given.length > 1 ? 'say' : 'says'}`;
  if (cli.still) {
    throw new UsageError(`--still prints the first frame, and ${say} how it plays: give one or the other, not both`);
  }
  if (!toTerminal) throw new UsageError(`${say} how it plays on a terminal, not into files`);
  return {
    ...(cli.loops !== undefined
      ? { loops: numberOption(CANONICAL.loops, cli.loops, LOOPS_RANGE.min, LOOPS_RANGE.max, true) }
      : {}),
    ...(cli.duration !== undefined
      ? {
          durationMs:
            numberOption(CANONICAL.duration, cli.duration, DURATION_RANGE.min, DURATION_RANGE.max, false) * 1000,
        }
      : {}),
  };
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
function colorDepthOption(text: string | undefined, params: RenderParams): AnsiColorDepth | 'auto' {
  if (text === undefined) return 'auto';
  const depth = COLOR_DEPTH_VALUES.find((d) => d === text.trim().toLowerCase());
  if (depth === undefined) {
    const meant = OTHER_DEPTHS.get(plainName(text)) ?? nearestName(text.trim(), COLOR_DEPTH_VALUES);
    const hint = meant === undefined ? '' : ` (did you mean ${meant}?)`;
    throw new UsageError(
      `${CANONICAL.colorDepth}: expected one of ${COLOR_DEPTH_VALUES.join(', ')}${hint}, received ${JSON.stringify(text)}`,
    );
  }
  if (depth !== 'auto' && params.format !== 'ansi') {
    const hint = params.color ? 'give --format ansi' : 'add --color, or --format ansi';
    throw new UsageError(`--color-depth sets the colors of ANSI art, but the format is ${params.format} (${hint})`);
  }
  return depth;
}

/**
 * The render parameters the flags give, or a UsageError naming each bad value by the flag it was
 * typed as (`--cols: expected an integer from 8 to 400`), not by its parameter (`columns`).
 */
function resolveParamsOrUsage(strings: Record<string, string>, given: ReadonlyMap<string, string>): RenderParams {
  try {
    return resolveParams(strings, 'strings');
  } catch (err) {
    if (!(err instanceof ParamsError)) throw err;
    const said = err.issues.map((issue) => {
      const flag = given.get(`--${kebabCase(issue.param)}`);
      return flag ? issueMessage(issue, flag) : issue.message;
    });
    throw new UsageError(said.join('; ') + (err.unlisted > 0 ? `; and ${err.unlisted} more` : ''));
  }
}

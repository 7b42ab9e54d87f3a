/**
 * Command-line arguments -> a validated CLI invocation, read with node:util parseArgs (the
 * flags are in flags.ts). Booleans take `--color`, `--no-color` or `--color=false`; other flags
 * take `--name value` or `--name=value`. Values are checked by `resolveParams(..., 'strings')`,
 * so messages read like the HTTP API's. A flag given twice is refused, as the HTTP API refuses a
 * parameter given twice, whatever the spellings (`--cols 80 --columns=90`, `--dither
 * --no-dither`); inputs may repeat. Anything wrong here is a UsageError (exit 2).
 */
import { parseArgs as readTokens } from 'node:util';
import {
  type AnsiColorDepth,
  decimalOf,
  issueMessage,
  MAX_ROWS,
  ParamsError,
  paramInfo,
  type RenderParams,
  resolveParams,
} from '../../engine/index.js';
import {
  CLI_OPTIONS,
  type CliOption,
  canonicalFlag,
  FLAGS,
  type FlagTarget,
  kebabCase,
  PARSE_OPTIONS,
  UsageError,
  unknownFlag,
} from './flags.js';
import { colorDepthOption, formatOfPath } from './output-format.js';

export { kebabCase, UsageError } from './flags.js';

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

/** Words a boolean flag's next argument may say when it was meant as the flag's value (`--invert off`). */
const BOOLEAN_WORDS = new Map([
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
function refuseSeparateBoolean(flag: string, next: string | undefined): void {
  const value = next === undefined ? undefined : BOOLEAN_WORDS.get(next.toLowerCase());
  if (value === undefined) return;
  const meant = value ? flag : `--no-${flag.slice(2)}`;
  throw new UsageError(
    `${flag} takes no separate value: write ${meant} (or ${flag}=${value}); for an input named ${next}, write ./${next}`,
  );
}

const isBooleanParam = (target: FlagTarget | undefined) =>
  target !== undefined && 'param' in target && target.param.kind.type === 'boolean';

/**
 * Parses the arguments after `glyphcast`. Options and inputs may be mixed; `--` ends the
 * options; `-` is standard input. `terminalColumns`, the width of the terminal standard
 * output is, sets the default of --columns when the art goes there (as chafa fits the terminal).
 * `pipedInput`: standard input is a pipe or a file, read when no input is named (a function is
 * asked only then: Node makes `process.stdin` when it is first read, about 2 ms of a run).
 *
 * @throws UsageError for an unknown flag, a missing or bad value, or inputs that do not fit the outputs.
 */
export function parseArgs(
  argv: readonly string[],
  terminalColumns?: number,
  pipedInput: boolean | (() => boolean) = false,
): Command {
  const { tokens } = readTokens({
    args: [...argv],
    options: PARSE_OPTIONS,
    strict: false,
    allowPositionals: true,
    allowNegative: true,
    tokens: true,
  });
  const strings: Record<string, string> = {};
  const cli: Partial<Record<CliOption, string>> = {};
  const inputs: string[] = [];
  /** The flag (as written) that set each parameter or option, by its canonical flag. */
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
  for (const token of tokens) {
    if (token.kind === 'positional') inputs.push(token.value);
    if (token.kind !== 'option') continue;
    const target = FLAGS.get(token.name);
    const negated = token.rawName.startsWith('--no-');
    // parseArgs reads `--no-color=true` as an unknown `no-color`
    if (!target && negated && token.inlineValue && isBooleanParam(FLAGS.get(token.name.slice(3)))) {
      throw new UsageError(`${token.rawName} takes no value`);
    }
    if (!target || (negated && !isBooleanParam(target))) {
      throw unknownFlag(argv[token.index]);
    }
    const written = token.rawName;
    const valued = PARSE_OPTIONS[token.name].type === 'string';
    if (!valued && token.inlineValue && (negated || 'option' in target))
      throw new UsageError(`${written} takes no value`);
    if (valued && token.value === undefined) throw new UsageError(`${written} needs a value (see glyphcast --help)`);
    const canonical = canonicalFlag(target);
    if ('option' in target) {
      // the switches carry no value: saying one twice is harmless
      if (valued) once(canonical, written);
      cli[target.option] = token.value ?? 'true';
      continue;
    }
    once(canonical, written);
    if (!valued && !token.inlineValue && !negated) refuseSeparateBoolean(written, argv[token.index + 1]);
    strings[target.param.name] = negated ? 'false' : (token.value ?? 'true');
  }
  if (cli.help) return { command: 'help' };
  if (cli.version) return { command: 'version' };
  // no input named, and a pipe or a file on standard input (`cat photo.jpg | glyphcast`): that is the input
  if (inputs.length === 0 && (typeof pipedInput === 'function' ? pipedInput() : pipedInput)) inputs.push('-');
  return renderCommand(strings, cli, inputs, terminalColumns, given);
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
  // two-colour cells are colour: --background alone turns --color on; with --no-color it is a mistake
  const background =
    strings.background !== undefined && resolveParamsOrUsage({ background: strings.background }, given).background;
  if (background && strings.color === undefined) strings.color = 'true';
  else if (background && !resolveParamsOrUsage({ color: strings.color }, given).color) {
    throw new UsageError('--background colors each cell behind its glyph, so it needs color (drop --no-color)');
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
    ...(cli.rows !== undefined ? { rows: numberOption(CLI_OPTIONS.rows.flag, cli.rows, 1, MAX_ROWS, true) } : {}),
    ...(cli.rows !== undefined && !columnsGiven ? { columnsFromRows: widest } : {}),
    ...(cli.cellAspect !== undefined
      ? {
          cellAspect: numberOption(
            CLI_OPTIONS.cellAspect.flag,
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
  const given = (['loops', 'duration'] as const).filter((o) => cli[o] !== undefined).map((o) => CLI_OPTIONS[o].flag);
  if (given.length === 0) return {};
  const say = `${given.join(' and ')} ${given.length > 1 ? 'say' : 'says'}`;
  if (cli.still) {
    throw new UsageError(`--still prints the first frame, and ${say} how it plays: give one or the other, not both`);
  }
  if (!toTerminal) throw new UsageError(`${say} how it plays on a terminal, not into files`);
  return {
    ...(cli.loops !== undefined
      ? { loops: numberOption(CLI_OPTIONS.loops.flag, cli.loops, LOOPS_RANGE.min, LOOPS_RANGE.max, true) }
      : {}),
    ...(cli.duration !== undefined
      ? {
          durationMs:
            numberOption(CLI_OPTIONS.duration.flag, cli.duration, DURATION_RANGE.min, DURATION_RANGE.max, false) * 1000,
        }
      : {}),
  };
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

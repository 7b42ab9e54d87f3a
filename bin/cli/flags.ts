/**
 * The CLI's flags: every render parameter by its API name (`--edgeStrength`) and in kebab case
 * (`--edge-strength`), `--cols` for `--columns` as in peer tools, and the CLI's own options.
 * Also what an unknown flag was probably meant to be, found as the API finds a misspelt
 * parameter (engine `nearestName`), so every face answers a misspelling alike.
 */
import { nearestName, nearestParam, PARAMS, type ParamInfo, plainName } from '../../engine/index.js';

/** A command line that cannot be run as given: unknown flag, missing or bad value. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** `edgeStrength` -> `edge-strength`. */
export const kebabCase = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Extra flag names of some parameters, as peer tools spell them. */
export const PARAM_ALIASES: Readonly<Record<string, string>> = { cols: 'columns' };

/** The CLI's own options, by canonical name, with their long flag and whether they take a value. */
export const CLI_OPTIONS = {
  rows: { flag: '--rows', valued: true },
  cellAspect: { flag: '--cell-aspect', valued: true },
  colorDepth: { flag: '--color-depth', valued: true },
  still: { flag: '--still', valued: false },
  loops: { flag: '--loops', valued: true },
  duration: { flag: '--duration', valued: true },
  output: { flag: '--output', valued: true, short: 'o' },
  outDir: { flag: '--out-dir', valued: true },
  help: { flag: '--help', valued: false, short: 'h' },
  version: { flag: '--version', valued: false, short: 'V' },
} as const;
export type CliOption = keyof typeof CLI_OPTIONS;

/** What one flag of node:util parseArgs' configuration stands for. */
export type FlagTarget = { readonly param: ParamInfo } | { readonly option: CliOption };

/** Every spelling of every flag (without dashes), and what it stands for. */
export const FLAGS: ReadonlyMap<string, FlagTarget> = (() => {
  const flags = new Map<string, FlagTarget>();
  for (const param of PARAMS) {
    flags.set(param.name, { param });
    flags.set(kebabCase(param.name), { param });
  }
  for (const [alias, name] of Object.entries(PARAM_ALIASES)) {
    flags.set(alias, { param: PARAMS.find((p) => p.name === name) as ParamInfo });
  }
  for (const option of Object.keys(CLI_OPTIONS) as CliOption[]) {
    flags.set(option, { option });
    flags.set(kebabCase(option), { option });
  }
  return flags;
})();

/** The configuration node:util parseArgs reads the command line with. */
export const PARSE_OPTIONS = Object.fromEntries(
  [...FLAGS].map(([flag, target]) => {
    const valued = 'param' in target ? target.param.kind.type !== 'boolean' : CLI_OPTIONS[target.option].valued;
    const short =
      'option' in target && flag === target.option
        ? (CLI_OPTIONS[target.option] as { short?: string }).short
        : undefined;
    return [flag, { type: valued ? 'string' : 'boolean', ...(short ? { short } : {}) }] as const;
  }),
) as Record<string, { type: 'string' | 'boolean'; short?: string }>;

/** The canonical long flag of what a flag stands for: `--edge-strength`, `--output`. */
export const canonicalFlag = (target: FlagTarget) =>
  'param' in target ? `--${kebabCase(target.param.name)}` : CLI_OPTIONS[target.option].flag;

/** Flags of chafa and jp2a that glyphcast spells otherwise: their users type them first. */
const PEER_FLAGS: ReadonlyMap<string, string> = new Map([
  ['width', '--columns'],
  ['height', '--rows'],
  ['size', '--columns and --rows'],
  ['colors', '--color with --color-depth'],
  ['html', '--format html'],
  ['symbols', '--charset'],
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

/** The canonical names of every parameter and option, the names a misspelling is matched against. */
const CANONICAL_NAMES = [...PARAMS.map((p) => p.name as string), ...Object.keys(CLI_OPTIONS)];

/**
 * The flags a mistyped name was most likely meant to be: the nearest parameter or option by
 * the API's rule (`colums` -> --columns, `edge_strenght` -> --edge-strength), else the options a
 * shortened name begins (`--ver`, `--out`).
 */
function meantFlags(name: string): string[] {
  const near = nearestName(name, CANONICAL_NAMES) ?? nearestParam(name);
  if (near !== undefined) return [canonicalFlag(FLAGS.get(near) as FlagTarget)];
  const key = plainName(name);
  if (key.length < 2) return [];
  const begun = new Set<string>();
  for (const [flag, target] of FLAGS) if (plainName(flag).startsWith(key)) begun.add(canonicalFlag(target));
  return [...begun].slice(0, 3);
}

/** The UsageError for `arg`, a flag glyphcast does not know, with the flag probably meant. */
export function unknownFlag(arg: string): UsageError {
  if (DASHED_FILE.test(arg)) {
    return new UsageError(`unknown option ${arg} (for a file of that name, write ./${arg}, or -- before it)`);
  }
  const written = arg.split('=')[0];
  const name = written.replace(/^-+/, '');
  const peer = (arg.startsWith('--') ? PEER_FLAGS : PEER_SHORT_FLAGS).get(name.toLowerCase());
  if (peer) return new UsageError(`unknown option ${written} (glyphcast says ${peer})`);
  const guess = arg.startsWith('--') ? meantFlags(name).join(' or ') : '';
  return new UsageError(`unknown option ${written}${guess ? ` (did you mean ${guess}?)` : ''}`);
}

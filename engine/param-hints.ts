/**
 * The forgiveness rules, one set for every face (API, MCP, CLI, studio): what a misspelt name
 * or value was probably meant to be, and what a parameter takes said to the caller who got it
 * wrong. Nothing here accepts a wrong value: it only words the refusal.
 */
import { editDistance } from './edit-distance.js';
import {
  describeExpected,
  fromString,
  PARAMS,
  type ParamInfo,
  type ParamKind,
  type ParamName,
  type ParamSource,
  shape,
} from './params.js';

const KNOWN = PARAMS.map((p) => p.name).join(', ');

/** A name without case, dashes, underscores or spaces: `Edge-Strength` and `edge_strength` are `edgestrength`. */
export const plainName = (name: string) => name.toLowerCase().replace(/[-_\s]/g, '');

/**
 * What other converters and image APIs call two of these parameters (chafa's and jp2a's
 * `--width`, a `cols` option, chafa's `--colors`), by plain name: the parameter meant here.
 */
const OTHER_NAMES: Readonly<Record<string, ParamName>> = Object.freeze({
  width: 'columns',
  cols: 'columns',
  colors: 'color',
  colours: 'color',
});

/** Names of a height, which no parameter sets: the grid's rows follow from its columns. */
const HEIGHT_NAMES = new Set(['height', 'rows', 'lines']);

/**
 * Which of `names` an unknown `name` was probably meant to be: the same name in another case or
 * spelling (`edge_strength`, `Low_Light`), or the one nearest within two edits (`colums`,
 * `contrats`; one edit for a name of three letters, `txt`); none when two are equally near.
 */
export function nearestName<T extends string>(name: string, names: readonly T[]): T | undefined {
  const key = plainName(name);
  const same = names.find((n) => plainName(n) === key);
  if (same) return same;
  const most = key.length >= 4 ? 2 : key.length === 3 ? 1 : 0;
  // `most` edits change the length by `most` at most, so other names need no table
  const scored = names
    .filter((n) => Math.abs(plainName(n).length - key.length) <= most)
    .map((n) => ({ name: n, distance: editDistance(key, plainName(n)) }))
    .filter((s) => s.distance <= most)
    .sort((a, b) => a.distance - b.distance);
  return scored.length > 0 && scored[1]?.distance !== scored[0].distance ? scored[0].name : undefined;
}

const PARAM_NAMES = PARAMS.map((p) => p.name);

/**
 * The parameter an unknown name was probably meant to be: another converter's name for it
 * (`width`, `cols`), or the nearest (nearestName).
 */
export function nearestParam(name: string): ParamName | undefined {
  const key = plainName(name);
  return Object.hasOwn(OTHER_NAMES, key) ? OTHER_NAMES[key] : nearestName(name, PARAM_NAMES);
}

/** Other tools' words for a charset or a format (chafa's `--symbols ascii`, `braille`), by plain name. */
const OTHER_VALUES: Readonly<Partial<Record<ParamName, Readonly<Record<string, string>>>>> = Object.freeze({
  charset: Object.freeze({ ascii: 'standard', braille: 'dots' }),
  // glyphcast draws no raster image: its picture of the art is SVG
  format: Object.freeze({ ascii: 'text', plain: 'text', png: 'svg', jpg: 'svg', jpeg: 'svg', image: 'svg' }),
});

/** What an enum parameter takes, and the value meant when a string given is near one. */
function expectedEnum(info: ParamInfo, values: readonly string[], raw: unknown): string {
  const named = `one of ${values.join(', ')}`;
  if (typeof raw !== 'string') return named;
  const others = OTHER_VALUES[info.name];
  const key = plainName(raw);
  const meant = others && Object.hasOwn(others, key) ? others[key] : nearestName(raw, values);
  return meant === undefined ? named : `${named} (did you mean ${meant}?)`;
}

/**
 * What a parameter takes, said to a caller who gave `raw`: for a typed (JSON) number or boolean
 * given as text that would read as one (`"80"`, `"true"`), that the quotes are the trouble.
 */
export function expectedFor(info: ParamInfo, raw: unknown, source: ParamSource): string {
  if (info.kind.type === 'enum') return expectedEnum(info, info.kind.values, raw);
  const read =
    info.kind.type !== 'color' && source === 'json' && typeof raw === 'string'
      ? fromString(info.kind, raw.trim())
      : undefined;
  // undefined would pass as the default: only a value read from the text counts
  if (read !== undefined && shape[info.name].safeParse(read).success) {
    const type = info.kind.type === 'boolean' ? 'boolean' : 'number';
    return `${describeExpected(info.kind)}, as a JSON ${type}, not a string`;
  }
  return describeExpected(info.kind);
}

/** Other spellings of a boolean, by lower-case text: refused (strings take true, false, 1, 0), with the one meant. */
const OTHER_BOOLEANS: Readonly<Record<string, string>> = Object.freeze({
  true: 'true',
  false: 'false',
  yes: 'true',
  on: 'true',
  no: 'false',
  off: 'false',
});

/** What a parameter takes as text, said to a caller who gave `raw`: `TRUE` and `on` name the boolean meant. */
export function expectedFromText(kind: ParamKind, raw: string): string {
  const key = raw.trim().toLowerCase();
  if (kind.type !== 'boolean' || !Object.hasOwn(OTHER_BOOLEANS, key)) return describeExpected(kind);
  return `${describeExpected(kind)} (did you mean ${OTHER_BOOLEANS[key]}?)`;
}

/** What an unknown name should have been: the likely parameter, or the list of them all. */
export function knownParameter(name: string): string {
  if (HEIGHT_NAMES.has(plainName(name))) {
    return 'a known parameter (there is no height: the rows follow from columns and the image aspect)';
  }
  const nearest = nearestParam(name);
  return nearest ? `a known parameter (did you mean ${nearest}?)` : `a known parameter (one of ${KNOWN})`;
}

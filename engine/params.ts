/**
 * The 22 render parameters of SPEC 2.2, written once.
 *
 * Everything else derives from `paramsSchema`: host validation (`resolveParams`), the JSON
 * Schema for OpenAPI and MCP (`paramsJsonSchema`), the studio's controls, the CLI flags and
 * the README table. Values are validated here and nowhere else; nothing is clamped.
 */

import { editDistance } from './edit-distance.js';
import { z } from './zod.js';

export const CHARSETS = ['standard', 'detailed', 'blocks', 'binary', 'dots', 'minimal'] as const;
export const FORMATS = ['text', 'ansi', 'html', 'json', 'json-compact', 'svg'] as const;
export const QUALITY_TARGETS = ['balanced', 'portrait', 'motion', 'low-light', 'round-trip'] as const;
export const GLYPH_STRATEGIES = ['adaptive', 'fixed'] as const;

/** The studio's control groups, in display order. */
export const PARAM_GROUPS = ['output', 'tone', 'detail', 'glyphs', 'motion', 'director'] as const;
export type ParamGroup = (typeof PARAM_GROUPS)[number];

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Slider step and control group: UI hints carried in the schema as `x-` keywords. */
const ui = (group: ParamGroup, description: string, step?: number) =>
  step === undefined ? { description, 'x-group': group } : { description, 'x-group': group, 'x-step': step };

const float = (min: number, max: number, dflt: number, group: ParamGroup, step: number, text: string) =>
  z
    .number()
    .min(min)
    .max(max)
    .default(dflt)
    .meta(ui(group, text, step));
const bool = (group: ParamGroup, text: string) => z.boolean().default(false).meta(ui(group, text));
const choice = <T extends readonly [string, ...string[]]>(
  values: T,
  dflt: T[number],
  group: ParamGroup,
  text: string,
) =>
  z
    .enum(values)
    .default(dflt as never)
    .meta(ui(group, text));

export const paramsSchema = z
  .object({
    columns: z
      .int()
      .min(8)
      .max(400)
      .default(120)
      .meta(ui('output', 'Output width in characters', 1)),
    charset: choice(CHARSETS, 'detailed', 'glyphs', 'Character ramp'),
    format: choice(FORMATS, 'text', 'output', 'Output format'),
    color: bool('output', 'Per-cell 24-bit color (ignored by plain text)'),
    invert: bool('tone', 'Invert luminance mapping (for dark text on a light background)'),
    contrast: float(0.2, 4, 1.15, 'tone', 0.05, 'Tonal contrast multiplier around mid-grey'),
    brightness: float(-150, 150, 0, 'tone', 1, 'Luminance offset, in 8-bit tone steps'),
    saturation: float(0, 4, 1.4, 'output', 0.05, 'Color-mode saturation boost'),
    gamma: float(0.2, 3, 1, 'tone', 0.05, 'Perceptual midtone response (above 1 brightens midtones)'),
    edges: bool('detail', 'Sobel edge-detection line-art mode'),
    edgeStrength: float(0.1, 5, 1.8, 'detail', 0.1, 'Edge magnitude multiplier for line-art mode'),
    dither: bool('glyphs', 'Floyd-Steinberg error diffusion of cell tones'),
    sharpen: float(0, 1, 0.35, 'detail', 0.05, 'Unsharp-mask detail enhancement'),
    localContrast: float(0, 2, 0, 'tone', 0.05, "Local contrast: each cell pushed from its surroundings' average tone"),
    autoLevels: float(0, 1, 0.9, 'tone', 0.05, 'Automatic percentile histogram stretch'),
    structure: float(
      0,
      1,
      0.55,
      'detail',
      0.05,
      'Directional glyph substitution along contours: - / | \\ by the angle',
    ),
    denoise: float(0, 1, 0.35, 'detail', 0.05, 'Edge-preserving bilateral denoising before detail recovery'),
    motionSensitivity: float(0, 1, 0.7, 'motion', 0.05, 'Motion responsiveness in the final Bayesian posterior update'),
    autoOptimize: float(0, 1, 0.9, 'director', 0.05, 'Strength of source-aware Auto Director tuning'),
    qualityTarget: choice(QUALITY_TARGETS, 'balanced', 'director', 'Quality rubric the Auto Director tunes for'),
    glyphStrategy: choice(
      GLYPH_STRATEGIES,
      'adaptive',
      'glyphs',
      'adaptive: smallest codebook under maxGlyphRmse; fixed: the whole ramp',
    ),
    maxGlyphRmse: float(0.005, 0.1, 0.03, 'glyphs', 0.005, 'Maximum luminance quantization RMSE for adaptive glyphs'),
    monoColor: z
      .string()
      .regex(HEX_COLOR)
      .default('#e5e5e5')
      .meta(ui('output', 'Glyph color for mono ansi, html and svg output (#rrggbb or #rgb)')),
  })
  .strict();

/** Validated render parameters: complete, typed, frozen; `monoColor` normalized to `#rrggbb`. */
export type RenderParams = Readonly<z.output<typeof paramsSchema>>;
export type ParamName = keyof RenderParams;
export type RenderParamsInput = z.input<typeof paramsSchema>;

/** How values arrive: typed JSON values, or strings (query string, multipart fields, CLI flags). */
export type ParamSource = 'json' | 'strings';

/** One problem with one parameter, phrased as "name: expected X, received Y". */
export interface ParamIssue {
  readonly param: string;
  readonly expected: string;
  readonly received: string;
  readonly message: string;
}

/** How many issues an error lists; the rest are counted, so 200,000 unknown keys get a short answer. */
export const MAX_LISTED_ISSUES = 20;

/** Every problem of one request's parameters, reported together (an IssueList keeps the list short). */
export class ParamsError extends Error {
  readonly issues: readonly ParamIssue[];
  /** How many more problems were found than `issues` lists. */
  readonly unlisted: number;
  constructor(issues: readonly ParamIssue[], unlisted = 0) {
    super(issues.map((i) => i.message).join('; ') + (unlisted > 0 ? `; and ${unlisted} more` : ''));
    this.name = 'ParamsError';
    this.issues = issues;
    this.unlisted = unlisted;
  }
}

/** Issues as they are found: the first MAX_LISTED_ISSUES are made and kept, the rest only counted. */
export class IssueList {
  readonly #listed: ParamIssue[] = [];
  #unlisted = 0;

  add(make: () => ParamIssue): void {
    if (this.#listed.length < MAX_LISTED_ISSUES) this.#listed.push(make());
    else this.#unlisted++;
  }

  /** Takes over every issue of `err`, listed or counted. */
  addAll(err: ParamsError): void {
    for (const issue of err.issues) this.add(() => issue);
    this.#unlisted += err.unlisted;
  }

  /** Throws them all as one ParamsError, when there are any. */
  throwIfAny(): void {
    if (this.#listed.length > 0) throw new ParamsError(this.#listed, this.#unlisted);
  }
}

/** What kind of value a parameter takes, read from the schema itself. */
export type ParamKind =
  | { readonly type: 'integer' | 'number'; readonly min: number; readonly max: number }
  | { readonly type: 'boolean' }
  | { readonly type: 'enum'; readonly values: readonly string[] }
  | { readonly type: 'color' };

export interface ParamInfo {
  readonly name: ParamName;
  readonly kind: ParamKind;
  readonly default: RenderParams[ParamName];
  readonly description: string;
  readonly group: ParamGroup;
  readonly step?: number;
}

type Field = z.ZodDefault<z.ZodType>;
const shape = paramsSchema.shape as unknown as Record<ParamName, Field>;

function kindOf(field: Field): ParamKind {
  const inner = field.def.innerType;
  if (inner instanceof z.ZodNumber) {
    const min = inner.minValue ?? Number.NEGATIVE_INFINITY;
    const max = inner.maxValue ?? Number.POSITIVE_INFINITY;
    return { type: inner.isInt ? 'integer' : 'number', min, max };
  }
  if (inner instanceof z.ZodBoolean) return { type: 'boolean' };
  if (inner instanceof z.ZodEnum) return { type: 'enum', values: inner.options as string[] };
  return { type: 'color' };
}

/** The parameters in schema order with their kind, default, description and UI hints. */
export const PARAMS: readonly ParamInfo[] = Object.freeze(
  (Object.keys(shape) as ParamName[]).map((name) => {
    const meta = (shape[name].meta() ?? {}) as Record<string, unknown>;
    return Object.freeze({
      name,
      kind: kindOf(shape[name]),
      default: shape[name].def.defaultValue as RenderParams[ParamName],
      description: String(meta.description),
      group: meta['x-group'] as ParamGroup,
      ...(typeof meta['x-step'] === 'number' ? { step: meta['x-step'] } : {}),
    });
  }),
);
const PARAM_BY_NAME = new Map<string, ParamInfo>(PARAMS.map((p) => [p.name, p]));

export function paramInfo(name: ParamName): ParamInfo {
  return PARAM_BY_NAME.get(name) as ParamInfo;
}

/** Human text for what a parameter accepts: "an integer from 8 to 400", "one of a, b". */
export function describeExpected(kind: ParamKind): string {
  switch (kind.type) {
    case 'integer':
      return `an integer from ${kind.min} to ${kind.max}`;
    case 'number':
      return `a number from ${kind.min} to ${kind.max}`;
    case 'boolean':
      return 'true or false';
    case 'enum':
      return `one of ${kind.values.join(', ')}`;
    case 'color':
      return 'a hex color #rrggbb or #rgb';
  }
}

const DEFAULTS: RenderParams = Object.freeze(paramsSchema.parse({}));
/** The defaults of SPEC 2.2. */
export function defaultParams(): RenderParams {
  return DEFAULTS;
}

/** Plain decimal notation, with an optional exponent (what String(number) prints). */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A decimal number as text takes it (`80`, `.5`, `+2`, `5e-1`; not `0x1` or `Infinity`), else NaN. */
export const decimalOf = (text: string): number => (DECIMAL.test(text) ? Number(text) : Number.NaN);
const TRUE_STRINGS = new Set(['true', '1']);
const BOOLEAN_STRINGS = new Set(['true', 'false', '1', '0']);

/** A string value turned into the typed value its parameter takes, or undefined if it cannot be. */
function fromString(kind: ParamKind, text: string): unknown {
  switch (kind.type) {
    case 'integer':
    case 'number': {
      const value = decimalOf(text);
      return Number.isNaN(value) ? undefined : value;
    }
    case 'boolean':
      return BOOLEAN_STRINGS.has(text) ? TRUE_STRINGS.has(text) : undefined;
    default:
      return text;
  }
}

/** Names and values longer than this are cut in issues: an answer never echoes a whole upload. */
const MAX_SHOWN_CHARS = 80;

/** `text`, or its first MAX_SHOWN_CHARS characters and how long it was. */
export function shortened(text: string): string {
  return text.length <= MAX_SHOWN_CHARS ? text : `${text.slice(0, MAX_SHOWN_CHARS)}… (${text.length} characters)`;
}

const show = (value: unknown): string => {
  if (typeof value === 'string') return shortened(JSON.stringify(value));
  if (value === undefined) return 'nothing';
  // JSON has no Infinity or NaN: 1e400 parses to Infinity, which JSON.stringify writes as null
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  try {
    return shortened(JSON.stringify(value) ?? String(value));
  } catch {
    return shortened(String(value));
  }
};

/** One issue: the name (cut when long), what was expected, and the value received as shown to the caller. */
export function paramIssue(name: string, expected: string, received: unknown): ParamIssue {
  const got = show(received);
  const param = shortened(name);
  return { param, expected, received: got, message: issueMessage({ expected, received: got }, param) };
}

/**
 * An issue phrased with `name` in front: the parameter's own in `message`; a host names it as
 * its user typed or saw it (the CLI's flag, the studio's label).
 */
export const issueMessage = (issue: Pick<ParamIssue, 'expected' | 'received'>, name: string) =>
  `${name}: expected ${issue.expected}, received ${issue.received}`;

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
function expectedFor(info: ParamInfo, raw: unknown, source: ParamSource): string {
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
function expectedFromText(kind: ParamKind, raw: string): string {
  const key = raw.trim().toLowerCase();
  if (kind.type !== 'boolean' || !Object.hasOwn(OTHER_BOOLEANS, key)) return describeExpected(kind);
  return `${describeExpected(kind)} (did you mean ${OTHER_BOOLEANS[key]}?)`;
}

/** What an unknown name should have been: the likely parameter, or the list of them all. */
function knownParameter(name: string): string {
  if (HEIGHT_NAMES.has(plainName(name))) {
    return 'a known parameter (there is no height: the rows follow from columns and the image aspect)';
  }
  const nearest = nearestParam(name);
  return nearest ? `a known parameter (did you mean ${nearest}?)` : `a known parameter (one of ${KNOWN})`;
}

/**
 * Validates render parameters and fills in the defaults of SPEC 2.2.
 *
 * `source: 'json'` takes typed values (numbers, booleans, strings for enums and monoColor);
 * `source: 'strings'` takes text as it comes from a query string, form fields or CLI flags:
 * `true/false/1/0` for booleans, plain decimal numbers, `#rrggbb`/`#rgb` colors. A string
 * value given as an array of several (a repeated query key) is refused.
 *
 * @throws ParamsError naming every unknown key, wrong type and out-of-range value at once
 *   (the first MAX_LISTED_ISSUES of them; the rest are counted).
 */
export function resolveParams(input: unknown, source: ParamSource): RenderParams {
  if (input === undefined || input === null) return DEFAULTS;
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new ParamsError([paramIssue('(parameters)', 'an object of named parameters', input)]);
  }
  const issues = new IssueList();
  const typed: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(input as Record<string, unknown>)) {
    const info = PARAM_BY_NAME.get(key);
    if (!info) {
      issues.add(() => paramIssue(key, knownParameter(key), raw));
      continue;
    }
    if (raw === undefined) continue;
    let value: unknown = raw;
    if (source === 'strings') {
      if (Array.isArray(raw)) {
        issues.add(() => paramIssue(key, `${describeExpected(info.kind)}, given once`, raw));
        continue;
      }
      if (typeof raw !== 'string') {
        issues.add(() => paramIssue(key, `${describeExpected(info.kind)} as text`, raw));
        continue;
      }
      value = fromString(info.kind, raw.trim());
      if (value === undefined) {
        issues.add(() => paramIssue(key, expectedFromText(info.kind, raw), raw));
        continue;
      }
    }
    const checked = shape[info.name].safeParse(value);
    if (!checked.success) {
      issues.add(() => paramIssue(key, expectedFor(info, value, source), raw));
      continue;
    }
    // -0 reads back as 0 from every text form, so it is stored as 0.
    typed[key] = checked.data === 0 ? 0 : checked.data;
  }
  issues.throwIfAny();
  const params = paramsSchema.parse(typed);
  return Object.freeze({ ...params, monoColor: normalizeHexColor(params.monoColor) });
}

/** `#abc` or `#AABBCC` to `#aabbcc`. */
export function normalizeHexColor(hex: string): string {
  const h = hex.toLowerCase();
  return h.length === 4 ? `#${h[1]}${h[1]}${h[2]}${h[2]}${h[3]}${h[3]}` : h;
}

/** Stringifies params for a query string or form fields, so that `resolveParams(x, 'strings')` reads them back. */
export function paramsToStrings(params: Partial<RenderParams>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined) out[k] = String(v);
  return out;
}

/**
 * The JSON Schema (draft 2020-12) of the parameters, for OpenAPI and the MCP tool's
 * inputSchema. The `$schema` key is left out: callers that need it add it themselves.
 */
export function paramsJsonSchema(): Record<string, unknown> {
  const { $schema: _, ...schema } = z.toJSONSchema(paramsSchema, { target: 'draft-2020-12', io: 'input' }) as Record<
    string,
    unknown
  >;
  return schema;
}

/**
 * The 24 render parameters: the 22 of SPEC 2.2 and two extensions (localContrast, background), written once.
 *
 * Everything else derives from `paramsSchema`: host validation (`resolveParams`, in
 * resolve-params.ts), the JSON
 * Schema for OpenAPI and MCP (`paramsJsonSchema`), the studio's controls, the CLI flags and
 * the README table. Values are validated here and nowhere else; nothing is clamped.
 */

import * as z from './zod.js';

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
    background: bool('output', 'Two-colour cells: a background color per cell too (with color)'),
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
export const shape = paramsSchema.shape as unknown as Record<ParamName, Field>;

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
export const PARAM_BY_NAME: ReadonlyMap<string, ParamInfo> = new Map<string, ParamInfo>(PARAMS.map((p) => [p.name, p]));

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

export const DEFAULTS: RenderParams = Object.freeze(paramsSchema.parse({}));
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
export function fromString(kind: ParamKind, text: string): unknown {
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

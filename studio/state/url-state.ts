/**
 * The studio's whole look lives in the address bar, so a link shares it.
 *
 * Every render parameter that differs from its default is written to the query string as
 * `resolveParams(..., 'strings')` reads it back. Reading a link resolves each key on its own,
 * so one bad value is reported (with the engine's message) and only that parameter falls back
 * to its default; nothing is clamped or dropped silently.
 */
import {
  defaultParams,
  PARAMS,
  type ParamIssue,
  type ParamName,
  ParamsError,
  type RenderParams,
  resolveParams,
} from '../../engine/index.js';
import { imageAddress } from '../sources/image-address.js';
import { SAMPLES, sampleKey } from '../sources/samples.js';
import { isTraceId } from './trace-id.js';

/** Query keys the studio reads that are not render parameters (`image`: the address of an image URL source). */
export const STUDIO_KEYS = ['traceId', 'draw', 'temporal', 'executor', 'image', 'diagnostics', 'sample'] as const;

/**
 * How the grid is drawn: `auto` (WebGPU on a hardware adapter, else Canvas 2D: see
 * engine-choice.ts), or forced. Canvas 2D is the better choice where WebGPU canvases present
 * slowly (software adapters in headless browsers), while WebGPU can still compute.
 */
export const DRAW_MODES = ['auto', 'webgpu', 'canvas2d'] as const;
export type DrawMode = (typeof DRAW_MODES)[number];
export const STUDIO_KEY_SET: ReadonlySet<string> = new Set<string>(STUDIO_KEYS);

/**
 * Which executor renders: `auto` (the WebGPU executor on a hardware adapter, the CPU Worker on a
 * software fallback adapter: see engine-choice.ts), or forced (`webgpu`: whenever a device is
 * ready; `cpu`: always the CPU Worker).
 */
export const EXECUTOR_MODES = ['auto', 'webgpu', 'cpu'] as const;
export type ExecutorMode = (typeof EXECUTOR_MODES)[number];

/**
 * The temporal filter on streams: `on` (default) or `off`, to compare a stream with and without
 * it (the studio's tests and benches do). Stills never run it.
 */
export const TEMPORAL_MODES = ['on', 'off'] as const;

/**
 * The diagnostics view: `off` (default) or `on`, which shows what engineers want and others do
 * not: the engine badge, the HUD's figures, the Auto Director's measures, the handoff panel and
 * the image-address field even where the server fetches no images.
 */
export const DIAGNOSTICS_MODES = ['off', 'on'] as const;

/** The samples a link may open (`sample=astronaut`): studio/sources/samples.ts, by their file's stem. */
export const SAMPLE_NAMES: readonly string[] = SAMPLES.map(sampleKey);

const STUDIO_CHOICES: Readonly<
  Record<Exclude<(typeof STUDIO_KEYS)[number], 'traceId' | 'image' | 'sample'>, readonly string[]>
> = {
  draw: DRAW_MODES,
  executor: EXECUTOR_MODES,
  temporal: TEMPORAL_MODES,
  diagnostics: DIAGNOSTICS_MODES,
};

/** Whether a studio key's value is one the studio can use (a bad one is reported once, then dropped). */
function usableStudioValue(key: (typeof STUDIO_KEYS)[number], value: string): boolean {
  if (key === 'image') return imageAddress(value) !== null;
  if (key === 'sample') return SAMPLE_NAMES.includes(value);
  return key === 'traceId' ? isTraceId(value) : STUDIO_CHOICES[key].includes(value);
}

export interface UrlState {
  /** The parameters of the link; every bad value replaced by its default. */
  readonly params: RenderParams;
  /** One issue per bad key, phrased by the engine ("columns: expected ..., received ..."). */
  readonly issues: readonly ParamIssue[];
  /** The handoff trace id the link carries, or null (the studio then makes a fresh one). */
  readonly traceId: string | null;
  readonly draw: DrawMode;
  readonly executor: ExecutorMode;
  /** False when the link switches the temporal filter off (`temporal=off`). */
  readonly temporal: boolean;
  /** The image address the link opens (rendered through the server, as one typed in), or null. */
  readonly image: string | null;
  /** True when the link opens the diagnostics view (`diagnostics=on`). */
  readonly diagnostics: boolean;
  /** The sample the link opens (`sample=astronaut`), or null. */
  readonly sample: string | null;
}

function studioIssue(param: string, expected: string, raw: string): ParamIssue {
  const received = JSON.stringify(raw);
  return { param, expected, received, message: `${param}: expected ${expected}, received ${received}` };
}

/** Reads a query string (`?columns=80&color=true`) into validated params and issues. */
export function readUrlState(search: string): UrlState {
  const query = new URLSearchParams(search);
  const accepted: Record<string, string> = {};
  const issues: ParamIssue[] = [];
  for (const key of new Set(query.keys())) {
    if (STUDIO_KEY_SET.has(key)) continue;
    const values = query.getAll(key);
    const raw = values.length === 1 ? values[0] : values;
    try {
      resolveParams({ [key]: raw }, 'strings');
      accepted[key] = raw as string;
    } catch (err) {
      if (!(err instanceof ParamsError)) throw err;
      issues.push(...err.issues);
    }
  }
  const trace = query.get('traceId');
  if (trace !== null && !isTraceId(trace))
    issues.push(studioIssue('traceId', '32 lowercase hex digits, not all zero', trace));
  const image = query.get('image');
  if (image !== null && imageAddress(image) === null)
    issues.push(studioIssue('image', 'an http(s) image address', image));
  /** The link's choice for `key` among `modes`; the first mode (the default) when absent or unknown, which is reported. */
  const choice = <T extends string>(key: string, modes: readonly T[]): T => {
    const value = query.get(key);
    if (value === null) return modes[0];
    if ((modes as readonly string[]).includes(value)) return value as T;
    issues.push(studioIssue(key, `one of ${modes.join(', ')}`, value));
    return modes[0];
  };
  return {
    params: resolveParams(accepted, 'strings'),
    issues,
    traceId: trace !== null && isTraceId(trace) ? trace : null,
    draw: choice('draw', DRAW_MODES),
    executor: choice('executor', EXECUTOR_MODES),
    temporal: choice('temporal', TEMPORAL_MODES) === 'on',
    image: image === null ? null : imageAddress(image),
    diagnostics: choice('diagnostics', DIAGNOSTICS_MODES) === 'on',
    sample: sampleChoice(query.get('sample'), issues),
  };
}

/** The link's sample, or null (an unknown name is reported). */
function sampleChoice(value: string | null, issues: ParamIssue[]): string | null {
  if (value === null) return null;
  if (SAMPLE_NAMES.includes(value)) return value;
  issues.push(studioIssue('sample', `one of ${SAMPLE_NAMES.join(', ')}`, value));
  return null;
}

/**
 * One link issue in the studio's words: the engine's message, except that a name that is no
 * setting at all (and close to none) says just that, not the list of all 22.
 */
export function linkIssueText(issue: ParamIssue): string {
  return issue.expected.startsWith('a known parameter (one of ') ? `${issue.param}: not a setting` : issue.message;
}

/** The names of the params whose values differ between two looks, in schema order. */
export function differingParams(a: RenderParams, b: RenderParams): ParamName[] {
  return PARAMS.filter(({ name }) => a[name] !== b[name]).map(({ name }) => name);
}

/** The params that differ from their defaults, as query-string text. */
export function changedParams(params: RenderParams): Record<string, string> {
  return Object.fromEntries(differingParams(params, defaultParams()).map((name) => [name, String(params[name])]));
}

/**
 * The query string for `params` (non-defaults only, in schema order), keeping the studio's
 * own keys (traceId, draw, executor, temporal, diagnostics) from `current` when their values
 * are usable, `image`, the address of the image URL source on show, and `sample`, the sample on
 * show (neither for any other source).
 * Returns '' when everything is at its default.
 */
export function writeUrlQuery(
  params: RenderParams,
  current: string,
  image: string | null = null,
  sample: string | null = null,
): string {
  const from = new URLSearchParams(current);
  const query = new URLSearchParams(changedParams(params));
  for (const key of STUDIO_KEYS) {
    const value = key === 'image' ? image : key === 'sample' ? sample : from.get(key);
    if (value !== null && usableStudioValue(key, value)) query.set(key, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** Narrowest glyph, in CSS pixels, that still reads as a character on a phone. */
const READABLE_GLYPH_PX = 6;

/**
 * `params` with a width that suits a window `windowWidth` pixels wide: on a narrow one (a phone),
 * the columns whose glyphs are at least READABLE_GLYPH_PX wide, if fewer than the params have.
 */
export function withReadableWidth(params: RenderParams, windowWidth: number): RenderParams {
  if (windowWidth > 760) return params;
  const columns = Math.max(8, Math.floor((windowWidth - 24) / READABLE_GLYPH_PX));
  return columns < params.columns ? Object.freeze({ ...params, columns }) : params;
}

/**
 * The settings matrix of the golden and parity tests (issue 3 item 6, issue 4): the defaults,
 * each boolean on, each charset, each format, and both ends of every numeric range. Each entry
 * is a partial parameter set applied to the defaults at GOLDEN_COLUMNS (unless it sets columns),
 * in the context where it shows (SHOWN_WITH): a golden equal to the defaults' would test nothing.
 */
import { PARAMS, type ParamName, type RenderParamsInput } from '../../engine/index.js';

export const GOLDEN_COLUMNS = 64;

export interface Setting {
  /** File-name-safe id, e.g. `defaults`, `dither-on`, `charset-dots`, `contrast-max`. */
  readonly id: string;
  readonly params: RenderParamsInput;
}

/**
 * What a parameter needs beside it to change a still's picture: plain text has no color, the
 * edge strength acts in line-art mode, and the Auto Director chooses the tone stretch, the
 * local contrast, the glyph strategy and the strokes itself, so it is off where they are tested.
 */
const SHOWN_WITH: Partial<Record<ParamName, RenderParamsInput>> = {
  color: { format: 'ansi' },
  background: { color: true, format: 'ansi' },
  saturation: { color: true, format: 'ansi' },
  edgeStrength: { edges: true },
  autoLevels: { autoOptimize: 0 },
  localContrast: { autoOptimize: 0 },
  structure: { autoOptimize: 0 },
  glyphStrategy: { autoOptimize: 0 },
  maxGlyphRmse: { autoOptimize: 0 },
};

/** Parameters a still image cannot show: motion sensitivity acts between video frames (temporal tests). */
const STREAM_ONLY = new Set<ParamName>(['motionSensitivity']);

function build(): Setting[] {
  const out: Setting[] = [{ id: 'defaults', params: {} }];
  const add = (id: string, name: ParamName, value: unknown) =>
    out.push({ id, params: { ...SHOWN_WITH[name], [name]: value } });
  for (const p of PARAMS) {
    const k = p.kind;
    if (STREAM_ONLY.has(p.name)) continue;
    if (k.type === 'boolean') {
      add(`${p.name}-on`, p.name, true);
    } else if (k.type === 'enum') {
      for (const v of k.values) if (v !== p.default) add(`${p.name}-${v}`, p.name, v);
    } else if (k.type === 'integer' || k.type === 'number') {
      add(`${p.name}-min`, p.name, k.min);
      add(`${p.name}-max`, p.name, k.max);
    }
  }
  out.push({ id: 'monoColor-custom', params: { monoColor: '#33ff66', format: 'ansi' } });
  out.push({ id: 'color-html', params: { color: true, format: 'html' } });
  out.push({ id: 'color-svg', params: { color: true, format: 'svg' } });
  out.push({ id: 'color-json-compact', params: { color: true, format: 'json-compact' } });
  // two-colour cells: the picture mode of blocks, and every format that carries backgrounds
  const twoColor = { color: true, background: true } as const;
  out.push({ id: 'background-blocks', params: { ...twoColor, charset: 'blocks', format: 'ansi' } });
  for (const format of ['html', 'svg', 'json', 'json-compact'] as const)
    out.push({ id: `background-${format}`, params: { ...twoColor, format } });
  return out;
}

export const SETTINGS: readonly Setting[] = build();

/**
 * The settings matrix of the golden and parity tests (issue 3 item 6, issue 4): the defaults,
 * each boolean on, each charset, each format, and both ends of every numeric range. Each entry
 * is a partial parameter set applied to the defaults at GOLDEN_COLUMNS (unless it sets columns).
 */
import { PARAMS, type RenderParamsInput } from '../../engine/index.js';

export const GOLDEN_COLUMNS = 64;

export interface Setting {
  /** File-name-safe id, e.g. `defaults`, `dither-on`, `charset-dots`, `contrast-max`. */
  readonly id: string;
  readonly params: RenderParamsInput;
}

function build(): Setting[] {
  const out: Setting[] = [{ id: 'defaults', params: {} }];
  for (const p of PARAMS) {
    const k = p.kind;
    if (k.type === 'boolean') {
      out.push({ id: `${p.name}-on`, params: { [p.name]: true } });
    } else if (k.type === 'enum') {
      for (const v of k.values) {
        if (v !== p.default) out.push({ id: `${p.name}-${v}`, params: { [p.name]: v } });
      }
    } else if (k.type === 'integer' || k.type === 'number') {
      out.push({ id: `${p.name}-min`, params: { [p.name]: k.min } });
      out.push({ id: `${p.name}-max`, params: { [p.name]: k.max } });
    }
  }
  out.push({ id: 'monoColor-custom', params: { monoColor: '#33ff66', format: 'ansi' } });
  out.push({ id: 'color-html', params: { color: true, format: 'html' } });
  out.push({ id: 'color-svg', params: { color: true, format: 'svg' } });
  out.push({ id: 'color-json-compact', params: { color: true, format: 'json-compact' } });
  return out;
}

export const SETTINGS: readonly Setting[] = build();

/** Human labels for parameters and groups, derived from the schema names. */
import type { ParamGroup, ParamInfo, ParamName } from '../../engine/params.js';

const LABEL_OVERRIDES: Partial<Record<ParamName, string>> = {
  charset: 'Character set',
  maxGlyphRmse: 'Max glyph RMSE',
};

export const GROUP_LABELS: Readonly<Record<ParamGroup, string>> = {
  output: 'Output',
  tone: 'Tone',
  detail: 'Detail',
  glyphs: 'Glyphs',
  motion: 'Motion',
  director: 'Auto Director',
};

/** `edgeStrength` -> "Edge strength". */
export function paramLabel(name: ParamName): string {
  const override = LABEL_OVERRIDES[name];
  if (override) return override;
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words[0].toUpperCase() + words.slice(1);
}

/** Decimal places a parameter's step implies (0.05 -> 2). */
export function stepDecimals(info: ParamInfo): number {
  const step = info.step ?? 1;
  const text = String(step);
  return text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
}

/** Decimal places written in a number's shortest text (7.25 -> 2; exponent forms count 0). */
function writtenDecimals(value: number): number {
  const text = String(value);
  return /^-?\d+\.\d+$/.test(text) ? text.length - text.indexOf('.') - 1 : 0;
}

/**
 * A value as the controls show it: numbers to their step's precision, or to their own when a
 * typed value has more (7.25 on a step of 1 shows as 7.25: the render uses it, so the field says it).
 */
export function formatValue(info: ParamInfo, value: unknown): string {
  if (typeof value === 'number')
    return value.toFixed(Math.max(stepDecimals(info), Math.min(6, writtenDecimals(value))));
  return String(value);
}

/** "8 to 400", "one of text, ansi, ...": the range line under each control. */
export function rangeText(info: ParamInfo): string {
  const k = info.kind;
  switch (k.type) {
    case 'integer':
    case 'number':
      return `${k.min} to ${k.max}`;
    case 'boolean':
      return 'on or off';
    case 'enum':
      return `${k.values.length} choices`;
    case 'color':
      return 'hex color';
  }
}

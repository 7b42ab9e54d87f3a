/** Human labels for parameters and groups (derived from the schema names) and for the rubric metrics. */
import type { ParamGroup, ParamInfo, ParamName } from '../../engine/index.js';

const LABEL_OVERRIDES: Partial<Record<ParamName, string>> = {
  charset: 'Character set',
  maxGlyphRmse: 'Max glyph RMSE',
};

/** What a parameter does in the studio, where that differs from the API (shown under its control). */
export const STUDIO_NOTES: Partial<Record<ParamName, string>> = {
  format:
    "In the studio every format has its own download in Export, so this one only travels with the look: in the link and in a clip's header.",
  invert: 'Pair it with a dark Mono color: dark ink is drawn on a white page, here and in the HTML and SVG exports.',
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

/** Decimal places written in a number's shortest text (7.25 -> 2; exponent forms count 0). */
function writtenDecimals(value: number): number {
  const text = String(value);
  return /^-?\d+\.\d+$/.test(text) ? text.length - text.indexOf('.') - 1 : 0;
}

/** Decimal places a parameter's step implies (0.05 -> 2). */
export function stepDecimals(info: ParamInfo): number {
  return writtenDecimals(info.step ?? 1);
}

/**
 * A value as the controls show it: numbers to their step's precision, or to their own when a
 * typed value has more (7.25 on a step of 1 shows as 7.25, 1.23456789 every decimal of it: the
 * render and the link use the value, so the field says it). A value only an exponent writes
 * shortest (1e-7) is shown that way rather than rounded to 0. A switch is on or off.
 */
export function formatValue(info: ParamInfo, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value !== 'number') return String(value);
  if (/e/i.test(String(value))) return String(value);
  return value.toFixed(Math.max(stepDecimals(info), writtenDecimals(value)));
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

/** The rubric metrics in words: a label for the table, and what the figure measures (its tooltip). */
export const METRIC_LABELS: Readonly<Record<string, { label: string; meaning: string }>> = {
  tonalSpread: {
    label: 'Contrast',
    meaning: "the art's spread of light and dark against the photo's, seen from a step back (1: as much)",
  },
  toneCorrelation: {
    label: 'Layout',
    meaning: "how closely the art's light and dark places follow the photo's (1: exactly)",
  },
  midtoneDetail: { label: 'Midtone detail', meaning: "detail kept in the midtones, against the source's" },
  highlightClip: { label: 'Clipped highlights', meaning: 'share of bright cells pushed to full white' },
  staticChangeRate: { label: 'Flicker', meaning: 'glyph changes per cell per frame on a still, noisy stream' },
  stepFrames: { label: 'Frames to follow', meaning: 'frames the temporal filter takes to follow a change' },
  shadowDetail: { label: 'Shadow detail', meaning: "detail kept in the shadows, against the source's" },
  shadowNoise: { label: 'Shadow noise', meaning: "grain in flat shadows, against the source's" },
  toneRmse: { label: 'Tone error', meaning: 'RMS difference of cell tones from the source, 0 to 1' },
  psnr: { label: 'PSNR', meaning: 'peak signal-to-noise ratio of the cell tones, in dB' },
};

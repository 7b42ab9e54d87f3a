/** Human labels for parameters and groups (derived from the schema names) and for the rubric metrics. */
import type { ParamGroup, ParamInfo, ParamName } from '../../engine/index.js';

/**
 * The studio's words for every parameter: a label and one plain sentence of help. The schema's
 * own names and descriptions (the API's, with their jargon) go in each control's tooltip.
 */
const WORDS: Readonly<Record<ParamName, { label: string; help: string }>> = {
  columns: { label: 'Width', help: 'How many characters wide the picture is.' },
  charset: { label: 'Style', help: 'Which characters draw the picture.' },
  format: { label: 'File type', help: 'The file type the link names; each has its own download in Export.' },
  color: { label: 'Colour', help: 'Draw each character in the colour of its part of the picture.' },
  background: {
    label: 'Photo look',
    help: 'With Colour on, each character cell gets a colour behind it too: a photo. Style Blocks gives the finest picture.',
  },
  invert: { label: 'Light page', help: 'Dark characters on a white page, as print.' },
  contrast: { label: 'Contrast', help: 'More or less difference between light and dark.' },
  brightness: { label: 'Brightness', help: 'Lighter or darker overall.' },
  saturation: { label: 'Colour strength', help: 'How vivid the colours are, with Colour on.' },
  gamma: { label: 'Midtones', help: 'Lighter or darker middle tones, leaving black and white.' },
  edges: { label: 'Outlines only', help: 'Draw the outlines of shapes instead of their shading.' },
  edgeStrength: { label: 'Outline strength', help: 'How bold the outlines are, with Outlines only on.' },
  dither: { label: 'Dither', help: 'Mix characters to show tones between them (a grainier look).' },
  sharpen: { label: 'Sharpen', help: 'Crisper detail and edges.' },
  localContrast: { label: 'Clarity', help: 'Make each part stand out from its surroundings.' },
  autoLevels: { label: 'Auto levels', help: 'Stretch the darkest and lightest parts to black and white.' },
  structure: { label: 'Strokes on contours', help: 'Draw long edges with - / | \\ strokes.' },
  denoise: { label: 'Smooth noise', help: 'Calm grain and noise before drawing.' },
  motionSensitivity: { label: 'Motion response', help: 'For video: how quickly the picture follows movement.' },
  autoOptimize: { label: 'Auto Director', help: 'How much the Auto Director may adjust the look to the picture.' },
  qualityTarget: { label: 'Aim', help: 'What the Auto Director aims for.' },
  glyphStrategy: { label: 'Character choice', help: 'All characters of the style, or the fewest that keep the tones.' },
  maxGlyphRmse: { label: 'Tone accuracy', help: 'How closely a reduced set of characters must keep the tones.' },
  monoColor: { label: 'Ink colour', help: 'The colour of the characters when Colour is off.' },
};

/** The controls shown first; the others wait under Advanced. */
export const MAIN_PARAMS: readonly ParamName[] = [
  'columns',
  'charset',
  'color',
  'background',
  'invert',
  'contrast',
  'brightness',
  'edges',
];

/** Parameters the rail does not show: the format is chosen per download, in Export. */
export const RAIL_HIDDEN: ReadonlySet<ParamName> = new Set(['format']);

/** Plain names for the choices of enum parameters (the schema's value in the tooltip). */
export const CHOICE_LABELS: Readonly<Record<string, string>> = {
  detailed: 'Letters',
  standard: 'Classic ASCII',
  blocks: 'Blocks',
  binary: 'Binary',
  dots: 'Braille dots',
  minimal: 'Minimal',
  balanced: 'Balanced',
  portrait: 'Portrait',
  motion: 'Motion',
  'low-light': 'Low light',
  'round-trip': 'Faithful tones',
  adaptive: 'Fewest that keep the tones',
  fixed: 'All of the style',
};

/** One plain sentence of what a parameter does, as the studio says it. */
export const paramHelp = (name: ParamName): string => WORDS[name].help;

export const GROUP_LABELS: Readonly<Record<ParamGroup, string>> = {
  output: 'Output',
  tone: 'Tone',
  detail: 'Detail',
  glyphs: 'Glyphs',
  motion: 'Motion',
  director: 'Auto Director',
};

/** The studio's label of a parameter: `columns` -> "Width". */
export function paramLabel(name: ParamName): string {
  return WORDS[name].label;
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

/** A value as the controls name it: a choice by its plain label ("Letters"), else formatValue. */
export function readableValue(info: ParamInfo, value: unknown): string {
  return typeof value === 'string' && CHOICE_LABELS[value] ? CHOICE_LABELS[value] : formatValue(info, value);
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

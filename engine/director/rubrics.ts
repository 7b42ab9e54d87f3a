/**
 * The five quality rubrics (`qualityTarget`): which metrics each measures, their targets, how
 * a candidate is scored, and which candidates the search tries. docs/auto-director.md explains
 * them in plain words.
 */
import type { QUALITY_TARGETS, RenderParamsInput } from '../params.js';
import type { SourceAnalysis } from './analyze.js';

export type RubricName = (typeof QUALITY_TARGETS)[number];

export interface MetricSpec {
  readonly name: string;
  readonly target: number;
  readonly higherIsBetter: boolean;
}

export interface Rubric {
  readonly name: RubricName;
  readonly metrics: readonly MetricSpec[];
  /** Scalar for the search: larger is better. */
  score(m: Readonly<Record<string, number>>): number;
  /** Phase A: whole-look candidates, tried besides the caller's params (at most 5). */
  looks(a: SourceAnalysis): RenderParamsInput[];
  /** Phase B: one refinement step per listed param from the phase-A winner (at most 3). */
  refine: readonly {
    readonly param: 'sharpen' | 'denoise' | 'structure' | 'gamma' | 'autoLevels' | 'motionSensitivity';
    readonly step: number;
  }[];
}

const NEUTRAL_TONE: RenderParamsInput = { contrast: 1, brightness: 0, gamma: 1, autoLevels: 0 };
/** Min(1, value / target) for higher-is-better metrics; min(1, target / value) otherwise. */
const reach = (v: number, t: number, higher = true) => (higher ? Math.min(1, v / t) : v <= t ? 1 : t / v);

export const RUBRICS: Readonly<Record<RubricName, Rubric>> = {
  balanced: {
    name: 'balanced',
    metrics: [
      { name: 'blurredSsim', target: 0.9, higherIsBetter: true },
      { name: 'tonalCoverage', target: 0.5, higherIsBetter: true },
    ],
    // fidelity first; a missing tonal spread costs a little
    score: (m) => m.blurredSsim + 0.1 * Math.min(0, m.tonalCoverage - 0.5),
    looks: () => [
      NEUTRAL_TONE,
      { ...NEUTRAL_TONE, maxGlyphRmse: 0.01 },
      { ...NEUTRAL_TONE, glyphStrategy: 'fixed' },
      // error diffusion: sparse glyphs of the right mean where flat areas sit between two glyph tones
      { ...NEUTRAL_TONE, glyphStrategy: 'fixed', dither: true },
      { ...NEUTRAL_TONE, glyphStrategy: 'fixed', autoLevels: 0.3 },
    ],
    refine: [
      { param: 'sharpen', step: 0.25 },
      { param: 'denoise', step: -0.2 },
      { param: 'structure', step: -0.25 },
    ],
  },
  portrait: {
    name: 'portrait',
    metrics: [
      { name: 'midtoneDetail', target: 0.85, higherIsBetter: true },
      { name: 'gradientError', target: 0.03, higherIsBetter: false },
      { name: 'edgeFidelity', target: 0.6, higherIsBetter: true },
      { name: 'highlightClip', target: 0.02, higherIsBetter: false },
    ],
    score: (m) =>
      0.35 * reach(m.midtoneDetail, 0.85) +
      0.25 * reach(m.gradientError, 0.03, false) +
      0.25 * reach(m.edgeFidelity, 0.6) +
      0.15 * reach(m.highlightClip, 0.02, false) +
      0.2 * m.blurredSsim,
    looks: () => [
      NEUTRAL_TONE,
      { ...NEUTRAL_TONE, glyphStrategy: 'fixed' },
      { ...NEUTRAL_TONE, glyphStrategy: 'fixed', contrast: 1.08, autoLevels: 0.4 },
      { ...NEUTRAL_TONE, glyphStrategy: 'fixed', denoise: 0.55, sharpen: 0.2 },
    ],
    refine: [
      { param: 'sharpen', step: 0.2 },
      { param: 'gamma', step: 0.1 },
      { param: 'structure', step: -0.2 },
    ],
  },
  motion: {
    name: 'motion',
    metrics: [
      { name: 'staticChangeRate', target: 0.01, higherIsBetter: false },
      { name: 'stepFrames', target: 3, higherIsBetter: false },
      { name: 'blurredSsim', target: 0.8, higherIsBetter: true },
    ],
    score: (m) =>
      0.45 * reach(m.staticChangeRate, 0.01, false) + 0.25 * reach(m.stepFrames, 3, false) + 0.3 * m.blurredSsim,
    looks: () => [
      { ...NEUTRAL_TONE, denoise: 0.6 },
      { ...NEUTRAL_TONE, denoise: 0.6, structure: 0.3 },
      { ...NEUTRAL_TONE, denoise: 0.8, maxGlyphRmse: 0.05 },
    ],
    refine: [{ param: 'motionSensitivity', step: -0.15 }],
  },
  'low-light': {
    name: 'low-light',
    metrics: [
      { name: 'shadowDetail', target: 0.8, higherIsBetter: true },
      { name: 'shadowNoise', target: 1.5, higherIsBetter: false },
      { name: 'blurredSsim', target: 0.75, higherIsBetter: true },
    ],
    // more visible shadow detail is better up to 1.5x the target; grain holds it back
    score: (m) =>
      0.45 * Math.min(1.5, m.shadowDetail / 0.8) + 0.3 * reach(m.shadowNoise, 1.5, false) + 0.25 * m.blurredSsim,
    looks: (a) => {
      // lift the shadows by a gamma that brings the median towards mid-grey, within 1..2
      const lift = Math.min(2, Math.max(1.1, Math.log(a.percentiles.p50 / 4095 + 1e-3) / Math.log(0.35)));
      return [
        { ...NEUTRAL_TONE, denoise: 0.6 },
        { ...NEUTRAL_TONE, gamma: Math.round(lift * 100) / 100, denoise: 0.6 },
        { ...NEUTRAL_TONE, gamma: Math.round(lift * 100) / 100, autoLevels: 0.6, denoise: 0.75, sharpen: 0.15 },
        { ...NEUTRAL_TONE, gamma: Math.round(lift * 100) / 100, denoise: 0.6, glyphStrategy: 'fixed', dither: true },
      ];
    },
    refine: [
      { param: 'denoise', step: 0.15 },
      { param: 'gamma', step: 0.15 },
      { param: 'sharpen', step: -0.15 },
    ],
  },
  'round-trip': {
    name: 'round-trip',
    metrics: [
      { name: 'toneRmse', target: 0.05, higherIsBetter: false },
      { name: 'psnr', target: 26, higherIsBetter: true },
    ],
    score: (m) => -m.toneRmse + 0.01 * m.blurredSsim,
    looks: () => [
      { ...NEUTRAL_TONE, sharpen: 0, structure: 0 },
      { ...NEUTRAL_TONE, sharpen: 0, structure: 0, glyphStrategy: 'fixed' },
      { ...NEUTRAL_TONE, sharpen: 0, structure: 0, glyphStrategy: 'fixed', denoise: 0 },
    ],
    refine: [{ param: 'denoise', step: 0.2 }],
  },
};

/**
 * The parameters the director may change (numbers blend linearly; glyphStrategy and dither
 * switch at autoOptimize >= 0.5). It never touches columns, format, charset, color or invert.
 */
export const TUNABLE = [
  'autoLevels',
  'contrast',
  'brightness',
  'gamma',
  'sharpen',
  'denoise',
  'structure',
  'maxGlyphRmse',
  'glyphStrategy',
  'dither',
  'motionSensitivity',
] as const;

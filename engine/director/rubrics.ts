/**
 * The five quality rubrics (`qualityTarget`): what each measures on the final render, with its
 * targets, and the look it proposes for a source from the analysis alone (one render, no
 * search). docs/auto-director.md explains them in plain words, and bench/RESULTS.md holds the
 * blind-panel votes the looks were chosen by.
 */
import type { QUALITY_TARGETS, RenderParamsInput } from '../params.js';
import type { SourceAnalysis } from './analyze.js';

export type RubricName = (typeof QUALITY_TARGETS)[number];

export interface MetricSpec {
  readonly name: string;
  readonly target: number;
  readonly higherIsBetter: boolean;
}

/** A proposed look: the parameters it sets and, for the evidence, why (one plain sentence each). */
export interface Look {
  readonly params: RenderParamsInput;
  readonly reasons: readonly string[];
}

export interface Rubric {
  readonly name: RubricName;
  readonly metrics: readonly MetricSpec[];
  /** The look for this source. */
  look(a: SourceAnalysis): Look;
}

/**
 * Local contrast for a photo (each cell pushed away from its surroundings' average): viewers
 * chose it over none in 3 of 4 blind comparisons, the subject readable at a glance.
 */
const LOCAL_CONTRAST = 0.9;
/** Held at half on a pale, flat surface or a high-key picture, where a full push invents dark areas. */
const LOCAL_CONTRAST_HELD = 0.45;
/**
 * Share of the picture in the top tenth of its tones above which it counts as a bright backdrop
 * (objects on white): there local contrast darkens every object against the white into a flat
 * hole, so it is off and the objects keep their own shading.
 */
const BACKDROP_SHARE = 0.4;
/** The most auto-levels may stretch a source's tonal range: a pale surface stays pale. */
const MAX_STRETCH = 2.5;
/** A median tone above this share of the range is a high-key picture (a page, a bright room). */
const HIGH_KEY = 0.65;
/** Levels and gamma for a high-key picture: half the stretch and lifted midtones, so it stays light. */
const HIGH_KEY_LEVELS = 0.5;
const HIGH_KEY_GAMMA = 1.3;
/**
 * A white page (a document, a screenshot): its median tone over 85 % (white paper, not a grey
 * or shaded one), nearly grey (colourfulness under 15, where a photo of anything coloured is
 * over 30) and drawn in strokes (over a tenth of its samples on an edge). On a dark screen its
 * paper would be a wall of the densest glyph with the text as faint gaps; inverted, the text
 * itself is drawn. A photographed page in uneven light is not one: inverted, its shading
 * becomes a bright wedge, which viewers rejected.
 */
const PAGE_MIN_KEY = 0.85;
const PAGE_MAX_COLORFULNESS = 15;
const PAGE_MIN_EDGES = 0.1;

/** Whether the analysis describes a white page (see PAGE_MIN_KEY). */
export const isPage = (a: SourceAnalysis) =>
  a.percentiles.p50 / 4095 > PAGE_MIN_KEY && a.colorfulness < PAGE_MAX_COLORFULNESS && a.edgeDensity > PAGE_MIN_EDGES;

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * What every photographic rubric starts from: the SPEC's tone (contrast 1.15, auto-levels)
 * kept, levels stretched fully where the source allows it, local contrast, the whole ramp (an
 * adaptive subset bands smooth skies) and no dithering (viewers punish its weave). Directional
 * strokes stay as `structure` has them: they follow only coherent contours.
 */
function photoLook(a: SourceAnalysis, local = LOCAL_CONTRAST): Look {
  const reasons = ['whole ramp, no dithering: every tone step the charset has, and calm flat areas'];
  if (isPage(a))
    return {
      params: { invert: true, autoLevels: 1, localContrast: local, glyphStrategy: 'fixed', dither: false },
      reasons: [
        ...reasons,
        'a page (light, grey, drawn in strokes): inverted, so its text is drawn in glyphs, light on a dark screen and dark ink on the white page of HTML and SVG',
      ],
    };
  const key = a.percentiles.p50 / 4095;
  const look = (params: RenderParamsInput, reason: string): Look => ({
    params: { ...params, glyphStrategy: 'fixed', dither: false },
    reasons: [...reasons, reason],
  });
  if (a.brightShare > BACKDROP_SHARE)
    return look(
      { autoLevels: 1, localContrast: 0 },
      `a bright backdrop fills ${Math.round(a.brightShare * 100)} % of the picture: no local contrast, so the objects on it keep their own shading`,
    );
  const held = Math.min(local, LOCAL_CONTRAST_HELD);
  const heldWords = held > 0 ? ', local contrast held lower' : '';
  if (a.dynamicRange < 1 / MAX_STRETCH)
    return look(
      // the blend whose stretch is MAX_STRETCH: (1 - 1 / max) / (1 - range) (see kernels/levels.ts)
      {
        autoLevels: round2((1 - 1 / MAX_STRETCH) / (1 - a.dynamicRange)),
        localContrast: held,
      },
      `a low-contrast source (its tones span ${Math.round(a.dynamicRange * 100)} % of the range): stretched ${MAX_STRETCH} times at most${heldWords}`,
    );
  if (key > HIGH_KEY)
    return look(
      { autoLevels: HIGH_KEY_LEVELS, gamma: HIGH_KEY_GAMMA, localContrast: held },
      `a high-key picture (median tone ${Math.round(key * 100)} %): levels stretched by half and midtones lifted${heldWords}, so it stays light`,
    );
  return look(
    { autoLevels: 1, localContrast: local },
    local > 0
      ? 'levels stretched from 1 % to 99 % of the tones, and local contrast: shapes inside each region stand out'
      : 'levels stretched from 1 % to 99 % of the tones',
  );
}

/** Tonal spread: the art's blurred tones keep at least the source's spread (flat grey mush does not). */
const TONAL_SPREAD = { name: 'tonalSpread', target: 1, higherIsBetter: true } as const;
/** Layout: the art's cell tones follow the source's (its light and dark places stay where they were). */
const TONE_CORRELATION = { name: 'toneCorrelation', target: 0.8, higherIsBetter: true } as const;

export const RUBRICS: Readonly<Record<RubricName, Rubric>> = {
  balanced: {
    name: 'balanced',
    metrics: [TONAL_SPREAD, TONE_CORRELATION],
    look: (a) => photoLook(a),
  },
  portrait: {
    name: 'portrait',
    metrics: [
      TONAL_SPREAD,
      TONE_CORRELATION,
      { name: 'midtoneDetail', target: 0.85, higherIsBetter: true },
      { name: 'highlightClip', target: 0.02, higherIsBetter: false },
    ],
    look: (a) => {
      const base = photoLook(a, 0.7);
      return {
        // levels short of full, never more than the base look allows (a pale or high-key source)
        params: { ...base.params, autoLevels: Math.min(0.9, Number(base.params.autoLevels)), denoise: 0.5 },
        reasons: [
          ...base.reasons,
          'skin kept smooth: a little more denoising, and levels short of full so highlights do not clip',
        ],
      };
    },
  },
  motion: {
    name: 'motion',
    metrics: [
      { name: 'staticChangeRate', target: 0.01, higherIsBetter: false },
      { name: 'stepFrames', target: 3, higherIsBetter: false },
      TONE_CORRELATION,
    ],
    look: (a) => {
      const base = photoLook(a, 0);
      // the adaptive codebook (fewer, wider tone steps) flickers less than the whole ramp
      const { glyphStrategy: _whole, ...params } = base.params;
      return {
        params: { ...params, denoise: 0.6, motionSensitivity: 0.5, maxGlyphRmse: 0.05, structure: 0 },
        reasons: [
          ...base.reasons.slice(1),
          'steadier streams: a smaller adaptive codebook, more denoising, a calmer temporal filter, no strokes and no local contrast (they lift sensor noise)',
        ],
      };
    },
  },
  'low-light': {
    name: 'low-light',
    metrics: [
      { name: 'shadowDetail', target: 0.8, higherIsBetter: true },
      { name: 'shadowNoise', target: 1.5, higherIsBetter: false },
      TONAL_SPREAD,
    ],
    look: (a) => {
      // lift the shadows by a gamma that brings the median towards a third of the range, within 1..2
      const lift = Math.min(2, Math.max(1.1, Math.log(a.percentiles.p50 / 4095 + 1e-3) / Math.log(0.35)));
      const gamma = Math.round(lift * 100) / 100;
      const base = photoLook(a, 0.7);
      return {
        params: { ...base.params, gamma, denoise: 0.6 },
        reasons: [...base.reasons, `shadows lifted (gamma ${gamma}, from the median tone) and denoised`],
      };
    },
  },
  'round-trip': {
    name: 'round-trip',
    metrics: [
      { name: 'toneRmse', target: 0.05, higherIsBetter: false },
      { name: 'psnr', target: 26, higherIsBetter: true },
    ],
    look: () => ({
      params: {
        contrast: 1,
        autoLevels: 0,
        sharpen: 0,
        structure: 0,
        localContrast: 0,
        glyphStrategy: 'fixed',
        dither: false,
      },
      reasons: [
        'tones kept as the source has them (no levels, contrast, sharpening or local contrast): decodable back',
      ],
    }),
  },
};

/**
 * The parameters the director may change (numbers blend linearly; invert, glyphStrategy and
 * dither switch at autoOptimize >= 0.5). It never touches columns, format, charset or color.
 */
export const TUNABLE = [
  'invert',
  'autoLevels',
  'contrast',
  'brightness',
  'gamma',
  'sharpen',
  'denoise',
  'structure',
  'localContrast',
  'maxGlyphRmse',
  'glyphStrategy',
  'dither',
  'motionSensitivity',
] as const;

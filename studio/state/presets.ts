/**
 * One preset per `qualityTarget` rubric. Each sets the same small set of parameters (the
 * rubric and the tone/detail/motion settings that suit it), so switching presets always
 * lands on the same look, while the output settings (columns, charset, color, format) are
 * kept as the user chose them.
 */
import type { QUALITY_TARGETS, RenderParams } from '../../engine/index.js';

export type QualityTarget = (typeof QUALITY_TARGETS)[number];

export interface Preset {
  readonly target: QualityTarget;
  readonly label: string;
  readonly description: string;
  readonly params: Partial<RenderParams>;
}

export const PRESETS: readonly Preset[] = [
  {
    target: 'balanced',
    label: 'Balanced',
    description: 'Even tone, moderate detail (the settings a preset sets, at their defaults)',
    params: {
      qualityTarget: 'balanced',
      gamma: 1,
      brightness: 0,
      denoise: 0.35,
      sharpen: 0.35,
      structure: 0.55,
      motionSensitivity: 0.7,
      glyphStrategy: 'adaptive',
    },
  },
  {
    target: 'portrait',
    label: 'Portrait',
    description: 'Softer skin, lifted midtones, gentle contours',
    params: {
      qualityTarget: 'portrait',
      gamma: 1.1,
      brightness: 0,
      denoise: 0.5,
      sharpen: 0.25,
      structure: 0.45,
      motionSensitivity: 0.7,
      glyphStrategy: 'adaptive',
    },
  },
  {
    target: 'motion',
    label: 'Motion',
    description: 'Follows movement quickly; less detail noise between frames',
    params: {
      qualityTarget: 'motion',
      gamma: 1,
      brightness: 0,
      denoise: 0.5,
      sharpen: 0.2,
      structure: 0.4,
      motionSensitivity: 0.85,
      glyphStrategy: 'adaptive',
    },
  },
  {
    target: 'low-light',
    label: 'Low light',
    description: 'Opens the shadows and smooths sensor noise',
    params: {
      qualityTarget: 'low-light',
      gamma: 1.4,
      brightness: 10,
      denoise: 0.65,
      sharpen: 0.25,
      structure: 0.5,
      motionSensitivity: 0.6,
      glyphStrategy: 'adaptive',
    },
  },
  {
    target: 'round-trip',
    label: 'Round trip',
    description: 'Art that decodes back to the source tones: the full ramp, little stylisation',
    params: {
      qualityTarget: 'round-trip',
      gamma: 1,
      brightness: 0,
      denoise: 0.2,
      sharpen: 0.2,
      structure: 0.2,
      motionSensitivity: 0.7,
      glyphStrategy: 'fixed',
    },
  },
];

/** `params` with the preset applied; every other parameter is kept. */
export function applyPreset(params: RenderParams, preset: Preset): RenderParams {
  return Object.freeze({ ...params, ...preset.params });
}

/**
 * The preset whose every setting the look has, or none: a preset pressed and then edited (or a
 * rubric picked in the Quality target field alone) is a look of the user's own, not the preset.
 */
export function presetInForce(params: RenderParams): Preset | undefined {
  return PRESETS.find((preset) =>
    Object.entries(preset.params).every(([name, value]) => params[name as keyof RenderParams] === value),
  );
}

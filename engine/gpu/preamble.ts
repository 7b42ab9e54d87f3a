/**
 * The WGSL preamble every kernel module starts with, generated from the TypeScript twins so no
 * constant is copied by hand (STYLE habit 4): the fixed-point formats of engine/fixed.ts, the
 * cell record layout of kernels/cells.ts, the kernels' named constants, and the two uniform
 * structs (`Frame`, `ReduceStep`) whose field order is defined once here and written by
 * frame-uniform.ts. Scalars are emitted as abstract-int `const`s, so WGSL uses them as i32 or
 * u32 wherever they appear; arrays as concrete `array<u32, N>`.
 */
import {
  FINE_EDGE_PUSH,
  FINE_FLAT_COST,
  FINE_LEAST_GAIN,
  INK_ONE,
  LINEAR_MAX,
  LUMA_B,
  LUMA_G,
  LUMA_R,
  MEAN_TONE_WEIGHT,
  SAMPLES_PER_CELL,
  SAMPLES_X,
  SAMPLES_Y,
  STRUCTURE_GAIN,
  TONE_MAX,
} from '../fixed.js';
import { FINE_POINTS, FINE_X, FINE_Y } from '../glyphs/block-elements.js';
import { MAX_GLYPHS } from '../glyphs/table.js';
import {
  CELL_BONUS,
  CELL_DIR,
  CELL_MEAN,
  CELL_STRIDE,
  CELL_SWITCH,
  MIN_COHERENCE,
  STRUCTURE_REACH,
  TENSOR_SHIFT,
} from '../kernels/cells.js';
import { CODEBOOK_BINS, CODEBOOK_MASS, STREAM_HEADROOM_SHIFT, STREAM_SLACK } from '../kernels/codebook.js';
import { SPATIAL } from '../kernels/denoise.js';
import { FS_DOWN, FS_DOWN_LEFT, FS_DOWN_RIGHT, FS_RIGHT } from '../kernels/dither.js';
import { HISTOGRAM_BINS } from '../kernels/histogram.js';
import { CAPPED_SPAN, MAX_LEVELS_GAIN, PERCENTILE_SCALE } from '../kernels/levels.js';
import { BINOMIAL } from '../kernels/sharpen.js';

/** Layout of the codebook kernel's output (`book`, u32): count, cost, mass, then the glyphs. */
export const BOOK_COUNT = 0;
export const BOOK_COST = 1;
export const BOOK_MASS = 2;
export const BOOK_GLYPHS = 3;
/** u32 words of a book: the header and up to MAX_GLYPHS glyphs. */
export const BOOK_WORDS = BOOK_GLYPHS + MAX_GLYPHS;

/** WGSL name -> value. */
export const WGSL_CONSTANTS: Readonly<Record<string, number | readonly number[]>> = {
  LINEAR_MAX,
  TONE_MAX,
  INK_ONE,
  SAMPLES_X,
  SAMPLES_Y,
  SAMPLES_PER_CELL,
  FINE_X,
  FINE_Y,
  FINE_POINTS,
  FINE_FLAT_COST,
  FINE_LEAST_GAIN,
  FINE_EDGE_PUSH,
  LUMA_R,
  LUMA_G,
  LUMA_B,
  MEAN_TONE_WEIGHT,
  STRUCTURE_GAIN,
  CELL_STRIDE,
  CELL_MEAN,
  CELL_DIR,
  CELL_BONUS,
  CELL_SWITCH,
  TENSOR_SHIFT,
  STRUCTURE_REACH,
  MIN_COHERENCE,
  HISTOGRAM_BINS,
  PERCENTILE_SCALE,
  MAX_LEVELS_GAIN,
  CAPPED_SPAN,
  CODEBOOK_BINS,
  CODEBOOK_MASS,
  STREAM_SLACK,
  STREAM_HEADROOM_SHIFT,
  MAX_GLYPHS,
  BOOK_COUNT,
  BOOK_COST,
  BOOK_MASS,
  BOOK_GLYPHS,
  FS_RIGHT,
  FS_DOWN_LEFT,
  FS_DOWN,
  FS_DOWN_RIGHT,
  DENOISE_SPATIAL: SPATIAL,
  SHARPEN_BINOMIAL: BINOMIAL,
};

/**
 * The per-frame uniform (group 0, binding 0): sizes, the plan's integers, stream flags and the
 * offsets of each lookup table inside the shared `tables` buffer. All fields are u32.
 */
export const FRAME_FIELDS = [
  // sizes
  'sourceWidth',
  'sourceHeight',
  'sourceStride',
  'columns',
  'rows',
  'cells',
  'sampleWidth',
  'sampleHeight',
  'samples',
  'reducedWidth',
  'reducedHeight',
  'fineWidth',
  'fineHeight',
  // tone stages
  'denoiseOn',
  'levelsLow',
  'levelsHigh',
  'levelsBlend',
  'sharpenAmount',
  'localContrast',
  'localRadiusX',
  'localRadiusY',
  // cells
  'edges',
  'edgeGain',
  'structure',
  'structureFloor',
  'inkScale',
  // codebook and matching
  'adaptive',
  'codebookBound',
  'densest',
  'rampSize',
  // temporal filter and stream state
  'temporalR',
  'temporalQ',
  'temporalQMotion',
  'temporalCap',
  'temporalSensitivity',
  'temporalSwitchScale',
  'fresh',
  'usePrevGlyphs',
  'usePrevBook',
  'usePrevColors',
  'streamCodebook',
  'movingBelow',
  // color
  'saturation',
  'invert',
  'twoColorInkCost',
  'twoColorInkWeight',
  'edgeGlyphCount',
  'fineShapeCount',
  // offsets into `tables`
  'srgbToLinearAt',
  'srgbPairToLinearAt',
  'linearToToneAt',
  'linearToSrgbAt',
  'toneCurveAt',
  'denoiseRangeAt',
  'coverageAt',
  'masksAt',
  'cellBlurAt',
  'rampOrderAt',
  'directionalAt',
  'inkMasksAt',
  'edgeGlyphsAt',
  'fineShapesAt',
] as const;
export type FrameField = (typeof FRAME_FIELDS)[number];

/** One box reduction (linearize's fused first step, then each pyramid step): group 1, binding 0. */
export const STEP_FIELDS = ['srcWidth', 'srcHeight', 'fx', 'fy', 'dstWidth', 'dstHeight'] as const;
export type StepField = (typeof STEP_FIELDS)[number];

/** Byte size of a uniform struct of n u32 fields (WGSL rounds a struct to 16 bytes). */
export function uniformSize(fields: readonly string[]): number {
  return Math.ceil((fields.length * 4) / 16) * 16;
}

function constLine(name: string, value: number | readonly number[]): string {
  if (typeof value === 'number') return `const ${name} = ${value};`;
  return `const ${name} = array<u32, ${value.length}>(${value.map((v) => `${v}u`).join(', ')});`;
}

function structWgsl(name: string, fields: readonly string[]): string {
  return `struct ${name} {\n${fields.map((f) => `  ${f}: u32,`).join('\n')}\n}`;
}

let cached: string | undefined;

/** The generated WGSL text (built once per process). */
export function wgslPreamble(): string {
  cached ??= [
    '// Generated by engine/gpu/preamble.ts from the TypeScript twins: do not copy these by hand.',
    ...Object.entries(WGSL_CONSTANTS).map(([k, v]) => constLine(k, v)),
    structWgsl('Frame', FRAME_FIELDS),
    structWgsl('ReduceStep', STEP_FIELDS),
    '',
  ].join('\n');
  return cached;
}

/**
 * Host-side images of the two group-0 bindings: the `Frame` uniform (field order from
 * preamble.ts) and `tables`, every lookup table of the plan packed into one u32 array. Both are
 * written into preallocated arrays and uploaded with queue.writeBuffer: nothing is allocated per
 * frame (the table image grows only when a larger charset arrives).
 */
import { movingSwitchCost } from '../kernels/temporal.js';
import type { FramePlan } from '../plan.js';
import { FRAME_FIELDS, type FrameField, STEP_FIELDS, type StepField, uniformSize } from './preamble.js';

const FRAME_INDEX = Object.fromEntries(FRAME_FIELDS.map((f, i) => [f, i])) as Record<FrameField, number>;
const STEP_INDEX = Object.fromEntries(STEP_FIELDS.map((f, i) => [f, i])) as Record<StepField, number>;

export const FRAME_UNIFORM_SIZE = uniformSize(FRAME_FIELDS);
export const STEP_UNIFORM_SIZE = uniformSize(STEP_FIELDS);

/** Stream flags of one frame (what the CPU executor reads from its StreamState). */
export interface StreamFlags {
  readonly temporal: boolean;
  readonly fresh: boolean;
  readonly usePrevGlyphs: boolean;
  readonly usePrevBook: boolean;
  /** The stream's previous frame had two-colour cells: twoColor steadies its colors towards them. */
  readonly usePrevColors: boolean;
}

export class FrameUniform {
  readonly data = new Uint32Array(FRAME_UNIFORM_SIZE / 4);

  set(field: FrameField, value: number | boolean): void {
    this.data[FRAME_INDEX[field]] = typeof value === 'boolean' ? Number(value) : value;
  }

  /** Fills every field from the plan, the source row stride, the table offsets and the stream flags. */
  fill(plan: FramePlan, sourceStride: number, tables: TableImage, stream: StreamFlags): void {
    const g = plan.glyphs;
    const t = plan.temporal;
    this.set('sourceWidth', plan.source.width);
    this.set('sourceHeight', plan.source.height);
    this.set('sourceStride', sourceStride);
    this.set('columns', plan.columns);
    this.set('rows', plan.rows);
    this.set('cells', plan.columns * plan.rows);
    this.set('sampleWidth', plan.sampleWidth);
    this.set('sampleHeight', plan.sampleHeight);
    this.set('samples', plan.sampleWidth * plan.sampleHeight);
    this.set('reducedWidth', plan.reducedWidth);
    this.set('reducedHeight', plan.reducedHeight);
    this.set('fineWidth', plan.fineWidth);
    this.set('fineHeight', plan.fineHeight);
    this.set('denoiseOn', plan.denoiseRange.length > 0);
    this.set('levelsLow', plan.levelsLow);
    this.set('levelsHigh', plan.levelsHigh);
    this.set('levelsBlend', plan.levelsBlend);
    this.set('sharpenAmount', plan.sharpenAmount);
    this.set('localContrast', plan.localContrast);
    this.set('localRadiusX', plan.localRadiusX);
    this.set('localRadiusY', plan.localRadiusY);
    this.set('edges', plan.edges);
    this.set('edgeGain', plan.edgeGain);
    this.set('structure', plan.structure);
    this.set('structureFloor', plan.structureFloor);
    this.set('inkScale', plan.inkScale);
    this.set('adaptive', plan.adaptive);
    this.set('codebookBound', plan.codebookBound);
    this.set('densest', g.densest);
    this.set('rampSize', g.rampSize);
    this.set('temporalR', t.r);
    this.set('temporalQ', t.q);
    this.set('temporalQMotion', t.qMotion);
    this.set('temporalCap', t.cap);
    this.set('temporalSensitivity', t.sensitivity);
    this.set('temporalSwitchScale', t.switchScale);
    this.set('fresh', stream.fresh);
    this.set('usePrevGlyphs', stream.usePrevGlyphs);
    this.set('usePrevBook', stream.usePrevBook);
    this.set('usePrevColors', stream.usePrevColors);
    this.set('streamCodebook', stream.temporal);
    this.set('movingBelow', movingSwitchCost(t));
    this.set('saturation', plan.saturation);
    this.set('invert', plan.invert);
    this.set('twoColorInkCost', plan.twoColorInkCost);
    this.set('twoColorInkWeight', plan.twoColorInkWeight);
    this.set('edgeGlyphCount', plan.glyphs.edges.length);
    this.set('fineShapeCount', plan.glyphs.fineShapes.length >> 1);
    for (const [field, at] of Object.entries(tables.at)) this.set(field as FrameField, at);
  }
}

/** A ReduceStep uniform (one box reduction), as bytes for writeBuffer. */
export function stepUniform(values: Readonly<Record<StepField, number>>): Uint32Array<ArrayBuffer> {
  const out = new Uint32Array(STEP_UNIFORM_SIZE / 4);
  for (const f of STEP_FIELDS) out[STEP_INDEX[f]] = values[f];
  return out;
}

type TableField =
  | 'srgbToLinearAt'
  | 'srgbPairToLinearAt'
  | 'linearToToneAt'
  | 'linearToSrgbAt'
  | 'toneCurveAt'
  | 'denoiseRangeAt'
  | 'coverageAt'
  | 'masksAt'
  | 'cellBlurAt'
  | 'rampOrderAt'
  | 'directionalAt'
  | 'inkMasksAt'
  | 'edgeGlyphsAt'
  | 'fineShapesAt';

/**
 * srgbToLinear for two channels in one lookup: entry r | g << 8 holds srgbToLinear[r] |
 * srgbToLinear[g] << 16 (linear values are u16). linearize.wgsl reads a pixel's red and green
 * with it, so a pixel costs two lookups instead of three (a software adapter emulates each one
 * lane by lane). The same values as the table it is made from, so the CPU twin keeps that one.
 */
const pairTables = new WeakMap<Uint16Array, Uint32Array>();
function pairTable(srgbToLinear: Uint16Array): Uint32Array {
  let pairs = pairTables.get(srgbToLinear);
  if (!pairs) {
    pairs = new Uint32Array(65536);
    for (let i = 0; i < 65536; i++)
      pairs[i] = ((srgbToLinear[i & 255] as number) | ((srgbToLinear[i >> 8] as number) << 16)) >>> 0;
    pairTables.set(srgbToLinear, pairs);
  }
  return pairs;
}

/**
 * The plan's lookup tables as one u32 array. Repacked only when one of the plan's tables is a
 * different object than last time (plans share their constant tables, so a stream with fixed
 * params repacks nothing).
 */
export class TableImage {
  words = new Uint32Array(0);
  length = 0;
  readonly at = {} as Record<TableField, number>;
  private sources: readonly unknown[] = [];

  /**
   * Packs the plan's tables; returns the first word that changed (the words from there on must
   * be uploaded), or null when none did. The constant tables come first, so a change of params
   * (a tone curve, eased towards each Auto Director tuning) repacks and uploads only what follows them.
   */
  pack(plan: FramePlan): number | null {
    const g = plan.glyphs;
    const parts: [TableField, ArrayLike<number>][] = [
      ['srgbToLinearAt', plan.srgbToLinear],
      ['srgbPairToLinearAt', pairTable(plan.srgbToLinear)],
      ['linearToToneAt', plan.linearToTone],
      ['linearToSrgbAt', plan.linearToSrgb],
      ['toneCurveAt', plan.toneCurve],
      ['denoiseRangeAt', plan.denoiseRange],
      ['coverageAt', g.coverage],
      ['masksAt', g.blurredMasks],
      ['cellBlurAt', plan.cellBlur],
      ['rampOrderAt', g.rampOrder],
      ['directionalAt', g.directional],
      ['inkMasksAt', g.masks],
      ['edgeGlyphsAt', g.edges],
      ['fineShapesAt', g.fineShapes],
    ];
    const total = parts.reduce((n, [, a]) => n + a.length, 0);
    if (this.words.length < total) {
      this.words = new Uint32Array(Math.max(total, this.words.length * 2));
      this.sources = [];
    }
    let first: number | null = null;
    let at = 0;
    parts.forEach(([field, a], i) => {
      if (first === null && (this.sources[i] !== a || this.at[field] !== at)) first = at;
      // i32 entries (directional -1) become their two's complement, read back with bitcast<i32>
      if (first !== null) for (let k = 0; k < a.length; k++) this.words[at + k] = a[k] >>> 0;
      this.at[field] = at;
      at += a.length;
    });
    this.sources = parts.map(([, a]) => a);
    this.length = Math.max(at, 1);
    return first;
  }
}

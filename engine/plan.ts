/**
 * FramePlan: validated params + source size -> everything the kernels need, as integers and
 * lookup tables (DESIGN 1). Float math is allowed here and only here. Both executors (CPU
 * twins in engine/kernels, WGSL twins in shaders/) receive the same plan.
 */
import {
  LINEAR_MAX,
  Q8_ONE,
  SAMPLES_X,
  SAMPLES_Y,
  TONE_LEVELS,
  TONE_MAX,
  TWO_COLOR_INK_COST,
  TWO_COLOR_INK_WEIGHT,
} from './fixed.js';
import { FINE_X, FINE_Y } from './glyphs/block-elements.js';
import { CELL_BLUR } from './glyphs/cell-blur.js';
import { type GlyphTable, glyphTable } from './glyphs/table.js';
import { CODEBOOK_MASS } from './kernels/codebook.js';
import { localRadii } from './kernels/local-contrast.js';
import { expanded } from './kernels/luma.js';
import type { TemporalConstants } from './kernels/temporal.js';
import { DEFAULTS, type RenderParams } from './params.js';
import { gridSize, type RenderOptions } from './size.js';
import { srgbDecode, srgbEncode } from './srgb.js';

/** One pyramid step: divide width by fx and height by fy (each 1 or 2) with a box filter. */
export interface PyramidStep {
  readonly fx: 1 | 2;
  readonly fy: 1 | 2;
}

/** The decode and encode tables every plan shares (`srgbTables`). */
export interface SrgbTables {
  /** sRGB8 -> linear light u16 (256 entries). */
  readonly srgbToLinear: Uint16Array;
  /** Linear light >> 4 -> perceptual tone 0..4095, 4097 entries (the last for interpolation). */
  readonly linearToTone: Uint16Array;
  /** Linear light >> 4 -> sRGB8, 4097 entries. */
  readonly linearToSrgb: Uint16Array;
}

export interface FramePlan extends SrgbTables {
  readonly source: { readonly width: number; readonly height: number };
  /** The image's size before the host shrank it (RenderOptions.fullSize), else `source`: what the evidence reports. */
  readonly fullSize: { readonly width: number; readonly height: number };
  readonly columns: number;
  readonly rows: number;
  /** Sample grid: SAMPLES_X x SAMPLES_Y samples per cell. */
  readonly sampleWidth: number;
  readonly sampleHeight: number;
  /** Box reductions before the exact resample; the first is fused into linearize. */
  readonly pyramid: readonly PyramidStep[];
  /** Size after the pyramid, the input of the area-weighted resample. */
  readonly reducedWidth: number;
  readonly reducedHeight: number;

  /** Tone -> tone: contrast, brightness, gamma, invert in one curve (4096 entries). */
  readonly toneCurve: Uint16Array;

  /** Bilateral range weights (Q8) by |tone difference| >> 4; empty when denoise is 0. */
  readonly denoiseRange: Uint16Array;
  /** Auto-levels: histogram percentiles in 1/10000 of the samples, and the blend in Q8. */
  readonly levelsLow: number;
  readonly levelsHigh: number;
  readonly levelsBlend: number;
  /** Unsharp-mask amount, Q8. */
  readonly sharpenAmount: number;
  /** Local contrast amount, Q8 (0: off), and the box radii of the blurred cell means it compares with. */
  readonly localContrast: number;
  readonly localRadiusX: number;
  readonly localRadiusY: number;
  /** Line-art mode and its gain, Q8. */
  readonly edges: boolean;
  readonly edgeGain: number;
  /** Directional glyph weight, Q8, and the cell ink variance below which no contour is seen. */
  readonly structure: number;
  readonly structureFloor: number;
  readonly dither: boolean;
  /** Adaptive codebook: the bound as an integer threshold on the DP cost (see kernels/codebook.ts). */
  readonly adaptive: boolean;
  readonly codebookBound: number;
  /** The bound as given (maxGlyphRmse), for evidence. */
  readonly maxGlyphRmse: number;
  /** Saturation, Q8 (256 = unchanged). */
  readonly saturation: number;
  readonly invert: boolean;
  /** Two-colour cells (params.background with params.color): the twoColor kernel picks glyphs and both colors. */
  readonly background: boolean;
  /**
   * The error an inked glyph must save over a space in two-colour cells: TWO_COLOR_INK_COST up to
   * 80 columns, falling to none at 120 and over. A wider picture is seen smaller, where glyphs read
   * as texture rather than as letters: the blind panel preferred a clean picture at 80 columns
   * (83 % against 71 % with a quarter of the cost) and full texture at 120 (62 % against 56 %).
   */
  readonly twoColorInkCost: number;
  /** And per unit of a glyph's ink (A1, Q8): TWO_COLOR_INK_WEIGHT, none for block elements. */
  readonly twoColorInkWeight: number;
  /**
   * Two-colour blocks (`background` with the blocks charset): the fineBlocks kernel fits each cell
   * at FINE_X x FINE_Y points instead of twoColor's samples, from a second, finer plane of
   * fineWidth x fineHeight points (0 x 0 without it), resampled from the reduced level as the
   * sample grid is (its costs are constants: FINE_FLAT_COST, FINE_LEAST_GAIN, FINE_EDGE_PUSH).
   */
  readonly fineBlocks: boolean;
  readonly fineWidth: number;
  readonly fineHeight: number;

  /** tone (0..4095) -> target ink (Q12): (tone * inkScale + 32768) >> 16. */
  readonly inkScale: number;
  readonly glyphs: GlyphTable;
  /** In-cell perceptual blur, Q8 8 x 8. */
  readonly cellBlur: Int32Array;
  /** The temporal filter's constants (streams only). */
  readonly temporal: TemporalConstants;
  /**
   * Everything the stages up to `cells` depend on besides the sample grid: two plans with the
   * same key produce the same cell targets from the same prepared frame.
   */
  readonly cellsKey: string;
}

/**
 * Temporal filter constants: observation noise sigma = 1/40 of the densest glyph's ink (what
 * sensor noise moves a cell by), static process noise r / 16, motion adds 8 r, variance capped
 * at 16 r; a static cell keeps its glyph unless another is better by 8 r (summed over 8 samples).
 */
/** Variance of sensor noise in ink units: sigma = 1/40 of the densest glyph's ink. */
function noiseVariance(densest: number): number {
  return Math.max(1, Math.floor((densest / 40) ** 2));
}

function temporalConstants(densest: number, motionSensitivity: number): TemporalConstants {
  const r = noiseVariance(densest);
  return {
    r,
    q: r >> 4,
    qMotion: 8 * r,
    cap: 16 * r,
    sensitivity: Math.round(motionSensitivity * 4096),
    switchScale: 8,
  };
}

/**
 * The plan's twoColorInkCost and twoColorInkWeight: TWO_COLOR_INK_COST up to 80 columns, none from
 * 120, and TWO_COLOR_INK_WEIGHT; neither for block elements, which are picture rather than letters
 * (their shapes are the sub-cell detail).
 */
function twoColorInk(charset: RenderParams['charset'], columns: number): { cost: number; weight: number } {
  if (charset === 'blocks') return { cost: 0, weight: 0 };
  const cost = Math.floor((TWO_COLOR_INK_COST * Math.min(40, Math.max(0, 120 - columns))) / 40);
  return { cost, weight: TWO_COLOR_INK_WEIGHT };
}

/** Percentiles of auto-levels, in 1/10000: 1 % and 99 % of the samples (a few specular or black pixels do not set the range). */
const LEVELS_LOW = 100;
const LEVELS_HIGH = 9900;

function lut(n: number, f: (i: number) => number): Uint16Array {
  const out = new Uint16Array(n);
  for (let i = 0; i < n; i++) out[i] = f(i);
  return out;
}

let shared: SrgbTables | undefined;

/** The shared tables, made by the first call (not as the module loads: a CLI run's start waits for that). */
export function srgbTables(): SrgbTables {
  shared ??= {
    srgbToLinear: lut(256, (i) => Math.round(srgbDecode(i / 255) * LINEAR_MAX)),
    linearToTone: lut(4097, (i) => Math.round(srgbEncode(Math.min(1, (i * 16) / LINEAR_MAX)) * TONE_MAX)),
    linearToSrgb: lut(4097, (i) => Math.round(srgbEncode(Math.min(1, (i * 16) / LINEAR_MAX)) * 255)),
  };
  return shared;
}

/**
 * Makes now the tables a render would make on its first use: the shared tables, and the tone
 * and sRGB tables expanded to every u16 value (kernels/luma.ts `expanded`), about 5 ms before
 * V8 has compiled their loops. A host waiting for something else calls it to take that time off
 * its first render (the CLI, while its first image decodes).
 */
export function prepareTables(): void {
  const { linearToTone, linearToSrgb } = srgbTables();
  expanded(linearToTone);
  expanded(linearToSrgb);
}

/** Tables made from parameter values, kept for the next plans with the same values (a batch, a stream). */
const MADE = new Map<string, Uint16Array>();
/** Distinct tables kept: a studio's sliders make many; the oldest go first. */
const MADE_KEPT = 64;

/** The table `key` names, made by `make` once and reused while it is among the last MADE_KEPT made. */
function made(key: string, make: () => Uint16Array): Uint16Array {
  let table = MADE.get(key);
  if (!table) {
    if (MADE.size >= MADE_KEPT) MADE.delete(MADE.keys().next().value as string);
    MADE.set(key, (table = make()));
  }
  return table;
}

function toneCurve(p: RenderParams): Uint16Array {
  return made(`tone ${p.contrast} ${p.brightness} ${p.gamma} ${p.invert}`, () => makeToneCurve(p));
}

function makeToneCurve(p: RenderParams): Uint16Array {
  return lut(TONE_LEVELS, (t) => {
    let x = t / TONE_MAX;
    x = (x - 0.5) * p.contrast + 0.5 + p.brightness / 255;
    x = Math.min(1, Math.max(0, x));
    x = x ** (1 / p.gamma);
    if (p.invert) x = 1 - x;
    return Math.round(x * TONE_MAX);
  });
}

/** Range sigma grows with `denoise`: 0.35 -> ~5 % of the tone range. */
function denoiseRange(denoise: number): Uint16Array {
  return made(`denoise ${denoise}`, () => makeDenoiseRange(denoise));
}

function makeDenoiseRange(denoise: number): Uint16Array {
  if (denoise === 0) return new Uint16Array(0);
  const sigma = 40 + 460 * denoise;
  return lut(256, (i) => Math.round(Q8_ONE * Math.exp(-((i * 16 + 8) ** 2) / (2 * sigma * sigma))));
}

function pyramidSteps(w: number, h: number, sw: number, sh: number): { steps: PyramidStep[]; w: number; h: number } {
  const steps: PyramidStep[] = [];
  for (;;) {
    const fx = Math.floor(w / 2) >= sw ? 2 : 1;
    const fy = Math.floor(h / 2) >= sh ? 2 : 1;
    if (fx === 1 && fy === 1) return { steps, w, h };
    steps.push({ fx, fy });
    w = Math.floor(w / fx);
    h = Math.floor(h / fy);
  }
}

/**
 * What a frame's buffers are made for (both executors keep them between frames of one key): the
 * source size, the grid, and whether two-colour blocks add a fine plane (and their own pyramid).
 */
export function frameSizeKey(plan: FramePlan): string {
  return `${plan.source.width}x${plan.source.height}>${plan.columns}x${plan.rows}${plan.fineBlocks ? ' fine' : ''}`;
}

/**
 * The plan for one source size. `options.rows` forces the grid height; `options.cellAspect`
 * is the display font's cell width / height (default 0.5).
 */
export function planFrame(
  params: RenderParams,
  source: { width: number; height: number },
  options: RenderOptions = {},
): FramePlan {
  const { columns, rows } = gridSize(source, params.columns, options);
  const sampleWidth = columns * SAMPLES_X;
  const sampleHeight = rows * SAMPLES_Y;
  const glyphs = glyphTable(params.charset);
  const background = params.color && params.background;
  const fineBlocks = background && glyphs.fineShapes.length > 0;
  // two-colour blocks resample their fine plane from a level at least 15/16 of its size: a level a
  // few rows short of it loses nothing to see, and one that stops short of a halving by those rows
  // (1080p at 120 columns: 270 rows for 272) would keep twice the pixels; 3/4 blurred the digits
  const [fineWidth, fineHeight] = fineBlocks ? [columns * FINE_X, rows * FINE_Y] : [0, 0];
  const pyr = fineBlocks
    ? pyramidSteps(source.width, source.height, Math.ceil((fineWidth * 15) / 16), Math.ceil((fineHeight * 15) / 16))
    : pyramidSteps(source.width, source.height, sampleWidth, sampleHeight);
  // The adaptive codebook's DP cost is a sum over a histogram normalized to CODEBOOK_MASS cells
  // of squared ink differences in Q10; the bound maxGlyphRmse is relative to the densest glyph,
  // so RMSE <= maxGlyphRmse <=> cost <= (maxGlyphRmse * densestQ10)^2 * CODEBOOK_MASS.
  const densestQ10 = glyphs.densest >> 2;
  const radii = localRadii(columns);
  const ink = twoColorInk(params.charset, columns);
  return {
    source: { width: source.width, height: source.height },
    fullSize: options.fullSize ? { ...options.fullSize } : { width: source.width, height: source.height },
    columns,
    rows,
    sampleWidth,
    sampleHeight,
    pyramid: pyr.steps,
    reducedWidth: pyr.w,
    reducedHeight: pyr.h,
    ...srgbTables(),
    toneCurve: toneCurve(params),
    denoiseRange: denoiseRange(params.denoise),
    levelsLow: LEVELS_LOW,
    levelsHigh: LEVELS_HIGH,
    levelsBlend: Math.round(params.autoLevels * Q8_ONE),
    sharpenAmount: Math.round(params.sharpen * 1.5 * Q8_ONE),
    localContrast: params.edges ? 0 : Math.round(params.localContrast * Q8_ONE),
    localRadiusX: radii.x,
    localRadiusY: radii.y,
    edges: params.edges,
    edgeGain: Math.round(params.edgeStrength * Q8_ONE),
    // the square: a little structure lays strokes on the strongest contours only, none under 1/16
    structure: Math.floor(params.structure ** 2 * Q8_ONE),
    structureFloor: 32 * noiseVariance(glyphs.densest),
    dither: params.dither,
    adaptive: params.glyphStrategy === 'adaptive',
    codebookBound: Math.floor((params.maxGlyphRmse * densestQ10) ** 2 * CODEBOOK_MASS),
    maxGlyphRmse: params.maxGlyphRmse,
    // two-colour cells show the photo's colors undiluted by black: the default boost, made for
    // glyph ink on black, is their 1 (the photo's own saturation)
    saturation: Math.round((background ? params.saturation / DEFAULTS.saturation : params.saturation) * Q8_ONE),
    invert: params.invert,
    background,
    twoColorInkCost: ink.cost,
    twoColorInkWeight: ink.weight,
    fineBlocks,
    fineWidth,
    fineHeight,
    inkScale: Math.round((glyphs.densest * 65536) / TONE_MAX),
    glyphs,
    cellBlur: CELL_BLUR,
    temporal: temporalConstants(glyphs.densest, params.motionSensitivity),
    cellsKey: JSON.stringify([
      params.charset,
      params.denoise,
      params.autoLevels,
      params.contrast,
      params.brightness,
      params.gamma,
      params.invert,
      params.sharpen,
      params.localContrast,
      params.edges,
      params.edgeStrength,
      params.structure,
    ]),
  };
}

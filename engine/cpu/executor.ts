/**
 * The CPU executor: runs the kernel twins of engine/kernels in pipeline order over one
 * FramePlan and one RGBA frame, and returns the CellGrid. Buffers are kept between frames
 * of the same size, so a stream of frames allocates nothing but its output grids.
 */
import { LINEAR_MAX, SAMPLES_X, SAMPLES_Y } from '../fixed.js';
import type { CellGrid, CodebookEvidence, RenderEvidence } from '../grid.js';
import type { RgbaImage } from '../image.js';
import { CELL_MEAN, CELL_STRIDE, cells } from '../kernels/cells.js';
import { type CodebookResult, codebook } from '../kernels/codebook.js';
import { color } from '../kernels/color.js';
import { denoise } from '../kernels/denoise.js';
import { dither } from '../kernels/dither.js';
import { glyphs } from '../kernels/glyphs.js';
import { histogram } from '../kernels/histogram.js';
import { levels } from '../kernels/levels.js';
import { linearize, linearizeTwoSteps } from '../kernels/linearize.js';
import { boxPass, cellTones, LOCAL_PASSES } from '../kernels/local-contrast.js';
import { luma } from '../kernels/luma.js';
import { pyramid } from '../kernels/pyramid.js';
import { resampleX, resampleY } from '../kernels/resample.js';
import { sharpen } from '../kernels/sharpen.js';
import { sobel } from '../kernels/sobel.js';
import { movingSwitchCost, temporal } from '../kernels/temporal.js';
import { tone } from '../kernels/tone.js';
import { type FramePlan, frameSizeKey } from '../plan.js';
import { isProbedStage, type StageOutputs } from '../stage-probe.js';
import { allocate, type Buffers } from './frame-buffers.js';
import { StreamState } from './stream-state.js';
import { twoColourCells } from './two-colour-cells.js';

export { StreamState };

export function codebookEvidence(plan: FramePlan, result: CodebookResult): CodebookEvidence {
  const maxGlyphRmse = plan.maxGlyphRmse;
  const densestQ10 = plan.glyphs.densest >> 2;
  const rmse = Math.sqrt(result.cost / Math.max(1, result.mass)) / densestQ10;
  return {
    strategy: plan.adaptive ? 'adaptive' : 'fixed',
    glyphs: Array.from(result.glyphs, (g) => plan.glyphs.table[g]).join(''),
    size: result.glyphs.length,
    rmse: Math.round(rmse * 1e6) / 1e6,
    bound: maxGlyphRmse,
    status: rmse <= maxGlyphRmse ? 'target_met' : 'best_effort',
  };
}

/** The sample-grid planes of one prepared frame (owned by the executor; valid until the next prepare). */
export interface SamplePlanes {
  readonly width: number;
  readonly height: number;
  /** Linear-light RGB, u16 x 3 per sample. */
  readonly lin: Uint16Array;
  /** The source's perceptual tone, 0..4095 per sample, before any tone processing. */
  readonly tone: Uint16Array;
}

export class CpuExecutor {
  private buffers: Buffers | null = null;
  private prepareTimings: Record<string, number> = {};
  /** When set, each probed stage's output is copied here (per-kernel parity tests only). */
  probe: StageOutputs | null = null;

  /** The plan key whose cell records `cellData` holds for the current prepared frame, if any. */
  private cellsFor: string | null = null;

  /**
   * Renders one frame. With a `stream`, the temporal filter runs and the stream's state
   * carries to the next frame.
   */
  render(plan: FramePlan, image: RgbaImage, stream?: StreamState): CellGrid {
    this.prepare(plan, image);
    return this.finish(plan, stream);
  }

  /** Stages 1-4 (linear light, pyramid, resample, tone) into the sample planes. */
  prepare(plan: FramePlan, image: RgbaImage): SamplePlanes {
    const timings: Record<string, number> = {};
    const lap = stopwatch(timings);
    const key = frameSizeKey(plan);
    if (this.buffers?.key !== key) this.buffers = allocate(plan, key, this.buffers ?? undefined);
    const b = this.buffers;
    let cur: Uint16Array;
    let w = plan.source.width;
    let h = plan.source.height;
    if (plan.pyramid.length === 0) {
      cur = b.full ?? new Uint16Array(w * h * 3);
      linearize(image.data, w, 1, 1, w, h, plan.srgbToLinear, cur, pageUnder(plan));
      lap('linearize');
    } else {
      const [first, second] = plan.pyramid;
      const ow = Math.floor(w / first.fx);
      const oh = Math.floor(h / first.fy);
      // two 2 x 2 steps in one pass where they come first (the GPU's linearizeTwoSteps): the first
      // level never goes through memory; else the first level, then the pyramid from it
      const both = second !== undefined && first.fx + first.fy + second.fx + second.fy === 8;
      let from = 1;
      if (
        both &&
        linearizeTwoSteps(image.data, w, ow >> 1, oh >> 1, plan.srgbToLinear, b.pyramid[1], pageUnder(plan))
      ) {
        [cur, w, h, from] = [b.pyramid[1], ow >> 1, oh >> 1, 2];
      } else {
        linearize(image.data, w, first.fx, first.fy, ow, oh, plan.srgbToLinear, b.pyramid[0], pageUnder(plan));
        [cur, w, h] = [b.pyramid[0], ow, oh];
      }
      lap('linearize');
      for (let i = from; i < plan.pyramid.length; i++) {
        const step = plan.pyramid[i];
        const nw = Math.floor(w / step.fx);
        const nh = Math.floor(h / step.fy);
        pyramid(cur, w, step.fx, step.fy, nw, nh, b.pyramid[i]);
        [cur, w, h] = [b.pyramid[i], nw, nh];
      }
      lap('pyramid');
    }
    resampleX(cur, w, h, plan.sampleWidth, b.resampledX);
    resampleY(b.resampledX, plan.sampleWidth, h, plan.sampleHeight, b.lin);
    if (plan.fineBlocks) {
      // two-colour blocks' finer plane, from the same level
      resampleX(cur, w, h, plan.fineWidth, b.fineX);
      resampleY(b.fineX, plan.fineWidth, h, plan.fineHeight, b.fine);
    }
    lap('resample');
    this.keep('resample', b.lin);
    luma(b.lin, plan.sampleWidth * plan.sampleHeight, plan.linearToTone, b.source);
    lap('luma');
    this.keep('luma', b.source);
    this.prepareTimings = timings;
    this.cellsFor = null;
    return { width: plan.sampleWidth, height: plan.sampleHeight, lin: b.lin, tone: b.source };
  }

  /**
   * Stages 5-13 from the prepared planes. The plan must have the prepared plan's grid; its
   * tone, detail, glyph and color settings may differ (the Auto Director renders candidates so).
   * `sourceTone` replaces the prepared source tone (the director's simulated noisy frames);
   * `colors: false` leaves the colors black (the director's candidates never read them).
   */
  finish(
    plan: FramePlan,
    stream?: StreamState,
    sourceTone?: Uint16Array,
    options: { colors?: boolean } = {},
  ): CellGrid {
    const b = this.buffers;
    if (!b || b.key !== frameSizeKey(plan)) {
      throw new Error('CpuExecutor.finish: prepare() this grid first');
    }
    const timings: Record<string, number> = { ...this.prepareTimings };
    const lap = stopwatch(timings);
    const g = plan.glyphs;
    const cellCount = plan.columns * plan.rows;
    // Stages 3-9 depend only on the prepared frame and plan.cellsKey: a still frame finished
    // again with only codebook, dither or color settings changed (the director's candidates)
    // reuses them. Streams and replaced source tones always recompute.
    const reuse = !stream && !sourceTone && this.cellsFor === plan.cellsKey;
    if (!reuse) {
      this.cellsFor = null;
      const samples = plan.sampleWidth * plan.sampleHeight;
      // 3. bilateral denoise of the source tone
      denoise(sourceTone ?? b.source, plan.sampleWidth, plan.sampleHeight, plan.denoiseRange, b.toneB);
      lap('denoise');
      this.keep('denoise', b.toneB);
      // 5-7. auto-levels, tone curve, unsharp mask
      histogram(b.toneB, samples, b.hist);
      levels(b.hist, samples, plan.levelsLow, plan.levelsHigh, plan.levelsBlend, b.levels);
      lap('levels');
      this.keep('levels', b.levels);
      tone(b.toneB, samples, b.levels, plan.toneCurve, b.toneA);
      lap('tone');
      this.keep('tone', b.toneA);
      sharpen(b.toneA, plan.sampleWidth, plan.sampleHeight, plan.sharpenAmount, b.toneB);
      lap('sharpen');
      this.keep('sharpen', b.toneB);
      // 8-9. gradients, per-cell targets and structure
      sobel(b.toneB, plan.sampleWidth, plan.sampleHeight, b.grad);
      lap('sobel');
      this.keep('sobel', b.grad);
      const blurred = plan.localContrast > 0 ? localMeans(plan, b) : b.localA;
      if (plan.localContrast > 0) {
        lap('local-contrast');
        this.keep('local-contrast', blurred);
      }
      cells(
        b.toneB,
        b.grad,
        plan.columns,
        plan.rows,
        plan.inkScale,
        plan.edges,
        plan.edgeGain,
        plan.structure,
        plan.structureFloor,
        g.directional,
        plan.localContrast,
        b.means,
        blurred,
        b.cellData,
      );
      lap('cells');
      this.keep('cells', b.cellData);
      this.cellsFor = stream || sourceTone ? null : plan.cellsKey;
    }
    // 12. temporal filter (streams only), before the codebook so both see filtered tones
    if (stream) {
      stream.prepare(plan.columns, plan.rows, g.charset);
      temporal(b.cellData, cellCount, plan.temporal, stream.fresh, stream.m, stream.p);
      lap('temporal');
      this.keep('temporal', b.cellData);
    }
    const prev = stream && !stream.fresh ? stream.prevGlyphs : null;
    // 10-11. codebook, glyph choice (dithered or not)
    const book = codebook(
      b.cellData,
      CELL_STRIDE,
      CELL_MEAN,
      cellCount,
      g.rampOrder,
      g.coverage,
      g.densest,
      plan.adaptive,
      plan.codebookBound,
      stream ? { previous: stream.codebook, movingBelow: movingSwitchCost(plan.temporal) } : null,
    );
    if (stream) stream.codebook = book.glyphs;
    lap('codebook');
    const out = new Uint8Array(cellCount);
    const colors = new Uint8Array(cellCount * 3);
    // two-colour cells pick glyph and colors together (the director's candidates, colorless, match ink)
    const backgrounds = plan.background && options.colors !== false ? new Uint8Array(cellCount * 3) : undefined;
    if (backgrounds) {
      twoColourCells(plan, b, book.glyphs, prev && stream ? stream : null, out, colors, backgrounds);
      lap('two-color');
      this.keep('two-color', out);
    } else {
      this.pickGlyphs(plan, book.glyphs, prev, out);
      lap(plan.dither ? 'dither' : 'glyphs');
      this.keep(plan.dither ? 'dither' : 'glyphs', out);
    }
    if (stream) {
      for (let i = 0; i < cellCount; i++) stream.prevGlyphs[i] = out[i];
      stream.prevTwoColor = backgrounds !== undefined;
      if (backgrounds) {
        stream.prevFg.set(colors);
        stream.prevBg.set(backgrounds);
      }
      stream.fresh = false;
    }
    // 13. colors
    if (options.colors !== false && !backgrounds)
      color(
        b.lin,
        b.cellData,
        out,
        plan.columns,
        plan.rows,
        plan.saturation,
        plan.invert,
        g.coverage,
        plan.linearToSrgb,
        plan.linearToTone,
        colors,
      );
    lap('color');
    const evidence: RenderEvidence = {
      source: { width: plan.fullSize.width, height: plan.fullSize.height },
      samplesPerCell: { x: SAMPLES_X, y: SAMPLES_Y },
      codebook: codebookEvidence(plan, book),
      director: null,
      timings,
    };
    return {
      columns: plan.columns,
      rows: plan.rows,
      charset: g.charset,
      table: g.table,
      glyphs: out,
      colors,
      ...(backgrounds ? { backgrounds } : {}),
      evidence,
    };
  }

  /** Stage 11 for one-colour art: each cell's glyph by its ink, dithered or not. */
  private pickGlyphs(plan: FramePlan, codebookGlyphs: Int32Array, prev: Int32Array | null, out: Uint8Array): void {
    const b = this.buffers as Buffers;
    const g = plan.glyphs;
    if (plan.dither)
      dither(
        b.cellData,
        plan.columns,
        plan.rows,
        codebookGlyphs,
        g.coverage,
        g.blurredMasks,
        plan.cellBlur,
        prev,
        g.densest,
        out,
      );
    else
      glyphs(
        b.cellData,
        plan.columns * plan.rows,
        codebookGlyphs,
        g.coverage,
        g.blurredMasks,
        plan.cellBlur,
        prev,
        out,
      );
  }

  /** Copies a stage's output into the probe, when one is set. */
  private keep(stage: string, output: ArrayLike<number>): void {
    if (this.probe && isProbedStage(stage)) this.probe.set(stage, Int32Array.from(output));
  }

  /** The cell records of the last finished frame (targets, means, structure), for the director. */
  get cellData(): Int32Array {
    if (!this.buffers) throw new Error('CpuExecutor: nothing rendered yet');
    return this.buffers.cellData;
  }
}

/** The cell mean tones of the sharpened plane and their blur (LOCAL_PASSES box passes per axis); returns the blur. */
function localMeans(plan: FramePlan, b: Buffers): Uint16Array {
  const { columns, rows } = plan;
  cellTones(b.toneB, columns, rows, b.means);
  let src = b.means;
  let dst = b.localA;
  for (const [horizontal, radius] of [
    [true, plan.localRadiusX],
    [false, plan.localRadiusY],
  ] as const)
    for (let k = 0; k < LOCAL_PASSES; k++) {
      boxPass(src, columns, rows, radius, horizontal, dst);
      src = dst;
      dst = dst === b.localA ? b.localB : b.localA;
    }
  return src;
}

/** What shows through a transparent pixel: the page, black, or white under inverted art (as linearize.wgsl picks it). */
const pageUnder = (plan: FramePlan) => (plan.invert ? LINEAR_MAX : 0);

/** A lap timer: each call records the milliseconds since the previous one under `stage`. */
function stopwatch(timings: Record<string, number>): (stage: string) => void {
  let t0 = performance.now();
  return (stage) => {
    const t = performance.now();
    timings[stage] = Math.round((t - t0) * 1000) / 1000;
    t0 = t;
  };
}

/**
 * The buffers and bind groups of one frame size (source size + grid), made when a size first
 * arrives and reused for every frame of that size; and the stream state buffers of one grid.
 *
 * Buffer formats (one 32-bit word per CPU array element, the same integer values):
 *   rgba        u32 per source pixel, r | g << 8 | b << 16 | a << 24, `stride` pixels per row
 *   levelA/B    u32 x 3 per pixel: the box reductions, ping-pong (level i in A when i is even)
 *   resampledX  u32 x 3, sampleWidth x reducedHeight;  lin  u32 x 3 per sample
 *   fineX, fine the same for two-colour blocks' fine plane, fineWidth x fineHeight (4 bytes without)
 *   toneA/B     u32 per sample;  grad  i32 x 2 per sample;  hist  u32 x 256;  levels  i32 x 2
 *   localMeans  u32 per cell (local-contrast cellTones);  localA/B  u32 per cell, its box passes
 *   cellData    i32 x CELL_STRIDE per cell;  book  u32 x BOOK_WORDS;  glyphs  u32 per cell
 *   ditherErr   i32 x 2 per cell;  packed  u32 x 2 per cell: glyph | r << 8 | g << 16 | b << 24,
 *               then (two-colour cells) the backgrounds r | g << 8 | b << 16
 *   staging     MAP_READ: packed, then the book, then the resolved timestamps (u64)
 * Stream state: stateM / stateP i32 x 8 per cell (temporal.ts format), prevGlyphs u32 per cell,
 * prevBook u32 x BOOK_WORDS, prevColors u32 x 2 per cell (two-colour cells' packed words).
 */

import { SAMPLES_PER_CELL } from '../fixed.js';
import { CELL_STRIDE } from '../kernels/cells.js';
import { HISTOGRAM_BINS } from '../kernels/histogram.js';
import { type FramePlan, frameSizeKey, type PyramidStep } from '../plan.js';
import type { ProbedStage } from '../stage-probe.js';
import { STEP_UNIFORM_SIZE, stepUniform } from './frame-uniform.js';
import type { Kernels, LayoutName } from './kernels.js';
import { BOOK_WORDS } from './preamble.js';

/** Row pitch of texture copies: bytesPerRow must be a multiple of 256. */
export const TEXTURE_ROW_ALIGN = 256;

/** Timestamp slots: two per pass, at most this many passes per frame. */
export const MAX_PASSES = 16;

export { frameSizeKey };

export function streamKey(plan: FramePlan): string {
  return `${plan.columns}x${plan.rows}:${plan.glyphs.charset}`;
}

/** Device-wide buffers: codebook scratch and the placeholders bound where a still has no stream state. */
export interface SharedBuffers {
  readonly scratch: GPUBuffer;
  readonly noPrevGlyphs: GPUBuffer;
  readonly noPrevBook: GPUBuffer;
}

export class StreamBuffers {
  readonly stateM: GPUBuffer;
  readonly stateP: GPUBuffer;
  readonly prevGlyphs: GPUBuffer;
  readonly prevBook: GPUBuffer;
  /** The last frame's packed words (glyph colors, then backgrounds) for two-colour cells. */
  readonly prevColors: GPUBuffer;

  constructor(
    device: GPUDevice,
    readonly key: string,
    cells: number,
  ) {
    const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST;
    const make = (label: string, size: number) =>
      device.createBuffer({ label: `glyphcast.stream.${label}`, size, usage });
    this.stateM = make('m', cells * SAMPLES_PER_CELL * 4);
    this.stateP = make('p', cells * SAMPLES_PER_CELL * 4);
    this.prevGlyphs = make('prevGlyphs', cells * 4);
    this.prevBook = make('prevBook', BOOK_WORDS * 4);
    this.prevColors = make('prevColors', cells * 8);
  }

  destroy(): void {
    for (const b of [this.stateM, this.stateP, this.prevGlyphs, this.prevBook, this.prevColors]) b.destroy();
  }
}

/** Bind groups that read or write the stream state (or its placeholders for stills). */
export interface StateBindGroups {
  readonly temporal: GPUBindGroup | null;
  readonly codebook: GPUBindGroup;
  readonly glyphs: GPUBindGroup;
  readonly dither: GPUBindGroup;
  readonly twoColor: GPUBindGroup;
  readonly fineBlocks: GPUBindGroup;
}

/** One dispatch that makes a level: its pipeline, the level's size, the bind group. */
export interface Reduction {
  readonly pipeline: 'linearize' | 'linearizeTwoSteps' | 'pyramid';
  readonly width: number;
  readonly height: number;
  readonly bindGroup: GPUBindGroup;
}

export class FrameResources {
  readonly cells: number;
  readonly samples: number;
  /** Source row pitch in pixels for texture copies (256-byte rows); buffers use the width. */
  readonly textureStride: number;
  readonly rgba: GPUBuffer;
  readonly glyphs: GPUBuffer;
  readonly book: GPUBuffer;
  readonly packed: GPUBuffer;
  /** Linear RGB per sample (the resample's output), read by color and twoColor. */
  readonly lin: GPUBuffer;
  readonly hist: GPUBuffer;
  readonly ditherErr: GPUBuffer;
  readonly staging: GPUBuffer;
  readonly stagingBookAt: number;
  readonly stagingTimesAt: number;
  /** linearize (the first reduction, or 1 x 1 when the plan has no pyramid), then the pyramid levels. */
  readonly reductions: Reduction[] = [];
  readonly groups: Record<
    | 'resampleX'
    | 'resampleY'
    | 'resampleFineX'
    | 'resampleFineY'
    | 'luma'
    | 'denoise'
    | 'histogram'
    | 'levels'
    | 'tone'
    | 'sharpen'
    | 'sobel'
    | 'cellTones'
    | 'meansToA'
    | 'aToB'
    | 'bToA'
    | 'cells'
    | 'color',
    GPUBindGroup
  >;
  private readonly buffers: GPUBuffer[] = [];
  private readonly cellData: GPUBuffer;
  /** Two-colour blocks' fine plane (linear RGB at fineWidth x fineHeight points), read by fineBlocks. */
  private readonly fine: GPUBuffer;
  private readonly outputs: Record<ProbedStage, GPUBuffer>;
  private stateGroups: { stream: StreamBuffers | null; groups: StateBindGroups } | null = null;
  private noStateGroups: StateBindGroups | null = null;

  constructor(
    private readonly device: GPUDevice,
    private readonly kernels: Kernels,
    private readonly shared: SharedBuffers,
    plan: FramePlan,
    readonly key: string,
  ) {
    const { width, height } = plan.source;
    this.cells = plan.columns * plan.rows;
    this.samples = plan.sampleWidth * plan.sampleHeight;
    this.textureStride = Math.ceil((width * 4) / TEXTURE_ROW_ALIGN) * (TEXTURE_ROW_ALIGN / 4);
    const limit = device.limits.maxStorageBufferBindingSize;
    const rgbaBytes = this.textureStride * height * 4;
    if (rgbaBytes > limit) {
      const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
      throw new RangeError(
        `a ${width} x ${height} picture takes ${mb(rgbaBytes)} in one buffer, and this GPU binds at most ${mb(limit)}`,
      );
    }
    // COPY_SRC: the per-kernel parity tests copy stage outputs out (stageOutput)
    const S = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC;
    this.rgba = this.buffer('rgba', rgbaBytes, S | GPUBufferUsage.COPY_DST);

    // reductions: linearize's (fused) first step, or with two or more steps its twoSteps entry,
    // which makes level 1 straight from the source (level 0 is then never written); then one
    // pyramid dispatch per level
    const steps: PyramidStep[] = plan.pyramid.length > 0 ? [...plan.pyramid] : [{ fx: 1, fy: 1 }];
    const sizes: [number, number][] = [];
    let [w, h] = [width, height];
    for (const s of steps) {
      [w, h] = [Math.floor(w / s.fx), Math.floor(h / s.fy)];
      sizes.push([w, h]);
    }
    const twoSteps = steps.length > 1;
    const written = (i: number) => i > 0 || !twoSteps;
    const biggest = (parity: number) =>
      Math.max(4, ...sizes.filter((_, i) => i % 2 === parity && written(i)).map(([a, b]) => a * b * 12));
    const levelA = this.buffer('levelA', biggest(0), S);
    const levelB = sizes.length > 1 ? this.buffer('levelB', biggest(1), S) : levelA;
    const level = (i: number) => (i % 2 === 0 ? levelA : levelB);
    const align = Math.max(STEP_UNIFORM_SIZE, device.limits.minUniformBufferOffsetAlignment);
    const stepBuffer = this.buffer('steps', align * steps.length, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
    steps.forEach((step, i) => {
      const [srcWidth, srcHeight] = i === 0 ? [width, height] : sizes[i - 1];
      const [dstWidth, dstHeight] = sizes[i];
      const values = { srcWidth, srcHeight, fx: step.fx, fy: step.fy, dstWidth, dstHeight };
      device.queue.writeBuffer(stepBuffer, i * align, stepUniform(values));
    });
    const uniform = (k: number) => ({ buffer: stepBuffer, offset: k * align, size: STEP_UNIFORM_SIZE });
    const reduction = (pipeline: Reduction['pipeline'], i: number, bindGroup: GPUBindGroup) =>
      this.reductions.push({ pipeline, width: sizes[i][0], height: sizes[i][1], bindGroup });
    if (twoSteps)
      reduction('linearizeTwoSteps', 1, this.group('linearizeTwoSteps', uniform(0), this.rgba, level(1), uniform(1)));
    else reduction('linearize', 0, this.group('linearize', uniform(0), this.rgba, level(0)));
    for (let i = 2; i < steps.length; i++)
      reduction('pyramid', i, this.group('pyramid', uniform(i), level(i - 1), level(i)));
    const reduced = level(steps.length - 1);

    const resampledX = this.buffer('resampledX', plan.sampleWidth * plan.reducedHeight * 12, S);
    const lin = this.buffer('lin', this.samples * 12, S);
    this.lin = lin;
    const fineX = this.buffer('fineX', plan.fineWidth * plan.reducedHeight * 12, S);
    this.fine = this.buffer('fine', plan.fineWidth * plan.fineHeight * 12, S);
    const toneA = this.buffer('toneA', this.samples * 4, S);
    const toneB = this.buffer('toneB', this.samples * 4, S);
    const grad = this.buffer('grad', this.samples * 8, S);
    this.hist = this.buffer('hist', HISTOGRAM_BINS * 4, S | GPUBufferUsage.COPY_DST);
    const levels = this.buffer('levels', 8, S);
    this.cellData = this.buffer('cellData', this.cells * CELL_STRIDE * 4, S);
    const means = this.buffer('localMeans', this.cells * 4, S);
    const localA = this.buffer('localA', this.cells * 4, S);
    const localB = this.buffer('localB', this.cells * 4, S);
    this.book = this.buffer('book', BOOK_WORDS * 4, S);
    this.glyphs = this.buffer('glyphs', this.cells * 4, S);
    this.ditherErr = this.buffer('ditherErr', this.cells * 8, S | GPUBufferUsage.COPY_DST);
    this.packed = this.buffer('packed', this.cells * 8, S);
    // the buffer each probed stage leaves its output in, right after its pass (ping-pong included)
    this.outputs = {
      resample: lin,
      luma: toneA,
      denoise: toneB,
      levels,
      tone: toneA,
      sharpen: toneB,
      sobel: grad,
      'local-contrast': localB,
      cells: this.cellData,
      temporal: this.cellData,
      glyphs: this.glyphs,
      dither: this.glyphs,
    };
    this.stagingBookAt = this.cells * 8;
    this.stagingTimesAt = Math.ceil((this.stagingBookAt + BOOK_WORDS * 4) / 8) * 8;
    this.staging = this.buffer(
      'staging',
      this.stagingTimesAt + MAX_PASSES * 2 * 8,
      GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
    );

    this.groups = {
      resampleX: this.group('resample', reduced, resampledX),
      resampleY: this.group('resample', resampledX, lin),
      resampleFineX: this.group('resample', reduced, fineX),
      resampleFineY: this.group('resample', fineX, this.fine),
      luma: this.group('luma', lin, toneA),
      denoise: this.group('denoise', toneA, toneB),
      histogram: this.group('histogram', toneB, this.hist),
      levels: this.group('levels', this.hist, levels),
      tone: this.group('tone', toneB, levels, toneA),
      sharpen: this.group('sharpen', toneA, toneB),
      sobel: this.group('sobel', toneB, grad),
      cellTones: this.group('localContrast', toneB, means),
      meansToA: this.group('localContrast', means, localA),
      aToB: this.group('localContrast', localA, localB),
      bToA: this.group('localContrast', localB, localA),
      // the box passes come in pairs (LOCAL_PASSES along each axis), so the blur ends in localB
      cells: this.group('cells', toneB, grad, means, localB, this.cellData),
      color: this.group('color', lin, this.cellData, this.glyphs, this.packed),
    };
  }

  /** The bind groups touching stream state: `stream` for streams, null (placeholders) for stills. */
  stateBindGroups(stream: StreamBuffers | null): StateBindGroups {
    if (!stream) {
      this.noStateGroups ??= this.makeStateGroups(null);
      return this.noStateGroups;
    }
    if (this.stateGroups?.stream !== stream) this.stateGroups = { stream, groups: this.makeStateGroups(stream) };
    return this.stateGroups.groups;
  }

  /** The buffer a probed stage writes its output to (read right after its pass: later passes reuse it). */
  stageOutput(stage: ProbedStage): GPUBuffer {
    return this.outputs[stage];
  }

  destroy(): void {
    for (const b of this.buffers) b.destroy();
  }

  private makeStateGroups(stream: StreamBuffers | null): StateBindGroups {
    const prevGlyphs = stream?.prevGlyphs ?? this.shared.noPrevGlyphs;
    const prevBook = stream?.prevBook ?? this.shared.noPrevBook;
    // twoColor and fineBlocks bind alike, each reading its own plane: the sample grid, or the fine one
    const prevColors = stream?.prevColors ?? this.shared.noPrevGlyphs;
    const twoColorOn = (plane: GPUBuffer) =>
      this.group('twoColor', plane, this.cellData, this.book, prevGlyphs, this.glyphs, this.packed, prevColors);
    return {
      temporal: stream ? this.group('temporal', this.cellData, stream.stateM, stream.stateP) : null,
      codebook: this.group('codebook', this.cellData, prevBook, this.book, this.shared.scratch),
      glyphs: this.group('glyphs', this.cellData, this.book, prevGlyphs, this.glyphs),
      dither: this.group('dither', this.cellData, this.book, prevGlyphs, this.glyphs, this.ditherErr),
      twoColor: twoColorOn(this.lin),
      fineBlocks: twoColorOn(this.fine),
    };
  }

  private buffer(label: string, size: number, usage: GPUBufferUsageFlags): GPUBuffer {
    const b = this.device.createBuffer({ label: `glyphcast.${label}`, size: Math.max(4, size), usage });
    this.buffers.push(b);
    return b;
  }

  private group(layout: LayoutName, ...resources: (GPUBuffer | GPUBufferBinding)[]): GPUBindGroup {
    return this.device.createBindGroup({
      label: `glyphcast.${layout}`,
      layout: this.kernels.layouts[layout],
      entries: resources.map((r, binding) => ({ binding, resource: 'buffer' in r ? r : { buffer: r } })),
    });
  }
}

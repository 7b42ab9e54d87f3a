/**
 * Records one frame's command buffer: the kernels in the CPU executor's stage order, one
 * compute pass per stage (so timestamps give per-stage times), then the copies of the packed
 * grid and the codebook into the staging buffer when it is read back (and, for streams, into
 * the stream state).
 *
 * Dispatch maths: element kernels get ceil(n / size) workgroups as (min(g, maxX), ceil(g /
 * maxX)) (see common.wgsl flatIndex); the histogram min(HISTOGRAM_GROUPS, ceil(n / size))
 * workgroups striding over the samples; levels runs one invocation; codebook and the dither
 * wavefront one workgroup of `groupSize`; the serial dither one invocation.
 *
 * A frame drawn on the GPU only (GpuExecutor.renderOnDevice) records no staging copy: its grid
 * stays in `packed` until the next frame, for the painter to draw from.
 */
import { LOCAL_PASSES } from '../kernels/local-contrast.js';
import type { FramePlan } from '../plan.js';
import type { Kernels, PipelineName } from './kernels.js';
import { BOOK_WORDS } from './preamble.js';
import type { FrameResources, StateBindGroups, StreamBuffers } from './resources.js';
import type { Upload } from './upload.js';

/** How the dither pass runs on the GPU: a row wavefront in one workgroup, or one invocation (engine/gpu/README.md). */
export type DitherSchedule = 'wavefront' | 'serial';

/**
 * Workgroups of the histogram pass, each striding over the samples. Each zeroes and merges 256
 * bins between two barriers, which software adapters pay per invocation: on SwiftShader at 120
 * columns (32,640 samples) the pass took 6.1 ms with 64 groups, 2.7 with 16 and 1.6 with 8. A GPU
 * counts even 400 columns' samples (360,000) with 8 groups of 64 in well under 0.1 ms.
 */
export const HISTOGRAM_GROUPS = 8;

export interface FrameRecording {
  readonly device: GPUDevice;
  readonly kernels: Kernels;
  readonly plan: FramePlan;
  readonly res: FrameResources;
  readonly state: StateBindGroups;
  readonly stream: StreamBuffers | null;
  readonly frameGroup: GPUBindGroup;
  readonly upload: Upload;
  readonly dither: DitherSchedule;
  readonly querySet: GPUQuerySet | null;
  readonly resolveBuffer: GPUBuffer | null;
  /** Whether the frame's command buffer copies the grid into the staging buffer to be mapped. */
  readonly readback: boolean;
  /** Called after each pass with its name, to copy its output out (per-kernel parity tests). */
  readonly afterPass?: (name: string, encoder: GPUCommandEncoder) => void;
}

/** Records and submits the frame; returns the pass names in timestamp order. */
export function recordFrame(f: FrameRecording): string[] {
  const { device, kernels, plan, res, state, upload } = f;
  const maxX = device.limits.maxComputeWorkgroupsPerDimension;
  const encoder = device.createCommandEncoder({ label: 'glyphcast.frame' });
  const names: string[] = [];

  const pass = (name: string, body: (p: GPUComputePassEncoder) => void) => {
    const i = names.length;
    const p = encoder.beginComputePass({
      label: `glyphcast.${name}`,
      timestampWrites: f.querySet
        ? { querySet: f.querySet, beginningOfPassWriteIndex: 2 * i, endOfPassWriteIndex: 2 * i + 1 }
        : undefined,
    });
    p.setBindGroup(0, f.frameGroup);
    body(p);
    p.end();
    f.afterPass?.(name, encoder);
    names.push(name);
  };
  /** One invocation per element, n elements. */
  const each = (p: GPUComputePassEncoder, pipeline: GPUComputePipeline, group: GPUBindGroup, n: number) => {
    const groups = Math.ceil(n / kernels.elementSize);
    const x = Math.min(groups, maxX);
    p.setPipeline(pipeline);
    p.setBindGroup(1, group);
    p.dispatchWorkgroups(x, Math.ceil(groups / x));
  };
  /** One workgroup (or one invocation, for kernels declared with workgroup_size(1)). */
  const once = (p: GPUComputePassEncoder, pipeline: GPUComputePipeline, group: GPUBindGroup) => {
    p.setPipeline(pipeline);
    p.setBindGroup(1, group);
    p.dispatchWorkgroups(1);
  };
  const k = (name: PipelineName) => kernels.pipelines[name];
  const g = res.groups;
  const samples = res.samples;
  const cells = res.cells;

  encoder.clearBuffer(res.hist);
  if (plan.dither) encoder.clearBuffer(res.ditherErr);
  if (upload.kind === 'copy') {
    encoder.copyTextureToBuffer(
      { texture: upload.texture },
      { buffer: res.rgba, bytesPerRow: upload.stride * 4, rowsPerImage: plan.source.height },
      { width: plan.source.width, height: plan.source.height },
    );
  }
  // linearize makes the first level, or the second straight from the source (resources.ts)
  const [first, ...rest] = res.reductions;
  pass('linearize', (p) => {
    if (upload.kind === 'external') each(p, upload.pipeline, upload.bindGroup, plan.source.width * plan.source.height);
    each(p, k(first.pipeline), first.bindGroup, first.width * first.height);
  });
  if (rest.length > 0)
    pass('pyramid', (p) => {
      for (const r of rest) each(p, k(r.pipeline), r.bindGroup, r.width * r.height);
    });
  pass('resample', (p) => {
    each(p, k('resampleX'), g.resampleX, plan.sampleWidth * plan.reducedHeight);
    each(p, k('resampleY'), g.resampleY, samples);
    if (plan.fineBlocks) {
      each(p, k('resampleFineX'), g.resampleFineX, plan.fineWidth * plan.reducedHeight);
      each(p, k('resampleFineY'), g.resampleFineY, plan.fineWidth * plan.fineHeight);
    }
  });
  pass('luma', (p) => each(p, k('luma'), g.luma, samples));
  pass('denoise', (p) => each(p, k('denoise'), g.denoise, samples));
  pass('levels', (p) => {
    p.setPipeline(k('histogram'));
    p.setBindGroup(1, g.histogram);
    p.dispatchWorkgroups(Math.min(HISTOGRAM_GROUPS, Math.ceil(samples / kernels.elementSize)));
    once(p, k('levels'), g.levels);
  });
  pass('tone', (p) => each(p, k('tone'), g.tone, samples));
  pass('sharpen', (p) => each(p, k('sharpen'), g.sharpen, samples));
  pass('sobel', (p) => each(p, k('sobel'), g.sobel, samples));
  if (plan.localContrast > 0)
    pass('local-contrast', (p) => {
      each(p, k('cellTones'), g.cellTones, cells);
      for (let i = 0; i < 2 * LOCAL_PASSES; i++)
        each(p, k(i < LOCAL_PASSES ? 'boxX' : 'boxY'), i === 0 ? g.meansToA : i % 2 === 1 ? g.aToB : g.bToA, cells);
    });
  pass('cells', (p) => each(p, k('cells'), g.cells, cells));
  if (state.temporal) {
    const temporal = state.temporal;
    pass('temporal', (p) => each(p, k('temporal'), temporal, cells));
  }
  pass('codebook', (p) => once(p, k('codebook'), state.codebook));
  if (plan.fineBlocks) {
    pass('two-color', (p) => each(p, k('fineBlocks'), state.fineBlocks, cells));
  } else if (plan.background) {
    pass('two-color', (p) => each(p, k('twoColor'), state.twoColor, cells));
  } else if (plan.dither) {
    pass('dither', (p) => once(p, k(f.dither === 'serial' ? 'ditherSerial' : 'ditherWavefront'), state.dither));
  } else {
    pass('glyphs', (p) => each(p, k('glyphs'), state.glyphs, cells));
  }
  if (!plan.background) pass('color', (p) => each(p, k('color'), g.color, cells));

  // the timestamps are resolved with every frame; they reach the staging buffer only with a readback
  if (f.querySet && f.resolveBuffer) encoder.resolveQuerySet(f.querySet, 0, names.length * 2, f.resolveBuffer, 0);
  if (f.readback) recordReadback(encoder, plan, res, f.resolveBuffer ? names.length : 0, f.resolveBuffer);
  if (f.stream) {
    encoder.copyBufferToBuffer(res.glyphs, 0, f.stream.prevGlyphs, 0, cells * 4);
    if (plan.background) encoder.copyBufferToBuffer(res.packed, 0, f.stream.prevColors, 0, cells * 8);
    encoder.copyBufferToBuffer(res.book, 0, f.stream.prevBook, 0, BOOK_WORDS * 4);
  }
  device.queue.submit([encoder.finish()]);
  return names;
}

/**
 * The copies a readback maps: the packed cells, the codebook and (with `passes` timestamps
 * resolved into `resolveBuffer`) the pass times, into the staging buffer. Recorded in the
 * frame's own command buffer, or later on their own (GpuExecutor.readBack) while no later frame
 * has overwritten them.
 */
export function recordReadback(
  encoder: GPUCommandEncoder,
  plan: FramePlan,
  res: FrameResources,
  passes: number,
  resolveBuffer: GPUBuffer | null,
): void {
  encoder.copyBufferToBuffer(res.packed, 0, res.staging, 0, res.cells * (plan.background ? 8 : 4));
  encoder.copyBufferToBuffer(res.book, 0, res.staging, res.stagingBookAt, BOOK_WORDS * 4);
  if (resolveBuffer && passes > 0)
    encoder.copyBufferToBuffer(resolveBuffer, 0, res.staging, res.stagingTimesAt, passes * 16);
}

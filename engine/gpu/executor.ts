/**
 * The GPU executor: the WGSL twins of engine/kernels in pipeline order over one FramePlan and
 * one frame, producing the same CellGrid as the CPU executor, bit for bit.
 *
 * Runtime-neutral: it takes a GPUDevice and the WGSL sources from its host (engine/node,
 * engine/browser) and touches no platform module. Pipelines and layouts are made once per
 * executor (one per device); buffers and bind groups once per frame size; a frame writes its
 * uniform (and the tables when the plan's tables changed), records one command buffer, submits
 * it once and maps one staging buffer. See README.md beside this file for the contract.
 */
import { MAX_GLYPHS } from '../glyphs/table.js';
import type { CellGrid } from '../grid.js';
import type { FramePlan } from '../plan.js';
import type { ProbedStage, StageOutputs } from '../stage-probe.js';
import type { DeviceGrid } from './device-grid.js';
import { GpuExecutorError } from './errors.js';
import type { GpuFrame } from './frame-source.js';
import { FRAME_UNIFORM_SIZE, FrameUniform, type StreamFlags, TableImage } from './frame-uniform.js';
import { type KernelOptions, Kernels } from './kernels.js';
import { copyOutput, readOutputs } from './probe-copies.js';
import { passTimings, readGrid, round3 } from './readback.js';
import { type DitherSchedule, recordFrame, recordReadback } from './record-frame.js';
import { FrameResources, frameSizeKey, MAX_PASSES, type SharedBuffers, StreamBuffers, streamKey } from './resources.js';
import { checkShaderSources, type ShaderSources } from './shaders.js';
import { type FramePath, FrameUploader } from './upload.js';

export type { DeviceGrid, DitherSchedule };

/** A frame submitted: what its readback needs. */
interface Submitted {
  readonly plan: FramePlan;
  readonly res: FrameResources;
  readonly passes: readonly string[];
  /** When it was submitted (performance.now()). */
  readonly at: number;
  readonly serial: number;
}

export type TimingSource = 'timestamp-query' | 'wall';

export interface GpuExecutorOptions extends KernelOptions {
  /** How the dither pass walks the grid (identical output): default 'wavefront' (see README.md). */
  readonly dither?: DitherSchedule;
  /** Per-pass GPU timestamps when the device has 'timestamp-query' (default true). */
  readonly timestamps?: boolean;
}

export interface GpuRenderOptions {
  /** Run the temporal filter; its state stays on the GPU for the next stream frame. */
  readonly stream?: boolean;
  /**
   * For RgbaImage frames: equal to the previous frame's key (and the same source size), the
   * pixels already on the GPU are reused and nothing is uploaded. Change it whenever the pixels change.
   */
  readonly sourceKey?: string | number;
  /** Filled with each probed stage's output (per-kernel parity tests; slower: one copy per stage). */
  readonly probe?: StageOutputs;
}

export class GpuExecutor {
  /** Settles when the device is lost (the host then falls back to the CPU executor). */
  readonly lost: Promise<GPUDeviceLostInfo>;
  readonly timingSource: TimingSource;
  private lostInfo: GPUDeviceLostInfo | null = null;
  private destroyed = false;
  private readonly uniform = new FrameUniform();
  private readonly tableImage = new TableImage();
  private readonly frameBuffer: GPUBuffer;
  private tablesBuffer: GPUBuffer | null = null;
  private frameGroup: GPUBindGroup | null = null;
  private readonly shared: SharedBuffers;
  private readonly querySet: GPUQuerySet | null;
  private readonly resolveBuffer: GPUBuffer | null;
  private resources: FrameResources | null = null;
  private stream: StreamBuffers | null = null;
  private fresh = true;
  /** Whether the stream's last frame had two-colour cells (its packed words are in prevColors). */
  private prevTwoColor = false;
  private hasBook = false;
  /** The last frame submitted (its grid is in its resources' `packed` until the next), and a count of frames. */
  private last: Submitted | null = null;
  private serial = 0;
  /** Settles when the GPU has done the last frame left on it (renderOnDevice waits for it). */
  private onGpu: Promise<unknown> = Promise.resolve();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly uploader: FrameUploader;

  constructor(
    readonly device: GPUDevice,
    private readonly kernels: Kernels,
    private readonly dither: DitherSchedule,
    timestamps: boolean,
  ) {
    this.uploader = new FrameUploader(device, kernels);
    this.lost = device.lost.then((info) => {
      this.lostInfo = info;
      return info;
    });
    const usage = GPUBufferUsage;
    this.frameBuffer = device.createBuffer({
      label: 'glyphcast.frameUniform',
      size: FRAME_UNIFORM_SIZE,
      usage: usage.UNIFORM | usage.COPY_DST,
    });
    this.shared = {
      scratch: device.createBuffer({
        label: 'glyphcast.codebookScratch',
        size: 2 * MAX_GLYPHS * MAX_GLYPHS * 4,
        usage: usage.STORAGE,
      }),
      noPrevGlyphs: device.createBuffer({ label: 'glyphcast.noPrevGlyphs', size: 16, usage: usage.STORAGE }),
      noPrevBook: device.createBuffer({ label: 'glyphcast.noPrevBook', size: 16, usage: usage.STORAGE }),
    };
    const useTimestamps = timestamps && device.features.has('timestamp-query');
    this.timingSource = useTimestamps ? 'timestamp-query' : 'wall';
    this.querySet = useTimestamps
      ? device.createQuerySet({ label: 'glyphcast.timestamps', type: 'timestamp', count: MAX_PASSES * 2 })
      : null;
    this.resolveBuffer = useTimestamps
      ? device.createBuffer({
          label: 'glyphcast.timestampResolve',
          size: MAX_PASSES * 2 * 8,
          usage: usage.QUERY_RESOLVE | usage.COPY_SRC,
        })
      : null;
  }

  /**
   * How the last frame's pixels reached the GPU: written from a buffer, copied from an image or
   * video frame, imported as an external texture, or (video the adapter refuses) read on the CPU.
   */
  get framePath(): FramePath | null {
    return this.uploader.path;
  }

  /** True once the device is lost or the executor destroyed. */
  get unusable(): boolean {
    return this.lostInfo !== null || this.destroyed;
  }

  /**
   * Renders one frame. Calls are queued, so a caller may fire the next frame before the last
   * settles. Rejects with GpuExecutorError ('device_lost' when the host should fall back).
   */
  render(plan: FramePlan, frame: GpuFrame, options: GpuRenderOptions = {}): Promise<CellGrid> {
    return this.enqueue(() => this.renderNow(plan, frame, options));
  }

  /** Forgets the temporal state (new source, seek, loop): the next stream frame starts afresh. */
  reset(): void {
    this.fresh = true;
    this.hasBook = false;
  }

  /** Releases every buffer; the executor is unusable afterwards (the device stays the host's). */
  destroy(): void {
    this.destroyed = true;
    this.resources?.destroy();
    this.stream?.destroy();
    this.uploader.destroy();
    this.tablesBuffer?.destroy();
    this.frameBuffer.destroy();
    this.querySet?.destroy();
    this.resolveBuffer?.destroy();
    for (const b of Object.values(this.shared)) b.destroy();
  }

  /**
   * Renders one frame and leaves it on the GPU: nothing is mapped. A painter on the same device
   * draws the returned DeviceGrid's `packed` buffer; `readBack` maps its grid when a consumer
   * asks (an export, a recording), as long as no later frame replaced it. Queued like `render`,
   * and it waits for the GPU to finish the previous frame left there, so a caller that submits
   * frames faster than the GPU runs them is paced by it instead of queueing work.
   */
  renderOnDevice(plan: FramePlan, frame: GpuFrame, options: GpuRenderOptions = {}): Promise<DeviceGrid> {
    return this.enqueue(async () => {
      // one frame on the GPU at a time: nothing else paces a caller that never maps
      await this.onGpu;
      const submitted = await this.submit(plan, frame, options, false);
      this.onGpu = this.device.queue.onSubmittedWorkDone().catch(() => undefined);
      return this.deviceGridOf(submitted);
    });
  }

  /**
   * The CellGrid of a frame left on the GPU (renderOnDevice), read back now: equal to what
   * `render` would have returned for it, but for the timings (the pass times where timestamps
   * are on; no `submit` time otherwise). Rejects with GpuExecutorError('stale') once a later frame replaced it.
   */
  readBack(grid: DeviceGrid): Promise<CellGrid> {
    return this.enqueue(async () => {
      const last = this.last;
      if (!grid.current || !last) throw new GpuExecutorError('stale', 'a later frame replaced this one on the GPU');
      this.checkUsable();
      const encoder = this.device.createCommandEncoder({ label: 'glyphcast.readback' });
      recordReadback(encoder, last.plan, last.res, last.passes.length, this.resolveBuffer);
      this.device.queue.submit([encoder.finish()]);
      return this.mapGrid(last, performance.now(), null);
    });
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private checkUsable(): void {
    if (this.lostInfo) throw new GpuExecutorError('device_lost', `GPU device lost: ${this.lostInfo.message}`);
    if (this.destroyed) throw new GpuExecutorError('destroyed', 'the GPU executor was destroyed');
  }

  private async renderNow(plan: FramePlan, frame: GpuFrame, options: GpuRenderOptions): Promise<CellGrid> {
    const start = performance.now();
    const copies: [ProbedStage, GPUBuffer][] = [];
    const submitted = await this.submit(plan, frame, options, true, copies);
    const grid = await this.mapGrid(submitted, start, submitted.at);
    if (options.probe) await readOutputs(copies, options.probe);
    return grid;
  }

  /** Records and submits one frame (with its staging copies when `readback`); checks the device's errors. */
  private async submit(
    plan: FramePlan,
    frame: GpuFrame,
    options: GpuRenderOptions,
    readback: boolean,
    copies: [ProbedStage, GPUBuffer][] = [],
  ): Promise<Submitted> {
    this.checkUsable();
    const device = this.device;
    device.pushErrorScope('out-of-memory');
    device.pushErrorScope('validation');
    let recorded: Submitted | null = null;
    let failure: unknown = null;
    try {
      const res = this.prepare(plan);
      const stream = options.stream ? this.prepareStream(plan) : null;
      const flags: StreamFlags = stream
        ? {
            temporal: true,
            fresh: this.fresh,
            usePrevGlyphs: !this.fresh,
            usePrevBook: this.hasBook,
            usePrevColors: !this.fresh && this.prevTwoColor,
          }
        : { temporal: false, fresh: false, usePrevGlyphs: false, usePrevBook: false, usePrevColors: false };
      const upload = await this.uploader.upload(frame, plan.source.width, plan.source.height, res, options.sourceKey);
      const changed = this.tableImage.pack(plan);
      if (changed !== null) this.writeTables(changed);
      this.uniform.fill(plan, upload.stride, this.tableImage, flags);
      device.queue.writeBuffer(this.frameBuffer, 0, this.uniform.data);
      const passes = recordFrame({
        device,
        kernels: this.kernels,
        plan,
        res,
        state: res.stateBindGroups(stream),
        stream,
        frameGroup: this.frameGroup as GPUBindGroup,
        upload,
        dither: this.dither,
        querySet: this.querySet,
        resolveBuffer: this.resolveBuffer,
        readback,
        afterPass: options.probe
          ? (name, encoder) => copies.push(...copyOutput(device, res, name, encoder))
          : undefined,
      });
      recorded = { plan, res, passes, at: performance.now(), serial: ++this.serial };
      this.last = recorded;
    } catch (e) {
      failure = e;
    }
    const errors = await Promise.all([device.popErrorScope(), device.popErrorScope()]);
    if (failure || !recorded) throw this.wrap(failure);
    const error = errors.find((e) => e !== null);
    if (error) throw new GpuExecutorError('gpu_error', `WebGPU error in the frame: ${error.message}`);
    // a stream moves on only with a frame the device took
    if (options.stream) {
      this.fresh = false;
      this.hasBook = true;
      this.prevTwoColor = plan.background;
    }
    return recorded;
  }

  /** Maps the staging buffer the frame's copies went to, and reads its grid; `submittedAt` times the wait. */
  private async mapGrid(frame: Submitted, start: number, submittedAt: number | null): Promise<CellGrid> {
    const { res, plan, passes } = frame;
    try {
      await res.staging.mapAsync(GPUMapMode.READ);
    } catch (e) {
      throw this.wrap(e);
    }
    const timings: Record<string, number> = this.querySet
      ? passTimings(res, passes)
      : submittedAt !== null
        ? { submit: round3(performance.now() - submittedAt) }
        : {};
    const grid = readGrid(plan, res, timings);
    res.staging.unmap();
    timings.wall = round3(performance.now() - start);
    return grid;
  }

  private deviceGridOf(frame: Submitted): DeviceGrid {
    const { plan, res, serial } = frame;
    const executor = this;
    return {
      columns: plan.columns,
      rows: plan.rows,
      charset: plan.glyphs.charset,
      table: plan.glyphs.table,
      packed: res.packed,
      twoColor: plan.background,
      get current() {
        return executor.last?.serial === serial && !executor.unusable;
      },
    };
  }

  private wrap(e: unknown): GpuExecutorError {
    if (e instanceof GpuExecutorError) return e;
    if (this.lostInfo)
      return new GpuExecutorError('device_lost', `GPU device lost: ${this.lostInfo.message}`, { cause: e });
    return new GpuExecutorError('gpu_error', e instanceof Error ? e.message : String(e), { cause: e });
  }

  /** The resources of this frame size, made on first use (and the old size's released). */
  private prepare(plan: FramePlan): FrameResources {
    const key = frameSizeKey(plan);
    if (this.resources?.key === key) return this.resources;
    this.resources?.destroy();
    this.resources = null;
    this.uploader.forget();
    try {
      this.resources = new FrameResources(this.device, this.kernels, this.shared, plan, key);
    } catch (e) {
      if (e instanceof RangeError) throw new GpuExecutorError('source_too_large', e.message);
      throw e;
    }
    return this.resources;
  }

  /** The stream state for this grid and charset; a new grid or charset starts the stream afresh. */
  private prepareStream(plan: FramePlan): StreamBuffers {
    const key = streamKey(plan);
    if (this.stream?.key !== key) {
      this.stream?.destroy();
      this.stream = new StreamBuffers(this.device, key, plan.columns * plan.rows);
      this.reset();
    }
    return this.stream;
  }

  /** Uploads the packed tables from word `from` on (all of them into a new buffer). */
  private writeTables(from: number): void {
    const image = this.tableImage;
    const bytes = image.words.byteLength;
    let start = from;
    if (!this.tablesBuffer || this.tablesBuffer.size < bytes) {
      start = 0;
      this.tablesBuffer?.destroy();
      this.tablesBuffer = this.device.createBuffer({
        label: 'glyphcast.tables',
        size: bytes,
        usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST,
      });
      this.frameGroup = this.device.createBindGroup({
        label: 'glyphcast.frame',
        layout: this.kernels.frameLayout,
        entries: [
          { binding: 0, resource: { buffer: this.frameBuffer } },
          { binding: 1, resource: { buffer: this.tablesBuffer } },
        ],
      });
    }
    this.device.queue.writeBuffer(this.tablesBuffer, start * 4, image.words, start, image.length - start);
  }
}

/**
 * Makes a GPU executor for a device: compiles every pipeline (asynchronously) from the host's
 * WGSL sources. One executor holds one stream's temporal state; make one per stream.
 */
export async function createGpuExecutor(
  device: GPUDevice,
  sources: ShaderSources,
  options: GpuExecutorOptions = {},
): Promise<GpuExecutor> {
  checkShaderSources(sources);
  device.pushErrorScope('validation');
  const kernels = await Kernels.create(device, sources, options);
  const error = await device.popErrorScope();
  if (error) throw new GpuExecutorError('gpu_error', `WebGPU pipeline creation failed: ${error.message}`);
  return new GpuExecutor(device, kernels, options.dither ?? 'wavefront', options.timestamps ?? true);
}

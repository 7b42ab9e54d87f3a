/**
 * Per-device GPU objects that never depend on the frame size: shader modules, explicit
 * bind-group layouts (group 0 shared by every pipeline, group 1 per kernel) and the compute
 * pipelines, each labelled after its kernel ('glyphcast.sobel'). Made once per device.
 */
import { FRAME_IMPORT_WGSL } from './frame-import.js';
import { composeModule, composeShader, type ShaderName, type ShaderSources } from './shaders.js';

/** A module to compile: a kernel's shader, or the frame-import pass (frame-import.ts). */
type ModuleName = ShaderName | 'frame-import';

/** How a kernel sees each of its group-1 bindings, in binding order. */
type Slot = 'uniform' | 'read' | 'write' | 'external';

/** Group-1 layouts by name; several pipelines may share one (resampleX / resampleY). */
const LAYOUTS = {
  frameImport: ['external', 'write'],
  linearize: ['uniform', 'read', 'write'],
  linearizeTwoSteps: ['uniform', 'read', 'write', 'uniform'],
  pyramid: ['uniform', 'read', 'write'],
  resample: ['read', 'write'],
  luma: ['read', 'write'],
  denoise: ['read', 'write'],
  histogram: ['read', 'write'],
  levels: ['read', 'write'],
  tone: ['read', 'read', 'write'],
  sharpen: ['read', 'write'],
  sobel: ['read', 'write'],
  localContrast: ['read', 'write'],
  cells: ['read', 'read', 'read', 'read', 'write'],
  temporal: ['write', 'write', 'write'],
  codebook: ['read', 'read', 'write', 'write'],
  glyphs: ['read', 'read', 'read', 'write'],
  dither: ['read', 'read', 'read', 'write', 'write'],
  color: ['read', 'read', 'read', 'write'],
  twoColor: ['read', 'read', 'read', 'read', 'write', 'write', 'read'],
} as const satisfies Record<string, readonly Slot[]>;

export type LayoutName = keyof typeof LAYOUTS;

/** Each pipeline: its shader file, entry point, group-1 layout, and workgroup size class. */
const PIPELINES = {
  linearize: { shader: 'linearize', entry: 'main', layout: 'linearize', size: 'element' },
  linearizeTwoSteps: { shader: 'linearize', entry: 'twoSteps', layout: 'linearizeTwoSteps', size: 'element' },
  pyramid: { shader: 'pyramid', entry: 'main', layout: 'pyramid', size: 'element' },
  resampleX: { shader: 'resample', entry: 'resampleX', layout: 'resample', size: 'element' },
  resampleY: { shader: 'resample', entry: 'resampleY', layout: 'resample', size: 'element' },
  resampleFineX: { shader: 'resample', entry: 'resampleFineX', layout: 'resample', size: 'element' },
  resampleFineY: { shader: 'resample', entry: 'resampleFineY', layout: 'resample', size: 'element' },
  luma: { shader: 'luma', entry: 'main', layout: 'luma', size: 'element' },
  denoise: { shader: 'denoise', entry: 'main', layout: 'denoise', size: 'element' },
  histogram: { shader: 'histogram', entry: 'main', layout: 'histogram', size: 'element' },
  levels: { shader: 'levels', entry: 'main', layout: 'levels', size: 'element' },
  tone: { shader: 'tone', entry: 'main', layout: 'tone', size: 'element' },
  sharpen: { shader: 'sharpen', entry: 'main', layout: 'sharpen', size: 'element' },
  sobel: { shader: 'sobel', entry: 'main', layout: 'sobel', size: 'element' },
  cellTones: { shader: 'local-contrast', entry: 'cellTones', layout: 'localContrast', size: 'element' },
  boxX: { shader: 'local-contrast', entry: 'boxX', layout: 'localContrast', size: 'element' },
  boxY: { shader: 'local-contrast', entry: 'boxY', layout: 'localContrast', size: 'element' },
  cells: { shader: 'cells', entry: 'main', layout: 'cells', size: 'element' },
  temporal: { shader: 'temporal', entry: 'main', layout: 'temporal', size: 'element' },
  codebook: { shader: 'codebook', entry: 'main', layout: 'codebook', size: 'group' },
  glyphs: { shader: 'glyphs', entry: 'main', layout: 'glyphs', size: 'element' },
  ditherWavefront: { shader: 'dither', entry: 'wavefront', layout: 'dither', size: 'dither' },
  ditherSerial: { shader: 'dither', entry: 'serial', layout: 'dither', size: 'element' },
  color: { shader: 'color', entry: 'main', layout: 'color', size: 'element' },
  twoColor: { shader: 'two-color', entry: 'main', layout: 'twoColor', size: 'element' },
  // twoColor's bindings, with the fine plane where twoColor reads the sample grid
  fineBlocks: { shader: 'two-color', entry: 'fineBlocks', layout: 'twoColor', size: 'element' },
} as const satisfies Record<string, { shader: ShaderName; entry: string; layout: LayoutName; size: string }>;

export type PipelineName = keyof typeof PIPELINES;

export interface KernelOptions {
  /** Invocations per workgroup of the per-element kernels (default 64). */
  readonly workgroupSize?: number;
  /**
   * Invocations of the codebook's single workgroup: default 64, capped by the device. Its loops
   * stride over 256 bins and at most MAX_GLYPHS levels, and every barrier costs each invocation on
   * software adapters (SwiftShader, 120 columns: 8.0 ms at 256, 4.2 at 64, 3.5 at 32).
   */
  readonly groupSize?: number;
  /**
   * Invocations of the dither wavefront's single workgroup (each owns every n-th row): default
   * 64; more only pays when a step has more active rows (min(rows, columns / 2)) than that.
   */
  readonly ditherGroupSize?: number;
}

function layoutEntry(slot: Slot, binding: number): GPUBindGroupLayoutEntry {
  const visibility = GPUShaderStage.COMPUTE;
  switch (slot) {
    case 'uniform':
      return { binding, visibility, buffer: { type: 'uniform' } };
    case 'read':
      return { binding, visibility, buffer: { type: 'read-only-storage' } };
    case 'write':
      return { binding, visibility, buffer: { type: 'storage' } };
    case 'external':
      return { binding, visibility, externalTexture: {} };
  }
}

export class Kernels {
  readonly frameLayout: GPUBindGroupLayout;
  readonly layouts: Record<LayoutName, GPUBindGroupLayout>;
  readonly elementSize: number;
  readonly groupSize: number;
  readonly ditherGroupSize: number;
  pipelines = {} as Record<PipelineName, GPUComputePipeline>;
  private frameImport: Promise<GPUComputePipeline> | null = null;
  private readonly modules = new Map<ModuleName, GPUShaderModule>();

  private constructor(
    readonly device: GPUDevice,
    private readonly sources: ShaderSources,
    options: KernelOptions,
  ) {
    const limits = device.limits;
    const cap = Math.min(limits.maxComputeInvocationsPerWorkgroup, limits.maxComputeWorkgroupSizeX);
    this.elementSize = Math.min(options.workgroupSize ?? 64, cap);
    this.groupSize = Math.min(options.groupSize ?? 64, cap);
    this.ditherGroupSize = Math.min(options.ditherGroupSize ?? 64, cap);
    const visibility = GPUShaderStage.COMPUTE;
    this.frameLayout = device.createBindGroupLayout({
      label: 'glyphcast.frame',
      entries: [
        { binding: 0, visibility, buffer: { type: 'uniform' } },
        { binding: 1, visibility, buffer: { type: 'read-only-storage' } },
      ],
    });
    this.layouts = Object.fromEntries(
      Object.entries(LAYOUTS).map(([name, slots]) => [
        name,
        device.createBindGroupLayout({
          label: `glyphcast.${name}`,
          entries: (slots as readonly Slot[]).map(layoutEntry),
        }),
      ]),
    ) as Record<LayoutName, GPUBindGroupLayout>;
  }

  /** Compiles every kernel pipeline (in parallel); the frame-import pipeline waits for its first video frame. */
  static async create(device: GPUDevice, sources: ShaderSources, options: KernelOptions = {}): Promise<Kernels> {
    const k = new Kernels(device, sources, options);
    const entries = await Promise.all(
      (Object.keys(PIPELINES) as PipelineName[]).map(async (name) => [name, await k.pipeline(name)] as const),
    );
    k.pipelines = Object.fromEntries(entries) as Record<PipelineName, GPUComputePipeline>;
    return k;
  }

  /** The pipeline that imports a GPUExternalTexture (browser video), made on first use. */
  importPipeline(): Promise<GPUComputePipeline> {
    this.frameImport ??= this.compile('frame-import', 'main', 'frameImport', this.elementSize, 'frameImport');
    return this.frameImport;
  }

  private pipeline(name: PipelineName): Promise<GPUComputePipeline> {
    const p = PIPELINES[name];
    const size = { element: this.elementSize, group: this.groupSize, dither: this.ditherGroupSize }[p.size];
    return this.compile(p.shader, p.entry, p.layout, size, name);
  }

  private compile(
    shader: ModuleName,
    entryPoint: string,
    layout: LayoutName,
    workgroupSize: number,
    label: string,
  ): Promise<GPUComputePipeline> {
    const device = this.device;
    let module = this.modules.get(shader);
    if (!module) {
      module = device.createShaderModule({ label: `glyphcast.${shader}`, code: this.source(shader).code });
      this.modules.set(shader, module);
    }
    const compiled = module;
    return device
      .createComputePipelineAsync({
        label: `glyphcast.${label}`,
        layout: device.createPipelineLayout({
          label: `glyphcast.${label}`,
          bindGroupLayouts: [this.frameLayout, this.layouts[layout]],
        }),
        compute: { module, entryPoint, constants: { WORKGROUP_SIZE: workgroupSize } },
      })
      .catch(async (e: unknown) => {
        // name the WGSL error, with its line in the composed module
        const info = await compiled.getCompilationInfo();
        const messages = info.messages.map((m) => `${m.type} at ${m.lineNum}:${m.linePos}: ${m.message}`);
        const reason = e instanceof Error ? e.message : String(e);
        const { file } = this.source(shader);
        throw new Error(`pipeline glyphcast.${label} (${file}): ${[reason, ...messages].join('\n')}`);
      });
  }

  /** A module's composed WGSL, and the file its own part comes from (named in compile errors). */
  private source(shader: ModuleName): { code: string; file: string } {
    return shader === 'frame-import'
      ? { code: composeModule(this.sources, FRAME_IMPORT_WGSL), file: 'engine/gpu/frame-import.ts' }
      : { code: composeShader(shader, this.sources), file: `shaders/${shader}.wgsl` };
  }
}

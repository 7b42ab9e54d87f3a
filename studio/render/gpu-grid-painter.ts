/**
 * GridPainter on WebGPU: shaders/draw-grid.wgsl draws one instanced quad per cell from a glyph
 * atlas rasterized from the page's font. Pipeline, sampler and layout are made once per device;
 * buffers grow only when the grid does; the atlas is redrawn only when the charset table or the
 * font size changes. A CPU grid's frame is two `writeBuffer` calls from reused arrays and one
 * render pass; a frame the GPU executor left on the same device (DeviceGrid) is drawn straight
 * from its packed buffer: one render pass, nothing copied.
 */

import type { DeviceGrid } from '../../engine/index.js';
import drawGridWgsl from '../../shaders/draw-grid.wgsl?raw';
import { measureCell } from './cell-metrics.js';
import { type GlyphAtlas, rasterizeAtlas } from './glyph-atlas.js';
import { type GridPainter, isDeviceGrid, type PaintableGrid, type PaintStyle } from './grid-painter.js';

/** view.grid.w's bit for cells read from an executor's packed buffer (see draw-grid.wgsl). */
const PACKED_LAYOUT = 4;

/** Bytes of the View uniform: four vec4s (see draw-grid.wgsl). */
const VIEW_BYTES = 64;

/** The page behind the glyphs (the render pass's clear color), made once: nothing is allocated per frame. */
const BLACK: GPUColorDict = { r: 0, g: 0, b: 0, a: 1 };
const WHITE: GPUColorDict = { r: 1, g: 1, b: 1, a: 1 };

export class GpuGridPainter implements GridPainter {
  readonly kind = 'webgpu' as const;
  gpuMs: number | null = null;

  private readonly context: GPUCanvasContext;
  private readonly format: GPUTextureFormat;
  private readonly pipeline: GPURenderPipeline;
  private readonly layout: GPUBindGroupLayout;
  private readonly sampler: GPUSampler;
  private readonly viewBuffer: GPUBuffer;
  private readonly view = new ArrayBuffer(VIEW_BYTES);
  private readonly viewU32 = new Uint32Array(this.view);
  private readonly viewF32 = new Float32Array(this.view);
  private readonly timer: PassTimer | null;
  /** Descriptors reused every frame; only the target view changes. */
  private readonly attachment: GPURenderPassColorAttachment;
  private readonly plainPass: GPURenderPassDescriptor;
  private readonly timedPass: GPURenderPassDescriptor;
  private readonly encoderDescriptor: GPUCommandEncoderDescriptor = { label: 'DrawGrid.encoder' };
  private readonly commands: GPUCommandBuffer[] = [];

  private glyphBuffer: GPUBuffer | null = null;
  private colorBuffer: GPUBuffer | null = null;
  /** Cell bytes padded to whole u32 words, reused between frames. */
  private glyphStaging = new Uint8Array(0);
  private colorStaging = new Uint8Array(0);
  private atlas: GlyphAtlas | null = null;
  private atlasTexture: GPUTexture | null = null;
  private infoBuffer: GPUBuffer | null = null;
  private indexBuffer: GPUBuffer | null = null;
  private bindGroup: GPUBindGroup | null = null;
  /** The bind group over the last executor buffer drawn from (a new atlas makes another). */
  private packed: { buffer: GPUBuffer; group: GPUBindGroup } | null = null;

  constructor(
    private readonly device: GPUDevice,
    private readonly canvas: HTMLCanvasElement,
    /** Called when a GPU time measurement arrives (they arrive after the frame). */
    private readonly onTimed: () => void = () => {},
  ) {
    this.context = canvas.getContext('webgpu') as GPUCanvasContext;
    this.format = navigator.gpu.getPreferredCanvasFormat();
    this.context.configure({ device, format: this.format, alphaMode: 'opaque' });
    const module = device.createShaderModule({ label: 'DrawGrid.shader', code: drawGridWgsl });
    this.layout = device.createBindGroupLayout({
      label: 'DrawGrid.layout',
      entries: [
        { binding: 0, visibility: GPUShaderStage.VERTEX | GPUShaderStage.FRAGMENT, buffer: { type: 'uniform' } },
        { binding: 1, visibility: GPUShaderStage.VERTEX, buffer: { type: 'read-only-storage' } },
        { binding: 2, visibility: GPUShaderStage.VERTEX, buffer: { type: 'read-only-storage' } },
        { binding: 3, visibility: GPUShaderStage.VERTEX | GPUShaderStage.FRAGMENT, texture: { sampleType: 'float' } },
        { binding: 4, visibility: GPUShaderStage.FRAGMENT, sampler: { type: 'filtering' } },
        { binding: 5, visibility: GPUShaderStage.VERTEX, buffer: { type: 'read-only-storage' } },
      ],
    });
    this.pipeline = device.createRenderPipeline({
      label: 'DrawGrid.pipeline',
      layout: device.createPipelineLayout({ label: 'DrawGrid.pipelineLayout', bindGroupLayouts: [this.layout] }),
      vertex: { module, entryPoint: 'vs' },
      fragment: { module, entryPoint: 'fs', targets: [{ format: this.format }] },
      primitive: { topology: 'triangle-list' },
    });
    this.sampler = device.createSampler({ label: 'DrawGrid.atlasSampler', magFilter: 'linear', minFilter: 'linear' });
    this.viewBuffer = device.createBuffer({
      label: 'DrawGrid.view',
      size: VIEW_BYTES,
      usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
    });
    this.timer = device.features.has('timestamp-query') ? new PassTimer(device) : null;
    this.attachment = {
      view: undefined as unknown as GPUTextureView, // set every frame from the canvas's current texture
      clearValue: BLACK,
      loadOp: 'clear',
      storeOp: 'store',
    };
    this.plainPass = { label: 'DrawGrid.pass', colorAttachments: [this.attachment] };
    this.timedPass = this.timer ? { ...this.plainPass, timestampWrites: this.timer.writes } : this.plainPass;
  }

  paint(grid: PaintableGrid, style: PaintStyle, fontPx: number): void {
    this.draw(grid, style, fontPx);
  }

  paintDevice(grid: DeviceGrid, style: PaintStyle, fontPx: number): void {
    // a frame left on the GPU that a later one replaced: the next frame paints
    if (grid.current) this.draw(grid, style, fontPx);
  }

  private draw(grid: PaintableGrid | DeviceGrid, style: PaintStyle, fontPx: number): void {
    const cells = grid.columns * grid.rows;
    this.ensureAtlas(grid.table, fontPx);
    this.ensureBuffers(cells);
    const atlas = this.atlas as GlyphAtlas;
    const width = Math.max(1, Math.round(grid.columns * atlas.cell.width));
    const height = Math.max(1, Math.round(grid.rows * atlas.cell.height));
    if (this.canvas.width !== width) this.canvas.width = width;
    if (this.canvas.height !== height) this.canvas.height = height;

    const onDevice = isDeviceGrid(grid);
    // a frame on the GPU is drawn from the executor's own buffer: nothing is copied
    const twoColor = onDevice ? style.color && grid.twoColor : this.upload(grid, style, cells);
    const bindGroup = onDevice ? this.packedGroup(grid.packed) : (this.bindGroup as GPUBindGroup);
    const u = this.viewU32;
    const f = this.viewF32;
    u[0] = grid.columns;
    u[1] = grid.rows;
    u[2] = style.light ? 1 : 0;
    u[3] = (twoColor ? 2 : style.color ? 1 : 0) | (onDevice ? PACKED_LAYOUT : 0);
    f[4] = 1 / atlas.canvas.width;
    f[5] = 1 / atlas.canvas.height;
    f[8] = atlas.cell.width;
    f[9] = atlas.cell.height;
    f[10] = width;
    f[11] = height;
    f[12] = style.mono[0] / 255;
    f[13] = style.mono[1] / 255;
    f[14] = style.mono[2] / 255;
    f[15] = 1;
    this.device.queue.writeBuffer(this.viewBuffer, 0, this.view);

    const timed = this.timer?.due() ?? false;
    this.attachment.clearValue = style.light ? WHITE : BLACK;
    this.attachment.view = this.context.getCurrentTexture().createView();
    const encoder = this.device.createCommandEncoder(this.encoderDescriptor);
    const pass = encoder.beginRenderPass(timed ? this.timedPass : this.plainPass);
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, bindGroup);
    pass.setIndexBuffer(this.indexBuffer as GPUBuffer, 'uint32');
    pass.drawIndexed(6 * cells);
    pass.end();
    if (timed) this.timer?.resolve(encoder);
    this.commands[0] = encoder.finish();
    this.device.queue.submit(this.commands);
    if (timed) this.timer?.read(this.onGpuTime);
  }

  /** Writes a CPU grid's glyphs (and colors) into the painter's buffers; whether it has backgrounds to draw. */
  private upload(grid: PaintableGrid, style: PaintStyle, cells: number): boolean {
    this.glyphStaging.set(grid.glyphs);
    this.device.queue.writeBuffer(this.glyphBuffer as GPUBuffer, 0, this.glyphStaging, 0, padded(cells));
    if (!style.color) return false;
    // two-colour cells: the backgrounds follow the glyph colors in the same buffer
    const backgrounds = grid.backgrounds;
    this.colorStaging.set(grid.colors);
    if (backgrounds) this.colorStaging.set(backgrounds, cells * 3);
    const bytes = padded(cells * (backgrounds ? 6 : 3));
    this.device.queue.writeBuffer(this.colorBuffer as GPUBuffer, 0, this.colorStaging, 0, bytes);
    return backgrounds !== undefined;
  }

  /** The bind group that reads cells from an executor's packed buffer, made once per buffer. */
  private packedGroup(packed: GPUBuffer): GPUBindGroup {
    if (this.packed?.buffer === packed) return this.packed.group;
    const group = this.device.createBindGroup({
      label: 'DrawGrid.packedBindGroup',
      layout: this.layout,
      entries: [
        { binding: 0, resource: { buffer: this.viewBuffer } },
        { binding: 1, resource: { buffer: packed } },
        { binding: 2, resource: { buffer: packed } },
        { binding: 3, resource: (this.atlasTexture as GPUTexture).createView() },
        { binding: 4, resource: this.sampler },
        { binding: 5, resource: { buffer: this.infoBuffer as GPUBuffer } },
      ],
    });
    this.packed = { buffer: packed, group };
    return group;
  }

  private readonly onGpuTime = (ms: number) => {
    this.gpuMs = ms;
    this.onTimed();
  };

  dispose(): void {
    this.glyphBuffer?.destroy();
    this.colorBuffer?.destroy();
    this.atlasTexture?.destroy();
    this.infoBuffer?.destroy();
    this.indexBuffer?.destroy();
    this.viewBuffer.destroy();
    this.timer?.destroy();
    this.context.unconfigure();
  }

  private ensureAtlas(table: readonly string[], fontPx: number): void {
    if (this.atlas && this.atlas.table === table && this.atlas.cell.fontPx === fontPx) return;
    const atlas = rasterizeAtlas(table, measureCell(fontPx));
    this.atlasTexture?.destroy();
    const texture = this.device.createTexture({
      label: 'DrawGrid.atlas',
      size: [atlas.canvas.width, atlas.canvas.height],
      format: 'rgba8unorm',
      usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST | GPUTextureUsage.RENDER_ATTACHMENT,
    });
    this.device.queue.copyExternalImageToTexture({ source: atlas.canvas }, { texture }, [
      atlas.canvas.width,
      atlas.canvas.height,
    ]);
    this.infoBuffer?.destroy();
    this.infoBuffer = this.device.createBuffer({
      label: 'DrawGrid.glyphInfo',
      size: atlas.info.byteLength,
      usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST,
    });
    this.device.queue.writeBuffer(this.infoBuffer, 0, atlas.info);
    this.atlas = atlas;
    this.atlasTexture = texture;
    this.bindGroup = null;
    this.packed = null;
  }

  private ensureBuffers(cells: number): void {
    if (this.glyphStaging.length < padded(cells)) {
      // Grow with headroom so a slowly rising column count does not reallocate every frame.
      const capacity = padded(Math.ceil(cells * 1.25));
      this.glyphStaging = new Uint8Array(capacity);
      this.colorStaging = new Uint8Array(capacity * 6);
      this.glyphBuffer?.destroy();
      this.colorBuffer?.destroy();
      const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST;
      this.glyphBuffer = this.device.createBuffer({ label: 'DrawGrid.glyphs', size: capacity, usage });
      this.colorBuffer = this.device.createBuffer({ label: 'DrawGrid.colors', size: capacity * 6, usage });
      this.indexBuffer?.destroy();
      this.indexBuffer = quadIndexes(this.device, capacity);
      this.bindGroup = null;
    }
    this.bindGroup ??= this.device.createBindGroup({
      label: 'DrawGrid.bindGroup',
      layout: this.layout,
      entries: [
        { binding: 0, resource: { buffer: this.viewBuffer } },
        { binding: 1, resource: { buffer: this.glyphBuffer as GPUBuffer } },
        { binding: 2, resource: { buffer: this.colorBuffer as GPUBuffer } },
        { binding: 3, resource: (this.atlasTexture as GPUTexture).createView() },
        { binding: 4, resource: this.sampler },
        { binding: 5, resource: { buffer: this.infoBuffer as GPUBuffer } },
      ],
    });
  }
}

/** The fixed index buffer of `cells` quads: 4c, 4c+1, 4c+2, 4c+2, 4c+1, 4c+3 for cell c. */
function quadIndexes(device: GPUDevice, cells: number): GPUBuffer {
  const buffer = device.createBuffer({
    label: 'DrawGrid.indexes',
    size: cells * 6 * 4,
    usage: GPUBufferUsage.INDEX,
    mappedAtCreation: true,
  });
  const indexes = new Uint32Array(buffer.getMappedRange());
  for (let c = 0, v = 0, i = 0; c < cells; c++, v += 4, i += 6) {
    indexes[i] = v;
    indexes[i + 1] = v + 1;
    indexes[i + 2] = v + 2;
    indexes[i + 3] = v + 2;
    indexes[i + 4] = v + 1;
    indexes[i + 5] = v + 3;
  }
  buffer.unmap();
  return buffer;
}

/** Bytes rounded up to whole u32 words (writeBuffer sizes must be multiples of 4). */
function padded(bytes: number): number {
  return Math.ceil(bytes / 4) * 4;
}

/** Passes timed at most this often (the HUD refreshes at 4 Hz). */
const TIMING_INTERVAL_MS = 250;

/**
 * GPU time of the render pass from two timestamps. One readback in flight at a time, at most
 * every TIMING_INTERVAL_MS; other passes run untimed, so timing never stalls the frame loop.
 */
class PassTimer {
  private readonly querySet: GPUQuerySet;
  private readonly resolveBuffer: GPUBuffer;
  private readonly readBuffer: GPUBuffer;
  readonly writes: GPURenderPassTimestampWrites;
  private mapping = false;
  private last = Number.NEGATIVE_INFINITY;

  constructor(device: GPUDevice) {
    this.querySet = device.createQuerySet({ label: 'DrawGrid.timestamps', type: 'timestamp', count: 2 });
    this.resolveBuffer = device.createBuffer({
      label: 'DrawGrid.timestampResolve',
      size: 16,
      usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC,
    });
    this.readBuffer = device.createBuffer({
      label: 'DrawGrid.timestampRead',
      size: 16,
      usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
    });
    this.writes = { querySet: this.querySet, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 };
  }

  /** Whether this pass should be timed. */
  due(): boolean {
    const now = performance.now();
    if (this.mapping || now - this.last < TIMING_INTERVAL_MS) return false;
    this.last = now;
    return true;
  }

  resolve(encoder: GPUCommandEncoder): void {
    encoder.resolveQuerySet(this.querySet, 0, 2, this.resolveBuffer, 0);
    encoder.copyBufferToBuffer(this.resolveBuffer, 0, this.readBuffer, 0, 16);
    this.mapping = true;
  }

  read(done: (ms: number) => void): void {
    this.readBuffer.mapAsync(GPUMapMode.READ).then(
      () => {
        const [begin, end] = new BigUint64Array(this.readBuffer.getMappedRange());
        if (end > begin) done(Number(end - begin) / 1e6);
        this.readBuffer.unmap();
        this.mapping = false;
      },
      () => {}, // device lost or destroyed: no more timing
    );
  }

  destroy(): void {
    this.querySet.destroy();
    this.resolveBuffer.destroy();
    this.readBuffer.destroy();
  }
}

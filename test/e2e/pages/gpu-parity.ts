/**
 * The browser side of the parity spec: the GPU executor through the real browser WebGPU path
 * (the browser host, WGSL bundled by Vite), fed RGBA from the test as a buffer, an ImageBitmap
 * or a VideoFrame; the CPU executor runs in the page on the same pixels for comparison.
 */
import { createBrowserGpuExecutor, requestBrowserGpuDevice } from '../../../engine/browser/gpu.js';
import { CpuExecutor, StreamState } from '../../../engine/cpu/executor.js';
import type { GpuExecutor } from '../../../engine/gpu/executor.js';
import type { GpuFrame } from '../../../engine/gpu/frame-source.js';
import type { RgbaImage } from '../../../engine/image.js';
import { type RenderParamsInput, resolveParams } from '../../../engine/index.js';
import { planFrame } from '../../../engine/plan.js';

export type FrameMode = 'buffer' | 'bitmap' | 'videoframe';

export interface ParityCase {
  readonly rgba: string;
  readonly width: number;
  readonly height: number;
  readonly params: RenderParamsInput;
  readonly mode: FrameMode;
  readonly stream?: boolean;
  readonly sourceKey?: string;
}

export interface ParityResult {
  readonly glyphs: string;
  readonly colors: string;
  /** Two-colour cells' backgrounds, base64 ('' without them). */
  readonly backgrounds: string;
  readonly codebook: string;
  /** The in-page CPU executor's grid is byte-identical to the GPU's. */
  readonly cpuEqual: boolean;
  readonly ms: number;
  readonly timings: Record<string, number>;
  readonly framePath: string | null;
}

declare global {
  interface Window {
    gpuParity: {
      init(options?: { dither?: 'wavefront' | 'serial' }): Promise<{ adapter: string; timingSource: string }>;
      render(c: ParityCase): Promise<ParityResult>;
      reset(): void;
    };
  }
}

const fromBase64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
const toBase64 = (a: Uint8Array) => {
  let s = '';
  for (let i = 0; i < a.length; i += 0x8000) s += String.fromCharCode(...a.subarray(i, i + 0x8000));
  return btoa(s);
};

let gpu: GpuExecutor | null = null;
const cpu = new CpuExecutor();
const cpuStream = new StreamState();
let decoded: { key: string; image: RgbaImage } | null = null;

async function frameFor(image: RgbaImage, mode: FrameMode): Promise<{ frame: GpuFrame; close(): void }> {
  if (mode === 'buffer') return { frame: image, close: () => {} };
  const data = new ImageData(new Uint8ClampedArray(image.data), image.width, image.height);
  const bitmap = await createImageBitmap(data, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  if (mode === 'bitmap') return { frame: bitmap, close: () => bitmap.close() };
  const video = new VideoFrame(bitmap, { timestamp: 0 });
  return {
    frame: video,
    close: () => {
      video.close();
      bitmap.close();
    },
  };
}

window.gpuParity = {
  async init(options = {}) {
    const device = await requestBrowserGpuDevice();
    if (!device) throw new Error('no WebGPU adapter in this browser');
    gpu = await createBrowserGpuExecutor(device, options);
    const info = (device as GPUDevice & { adapterInfo?: GPUAdapterInfo }).adapterInfo;
    return {
      adapter: info ? `${info.vendor} ${info.architecture} ${info.description}` : 'unknown',
      timingSource: gpu.timingSource,
    };
  },
  async render(c) {
    if (!gpu) throw new Error('call init() first');
    const key = c.sourceKey ?? c.rgba.slice(0, 64);
    if (decoded?.key !== key) decoded = { key, image: { width: c.width, height: c.height, data: fromBase64(c.rgba) } };
    const image = decoded.image;
    const params = resolveParams(c.params, 'json');
    const plan = planFrame(params, image);
    const { frame, close } = await frameFor(image, c.mode);
    const start = performance.now();
    const grid = await gpu.render(plan, frame, { stream: c.stream });
    const ms = performance.now() - start;
    close();
    const expected = cpu.render(plan, image, c.stream ? cpuStream : undefined);
    const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);
    return {
      glyphs: toBase64(grid.glyphs),
      colors: toBase64(grid.colors),
      backgrounds: grid.backgrounds ? toBase64(grid.backgrounds) : '',
      codebook: JSON.stringify(grid.evidence.codebook),
      cpuEqual:
        same(grid.glyphs, expected.glyphs) &&
        same(grid.colors, expected.colors) &&
        same(grid.backgrounds ?? new Uint8Array(0), expected.backgrounds ?? new Uint8Array(0)),
      ms,
      timings: { ...grid.evidence.timings },
      framePath: gpu.framePath,
    };
  },
  reset() {
    gpu?.reset();
    cpuStream.reset();
  },
};

/**
 * The package's browser entry (`import { renderPixels } from 'glyphcast/browser'`), for
 * bundlers such as Vite: no Node module. The CPU engine renders an `ImageData`, an
 * `ImageBitmap`, a canvas, an image element or a `VideoFrame`; the GPU executor (WebGPU, the
 * CPU engine's bit-exact twin, its WGSL bundled in) renders the same grids; the encoders turn a
 * grid into any format. Errors are the engine's: `ParamsError` for bad parameters,
 * `RenderError` for an image it cannot render.
 */
import {
  type CellGrid,
  encode,
  type RenderParams,
  type RgbaImage,
  renderImage,
  resolveParams,
} from '../engine/index.js';

export { createBrowserGpuExecutor, requestBrowserGpuDevice } from '../engine/browser/gpu.js';
export type {
  CellGrid,
  Charset,
  DeviceGrid,
  EncodedOutput,
  Format,
  GpuExecutorOptions,
  ParamInfo,
  ParamName,
  RenderEvidence,
  RenderParams,
  RgbaImage,
} from '../engine/index.js';
export {
  CHARSETS,
  CpuExecutor,
  defaultParams,
  encode,
  FORMATS,
  GpuExecutor,
  gridLines,
  PARAMS,
  ParamsError,
  planFrame,
  RenderError,
  renderImage,
  resolveParams,
  StreamState,
} from '../engine/index.js';

/** What the page can hand over: pixels in memory, or anything a 2D canvas can draw. */
export type PixelSource = ImageData | RgbaImage | CanvasImageSource | VideoFrame;

/** Unpremultiplied RGBA pixels of `source` (drawn once on a canvas unless already pixels). */
export function toRgbaImage(source: PixelSource): RgbaImage {
  if ('data' in source && 'width' in source) return source;
  const { width, height } = sizeOf(source);
  if (width === 0 || height === 0) return { width, height, data: new Uint8ClampedArray(0) };
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D;
  ctx.drawImage(source as CanvasImageSource, 0, 0);
  return { width, height, data: ctx.getImageData(0, 0, width, height).data };
}

function sizeOf(source: Exclude<PixelSource, ImageData | RgbaImage>): { width: number; height: number } {
  if (typeof VideoFrame !== 'undefined' && source instanceof VideoFrame) {
    return { width: source.displayWidth, height: source.displayHeight };
  }
  if (typeof HTMLImageElement !== 'undefined' && source instanceof HTMLImageElement) {
    return { width: source.naturalWidth, height: source.naturalHeight };
  }
  if (typeof HTMLVideoElement !== 'undefined' && source instanceof HTMLVideoElement) {
    return { width: source.videoWidth, height: source.videoHeight };
  }
  const sized = source as { width: number | SVGAnimatedLength; height: number | SVGAnimatedLength };
  const value = (v: number | SVGAnimatedLength) => (typeof v === 'number' ? v : v.baseVal.value);
  return { width: value(sized.width), height: value(sized.height) };
}

export interface PixelsResult {
  readonly output: string;
  readonly contentType: string;
  readonly grid: CellGrid;
  readonly params: RenderParams;
}

/**
 * Renders a picture on the CPU: `params` are the API's render parameters (SPEC 2.2) as JSON
 * values, anything missing at its default. Throws ParamsError or RenderError.
 */
export function renderPixels(source: PixelSource, params: Record<string, unknown> = {}): PixelsResult {
  const resolved = resolveParams(params, 'json');
  const grid = renderImage(toRgbaImage(source), resolved, { colors: resolved.color });
  const { body, contentType } = encode(grid, resolved);
  return { output: body, contentType, grid, params: resolved };
}

/**
 * Browser host of the GPU executor: the WGSL sources come in through Vite (`?raw` imports,
 * bundled into the page's JavaScript), the device from navigator.gpu. Imports no Node module;
 * engine/node is its Node twin (a test keeps the two apart).
 *
 * The studio's use:
 *   const device = await requestBrowserGpuDevice();
 *   const gpu = device && (await createBrowserGpuExecutor(device));
 *   const grid = await gpu.render(plan, videoFrameOrBitmapOrRgba, { stream: true });
 *   gpu.lost.then(() => switch to the CPU worker);
 */

import cells from '../../shaders/cells.wgsl?raw';
import codebook from '../../shaders/codebook.wgsl?raw';
import color from '../../shaders/color.wgsl?raw';
import common from '../../shaders/common.wgsl?raw';
import denoise from '../../shaders/denoise.wgsl?raw';
import dither from '../../shaders/dither.wgsl?raw';
import glyphs from '../../shaders/glyphs.wgsl?raw';
import histogram from '../../shaders/histogram.wgsl?raw';
import levels from '../../shaders/levels.wgsl?raw';
import linearize from '../../shaders/linearize.wgsl?raw';
import localContrast from '../../shaders/local-contrast.wgsl?raw';
import luma from '../../shaders/luma.wgsl?raw';
import matchCell from '../../shaders/match-cell.wgsl?raw';
import pyramid from '../../shaders/pyramid.wgsl?raw';
import resample from '../../shaders/resample.wgsl?raw';
import sharpen from '../../shaders/sharpen.wgsl?raw';
import sobel from '../../shaders/sobel.wgsl?raw';
import temporal from '../../shaders/temporal.wgsl?raw';
import tone from '../../shaders/tone.wgsl?raw';
import twoColor from '../../shaders/two-color.wgsl?raw';
import { createGpuExecutor, type GpuExecutor, type GpuExecutorOptions } from '../gpu/executor.js';
import type { ShaderSources } from '../gpu/shaders.js';

export const SHADER_SOURCES: ShaderSources = {
  common,
  'match-cell': matchCell,
  linearize,
  pyramid,
  resample,
  luma,
  denoise,
  histogram,
  levels,
  tone,
  sharpen,
  sobel,
  'local-contrast': localContrast,
  cells,
  temporal,
  codebook,
  glyphs,
  dither,
  color,
  'two-color': twoColor,
};

/**
 * A device from navigator.gpu with 'timestamp-query' when the adapter offers it (per-stage GPU
 * times in the evidence), or null when the browser has no WebGPU adapter.
 */
export async function requestBrowserGpuDevice(options: GPURequestAdapterOptions = {}): Promise<GPUDevice | null> {
  if (typeof navigator === 'undefined' || !navigator.gpu) return null;
  const adapter = await navigator.gpu.requestAdapter(options);
  if (!adapter) return null;
  const requiredFeatures: GPUFeatureName[] = adapter.features.has('timestamp-query') ? ['timestamp-query'] : [];
  return adapter.requestDevice({ label: 'glyphcast.browser', requiredFeatures });
}

/** A GPU executor on a browser device, with the bundled WGSL sources. */
export function createBrowserGpuExecutor(device: GPUDevice, options: GpuExecutorOptions = {}): Promise<GpuExecutor> {
  return createGpuExecutor(device, SHADER_SOURCES, options);
}

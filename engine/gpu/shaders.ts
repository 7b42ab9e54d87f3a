/**
 * The WGSL sources the GPU executor needs, by file name (shaders/<name>.wgsl), and how a kernel
 * module is put together: the generated preamble, common.wgsl, the kernel's includes, the kernel.
 * The engine never reads files: hosts inject the sources (engine/node reads shaders/ with fs, the
 * browser host imports them through Vite), so this folder stays runtime-neutral.
 */
import { wgslPreamble } from './preamble.js';

export const SHADER_NAMES = [
  'common',
  'match-cell',
  'linearize',
  'pyramid',
  'resample',
  'luma',
  'denoise',
  'histogram',
  'levels',
  'tone',
  'sharpen',
  'sobel',
  'local-contrast',
  'cells',
  'temporal',
  'codebook',
  'glyphs',
  'dither',
  'color',
  'two-color',
] as const;

export type ShaderName = (typeof SHADER_NAMES)[number];

/** Every shader's WGSL text by name: what a host passes to createGpuExecutor. */
export type ShaderSources = Readonly<Record<ShaderName, string>>;

/** Shared WGSL functions a kernel module includes after common.wgsl. */
const INCLUDES: Partial<Record<ShaderName, readonly ShaderName[]>> = {
  glyphs: ['match-cell'],
  dither: ['match-cell'],
};

/** Throws when a host forgot a shader, naming it (a typo in a glob pattern shows up here). */
export function checkShaderSources(sources: Partial<Record<string, string>>): asserts sources is ShaderSources {
  const missing = SHADER_NAMES.filter((n) => typeof sources[n] !== 'string' || sources[n].length === 0);
  if (missing.length > 0)
    throw new Error(`WGSL sources missing for: ${missing.join(', ')} (expected shaders/<name>.wgsl)`);
}

/** The full WGSL of one kernel module. */
export function composeShader(name: ShaderName, sources: ShaderSources): string {
  return composeModule(sources, sources[name], INCLUDES[name]);
}

/** A module on the kernels' footing: the generated preamble, common.wgsl, `includes`, then `body`. */
export function composeModule(sources: ShaderSources, body: string, includes: readonly ShaderName[] = []): string {
  return [wgslPreamble(), sources.common, ...includes.map((n) => sources[n]), body].join('\n');
}

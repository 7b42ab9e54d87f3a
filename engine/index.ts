/** The engine's public API: explicit named exports only (no barrels of everything). */

export { CpuExecutor, StreamState } from './cpu/executor.js';
export { autoTune } from './director/direct.js';
export type { Format, FormatInfo } from './encode/formats.js';
export { CHROMA_ENCODING, FORMAT_INFO } from './encode/formats.js';
export type { EncodedOutput } from './encode/index.js';
export { carriesEvidence, encode } from './encode/index.js';
export type { RenderErrorCode } from './errors.js';
export { RenderError } from './errors.js';
export type { Charset } from './glyphs/charsets.js';
export { CHARSET_GLYPHS } from './glyphs/charsets.js';
export type { GpuErrorCode } from './gpu/errors.js';
export { GpuExecutorError } from './gpu/errors.js';
export type { DitherSchedule, GpuExecutorOptions, GpuRenderOptions, TimingSource } from './gpu/executor.js';
export { createGpuExecutor, GpuExecutor } from './gpu/executor.js';
export { FallbackRenderer } from './gpu/fallback.js';
export type { GpuFrame } from './gpu/frame-source.js';
export type { ShaderName, ShaderSources } from './gpu/shaders.js';
export { SHADER_NAMES } from './gpu/shaders.js';
export type {
  CellGrid,
  CodebookEvidence,
  DirectorEvidence,
  EvidenceStatus,
  MetricEvidence,
  ParamChange,
  RenderEvidence,
} from './grid.js';
export { gridLines } from './grid.js';
export type { RgbaImage } from './image.js';
export type { ParamInfo, ParamIssue, ParamSource, RenderParams } from './params.js';
export {
  defaultParams,
  IssueList,
  MAX_LISTED_ISSUES,
  PARAMS,
  ParamsError,
  paramIssue,
  paramsJsonSchema,
  plainName,
  resolveParams,
  shortened,
} from './params.js';
export type { FramePlan } from './plan.js';
export { planFrame } from './plan.js';
export type { RenderImageOptions, RenderOptions } from './render.js';
export { renderImage } from './render.js';
export { checkImage, DEFAULT_CELL_ASPECT, gridSize, MAX_ROWS } from './size.js';

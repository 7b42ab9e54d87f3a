/**
 * The engine's public API for every host (service, server, CLI, studio): explicit named exports
 * only, no barrels of everything. Runtime-neutral: no Node or DOM import. The platform hosts have
 * their own entry points beside it: engine/node/decode.ts, engine/node/decode-animation.ts and
 * engine/node/gpu.ts (Node), engine/browser/gpu.ts (the browser). Nothing outside engine/ imports
 * any other engine file (test/unit/architecture.test.ts).
 */

export { CpuExecutor, StreamState } from './cpu/executor.js';
export { autoTune } from './director/direct.js';
export { editDistance } from './edit-distance.js';
export { ANSI_RESET } from './encode/ansi.js';
export type { AnsiColorDepth } from './encode/ansi-palette.js';
export { ANSI_COLOR_DEPTHS } from './encode/ansi-palette.js';
export { artLabel } from './encode/art-label.js';
// encoding: formats, and what markup and terminals share
export type { Format, FormatInfo } from './encode/formats.js';
export { CHROMA_ENCODING, FORMAT_INFO } from './encode/formats.js';
export { FONT_STACK } from './encode/html.js';
export type { EncodedOutput } from './encode/index.js';
export { carriesEvidence, encode } from './encode/index.js';
export { toBase64 } from './encode/json.js';
export { lightBackground, monoInk, parseHex } from './encode/runs.js';
export type { RenderErrorCode } from './errors.js';
export { RenderError } from './errors.js';
export { SAMPLES_X } from './fixed.js';
export { FINE_BLOCK_GLYPHS, FINE_X, FINE_Y, fineMask } from './glyphs/block-elements.js';
export type { Charset } from './glyphs/charsets.js';
export { CHARSET_GLYPHS, charsetTable } from './glyphs/charsets.js';

// the GPU executor (runtime-neutral: hosts hand it a device and the WGSL sources)
export type { GpuErrorCode } from './gpu/errors.js';
export { GpuExecutorError } from './gpu/errors.js';
export type { DeviceGrid, DitherSchedule, GpuExecutorOptions, GpuRenderOptions, TimingSource } from './gpu/executor.js';
export { createGpuExecutor, GpuExecutor } from './gpu/executor.js';
export { FallbackRenderer } from './gpu/fallback.js';
export type { GpuFrame } from './gpu/frame-source.js';
export { copiesUpright } from './gpu/frame-source.js';
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
// rendering: sizes, plans, executors, the Auto Director, the grid
export type { RgbaImage } from './image.js';
export { nearestName, nearestParam, plainName } from './param-hints.js';
// parameters: the one schema, validation, names and issues
export type { ParamIssue } from './param-issues.js';
export { IssueList, issueMessage, MAX_LISTED_ISSUES, ParamsError, paramIssue, shortened } from './param-issues.js';
export type {
  ParamGroup,
  ParamInfo,
  ParamName,
  ParamSource,
  RenderParams,
  RenderParamsInput,
} from './params.js';
export {
  CHARSETS,
  decimalOf,
  defaultParams,
  describeExpected,
  FORMATS,
  GLYPH_STRATEGIES,
  PARAM_GROUPS,
  PARAMS,
  paramInfo,
  paramsJsonSchema,
  paramsToStrings,
  QUALITY_TARGETS,
} from './params.js';
export type { FramePlan } from './plan.js';
export { planFrame, prepareTables } from './plan.js';
// the browser handoff protocol (SPEC 4.3)
export type { HandoffFrame, HandoffManifest, HandoffMode } from './protocol/handoff.js';
export {
  HANDOFF_MODES,
  HANDOFF_PROTOCOL,
  handoffAckSchema,
  handoffManifest,
  handoffReadySchema,
  launchUrl,
  MAX_FRAMES_IN_FLIGHT,
  UNACKED_FPS_CAP,
} from './protocol/handoff.js';
// inputs the engine reads itself: BMP and Netpbm, and the video containers hosts hand to ffmpeg
export { RASTER_HEAD_BYTES, rasterFormat } from './raster/sniff.js';
export type { RenderImageOptions, RenderOptions } from './render.js';
export { renderImage, warmUp } from './render.js';
export { resolveParams } from './resolve-params.js';
export {
  checkImage,
  DEFAULT_CELL_ASPECT,
  gridSize,
  MAX_ROWS,
  MIN_COLUMNS,
  neededSize,
  widestColumns,
} from './size.js';
export { isVideoContainer, VIDEO_HEAD_BYTES } from './video-container.js';
export * as z from './zod.js';

/**
 * The package's Node entry (`import { render } from 'glyphcast'`): one call from an image (a
 * file path, its bytes, or RGBA pixels) to the art in any format, with the grid and the
 * evidence, as POST /api/v1/render answers it. Errors are `RenderError`s carrying the API's
 * codes (docs/api.md), so a caller handles a library failure and a service failure alike.
 * The engine's own API (parameters, encoders, executors) is exported beside it.
 */
import fs from 'node:fs/promises';
import {
  autoTune,
  type CellGrid,
  CpuExecutor,
  encode,
  type Format,
  neededSize,
  planFrame,
  type RenderEvidence,
  type RenderParams,
  type RgbaImage,
  renderImage,
  resolveParams,
  StreamState,
} from '../engine/index.js';
import { DEFAULT_MAX_PIXELS, decodeImage } from '../engine/node/decode.js';
import { decodeAnimation } from '../engine/node/decode-animation.js';
import { type ErrorCode, toApiError } from '../service/errors.js';

export type {
  CellGrid,
  Charset,
  DirectorEvidence,
  Format,
  ParamInfo,
  ParamName,
  RenderEvidence,
  RenderParams,
  RgbaImage,
} from '../engine/index.js';
export {
  CHARSETS,
  defaultParams,
  encode,
  FORMATS,
  gridLines,
  PARAMS,
  renderImage,
  resolveParams,
} from '../engine/index.js';
export type { ErrorCode } from '../service/errors.js';

/** What `render` reads: a file path, the file's bytes, or decoded RGBA pixels. */
export type RenderInput = string | Uint8Array | RgbaImage;

export interface RenderOptions {
  /** Images over this many pixels are refused (default 40 million, the service's limit). */
  readonly maxPixels?: number;
}

export interface RenderResult {
  /** The art in `params.format` (text unless asked otherwise). */
  readonly output: string;
  /** Its media type: `text/plain; charset=utf-8`, `text/html; charset=utf-8`, ... */
  readonly contentType: string;
  readonly format: Format;
  /** The cells: glyph indexes, colours, size; `gridLines(grid)` gives the text. */
  readonly grid: CellGrid;
  readonly evidence: RenderEvidence;
  /** The parameters it was rendered with, every default filled in. */
  readonly params: RenderParams;
}

/** A render that failed, with the code the HTTP API would answer (`invalid_params`, `not_an_image`, ...). */
export class RenderError extends Error {
  override readonly name = 'RenderError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** As the API's `error.details`: the parameter issues of `invalid_params`, for one. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

const isRgba = (input: RenderInput): input is RgbaImage =>
  typeof input === 'object' && !(input instanceof Uint8Array) && 'data' in input;

/**
 * Renders one image. `params` are the API's render parameters (SPEC 2.2), as JSON values;
 * anything missing takes its default. Rejects with a RenderError.
 */
export async function render(
  input: RenderInput,
  params: Record<string, unknown> = {},
  options: RenderOptions = {},
): Promise<RenderResult> {
  try {
    const resolved = resolveParams(params, 'json');
    let image: RgbaImage;
    let fullSize: { width: number; height: number } | undefined;
    if (isRgba(input)) image = input;
    else {
      const bytes = typeof input === 'string' ? await readFile(input) : input;
      // decoded to what the grid needs: a 40 MP photo for 120 columns is read at a fraction
      const fit = (width: number, height: number) => neededSize({ width, height }, resolved.columns);
      const decoded = await decodeImage(bytes, { maxPixels: options.maxPixels ?? DEFAULT_MAX_PIXELS, fit });
      image = decoded;
      fullSize = decoded.fullSize;
    }
    const grid = renderImage(image, resolved, { fullSize, colors: resolved.color });
    const { body, contentType } = encode(grid, resolved);
    return { output: body, contentType, format: resolved.format, grid, evidence: grid.evidence, params: resolved };
  } catch (err) {
    throw asRenderError(err);
  }
}

export interface FrameResult {
  readonly output: string;
  readonly grid: CellGrid;
  /** Which frame of the animation, from 0. */
  readonly index: number;
  /** How long the file says it shows, ms. */
  readonly delayMs: number;
}

/**
 * Renders every frame of an animated image (GIF, WebP, AVIF, APNG; a still is one frame) as a
 * stream: the Auto Director tunes the look on the first frame, and the temporal filter steadies
 * the glyphs from frame to frame, as the CLI and the studio play it. Yields frame by frame.
 */
export async function* renderFrames(
  input: string | Uint8Array,
  params: Record<string, unknown> = {},
  options: RenderOptions = {},
): AsyncGenerator<FrameResult> {
  try {
    yield* framesOf(input, params, options);
  } catch (err) {
    throw asRenderError(err);
  }
}

async function* framesOf(
  input: string | Uint8Array,
  params: Record<string, unknown>,
  options: RenderOptions,
): AsyncGenerator<FrameResult> {
  const resolved = resolveParams(params, 'json');
  const bytes = typeof input === 'string' ? await readFile(input) : input;
  const animation = await decodeAnimation(bytes, { maxPixels: options.maxPixels ?? DEFAULT_MAX_PIXELS });
  if (!animation) {
    // not an animation: the still, as its one frame
    const still = await render(bytes, params, options);
    yield { output: still.output, grid: still.grid, index: 0, delayMs: 0 };
    return;
  }
  const executor = new CpuExecutor();
  const stream = new StreamState();
  const tuned = resolved.autoOptimize > 0 ? autoTune(executor, animation.frames[0], resolved, {}).params : resolved;
  const plan = planFrame(tuned, animation);
  for (let index = 0; index < animation.frames.length; index++) {
    const grid = executor.render(plan, animation.frames[index], stream);
    yield { output: encode(grid, tuned).body, grid, index, delayMs: animation.delaysMs[index] };
  }
}

/** Anything a render threw, as the RenderError with the API's code. */
function asRenderError(err: unknown): RenderError {
  if (err instanceof RenderError) return err;
  const api = toApiError(err, { maxImageBytes: Number.POSITIVE_INFINITY });
  return new RenderError(
    api.code,
    api.code === 'internal' ? String((err as Error)?.message ?? err) : api.message,
    api.details,
  );
}

async function readFile(file: string): Promise<Uint8Array> {
  try {
    return await fs.readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new RenderError('no_image', `${file}: ${code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
}

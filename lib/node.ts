/**
 * The package's Node entry (`import { render } from 'glyphcast'`): one call from an image (a
 * file path, its bytes, or RGBA pixels) to the art in any format, with the grid and the
 * evidence, as POST /api/v1/render answers it. Errors are `RenderError`s carrying the API's
 * codes (docs/api.md), so a caller handles a library failure and a service failure alike.
 * The engine's own API (parameters, encoders, executors) is exported beside it.
 */
import fs from 'node:fs/promises';
import {
  type CellGrid,
  encode,
  type Format,
  neededSize,
  type RenderEvidence,
  type RenderParams,
  type RgbaImage,
  renderImage,
  resolveParams,
} from '../engine/index.js';
import { DEFAULT_MAX_PIXELS, decodeImage } from '../engine/node/decode.js';
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
    if (err instanceof RenderError) throw err;
    const api = toApiError(err, { maxImageBytes: Number.POSITIVE_INFINITY });
    throw new RenderError(
      api.code,
      api.code === 'internal' ? String((err as Error)?.message ?? err) : api.message,
      api.details,
    );
  }
}

async function readFile(file: string): Promise<Uint8Array> {
  try {
    return await fs.readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new RenderError('no_image', `${file}: ${code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
}

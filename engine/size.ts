import { RenderError } from './errors.js';
import { SAMPLES_X, SAMPLES_Y } from './fixed.js';
import type { RgbaImage } from './image.js';
import { PARAMS } from './params.js';

/** The 1:2 cell the glyph metrics were measured in (width / height). */
export const DEFAULT_CELL_ASPECT = 0.5;
/** Grid height limit: 2000 rows x 400 columns keeps one frame's planes near 50 MB. */
export const MAX_ROWS = 2000;

export interface RenderOptions {
  /** Force the grid height (1..MAX_ROWS); by default it follows the image aspect and the cell aspect. */
  readonly rows?: number;
  /** Cell width / height of the font the art will be shown in (default 0.5, the measured cell). */
  readonly cellAspect?: number;
  /**
   * The image's size before the host shrank it to what the grid needs (decodeImage's `fit`):
   * the grid's rows and the evidence follow it, so a shrunk image renders the same grid.
   */
  readonly fullSize?: { readonly width: number; readonly height: number };
}

/** Throws a RenderError when the image has no pixels or its buffer does not match its size. */
export function checkImage(image: RgbaImage): void {
  const { width, height, data } = image;
  if (!(Number.isInteger(width) && Number.isInteger(height) && width >= 1 && height >= 1)) {
    throw new RenderError('empty_image', `image has no pixels (${width} x ${height})`);
  }
  if (data.length !== width * height * 4) {
    throw new RenderError(
      'image_buffer_mismatch',
      `RGBA buffer holds ${data.length} bytes; ${width} x ${height} needs ${width * height * 4}`,
    );
  }
}

/**
 * The grid for a source: `columns` as given, rows = round(columns x (h / w) x cellAspect), at
 * least 1. Throws a RenderError rather than clamping when the grid would exceed MAX_ROWS or
 * the forced `rows` is out of range.
 */
export function gridSize(
  source: { width: number; height: number },
  columns: number,
  options: RenderOptions = {},
): { columns: number; rows: number } {
  source = options.fullSize ?? source;
  const { width, height } = source;
  if (options.rows !== undefined) {
    if (!Number.isInteger(options.rows) || options.rows < 1 || options.rows > MAX_ROWS) {
      throw new RenderError(
        'invalid_rows',
        `rows: expected an integer from 1 to ${MAX_ROWS}, received ${options.rows}`,
      );
    }
    return { columns, rows: options.rows };
  }
  const aspect = options.cellAspect ?? DEFAULT_CELL_ASPECT;
  if (!(aspect > 0.1 && aspect < 10)) {
    throw new RenderError('invalid_rows', `cellAspect: expected a number between 0.1 and 10, received ${aspect}`);
  }
  const rows = rowsAt(source, columns, aspect);
  if (rows > MAX_ROWS) {
    const fit = widestColumns(source, aspect);
    const hint =
      fit >= MIN_COLUMNS
        ? `at most ${fit} columns fit`
        : `no width from the minimum of ${MIN_COLUMNS} columns fits: crop the image`;
    throw new RenderError(
      'grid_too_large',
      `a ${width} x ${height} image at ${columns} columns needs ${rows} rows; the limit is ${MAX_ROWS}: ${hint}`,
    );
  }
  return { columns, rows };
}

/** The rows of a grid `columns` wide over `source`, at the cell aspect `aspect` (at least 1). */
const rowsAt = (source: { width: number; height: number }, columns: number, aspect: number) =>
  Math.max(1, Math.round((columns * source.height * aspect) / source.width));

/**
 * The widest grid over `source` whose rows stay within MAX_ROWS (under the minimum of
 * --columns when even that is too tall: a long strip that only a crop can show).
 */
export function widestColumns(source: { width: number; height: number }, aspect = DEFAULT_CELL_ASPECT): number {
  let fit = Math.floor(((MAX_ROWS + 0.5) * source.width) / (source.height * aspect));
  while (fit > 0 && rowsAt(source, fit, aspect) > MAX_ROWS) fit--;
  return fit;
}

const COLUMNS = PARAMS.find((p) => p.name === 'columns')?.kind;
/** The least `columns` takes (its schema minimum). */
export const MIN_COLUMNS = COLUMNS?.type === 'integer' ? COLUMNS.min : 1;

/**
 * The smallest image a render of `source` at `columns` needs to keep its detail: twice the
 * sample grid each way, so the engine's own reduction (linear light, 2 x 2 boxes) still does the
 * last halving. A host decodes a larger image straight to about this size (decodeImage's `fit`)
 * and renders it with `fullSize`.
 */
export function neededSize(
  source: { width: number; height: number },
  columns: number,
  options: RenderOptions = {},
): { width: number; height: number } {
  const grid = gridSize(source, columns, options);
  return { width: grid.columns * SAMPLES_X * 2, height: grid.rows * SAMPLES_Y * 2 };
}

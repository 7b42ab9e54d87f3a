/**
 * The grid's size for an image when --rows alone sets it: the columns keep the image's aspect.
 * Free of the decoder, so the CLI's main thread can size before it loads sharp.
 */
import type { RenderOptions, RenderParams } from '../../engine/index.js';
import { DEFAULT_CELL_ASPECT, gridSize, MAX_ROWS, MIN_COLUMNS, widestColumns } from '../../engine/index.js';
import { InputError } from './io.js';

/** The columns that keep the image's aspect at `rows` rows, within the range of --columns and `widest`. */
export function columnsForRows(
  image: { width: number; height: number },
  rows: number,
  cellAspect: number,
  widest: number,
) {
  return Math.max(MIN_COLUMNS, Math.min(widest, aspectColumns(image, rows, cellAspect)));
}

/** The columns that keep the image's aspect at `rows` rows, whatever the range. */
const aspectColumns = (image: { width: number; height: number }, rows: number, cellAspect: number) =>
  Math.round((rows * image.width) / (image.height * cellAspect));

/**
 * The columns that keep the image's aspect at --rows alone, or an InputError (exit 1) when that width is
 * outside the range of --columns (or wider than `widest`, the terminal's): clamping it would
 * stretch the image without a word. The advice names the heights that fit.
 */
function columnsForGivenRows(
  image: { width: number; height: number },
  rows: number,
  cellAspect: number,
  widest: number,
) {
  const columns = aspectColumns(image, rows, cellAspect);
  if (columns >= MIN_COLUMNS && columns <= widest) return columns;
  const fix = (rowsThatFit: string | null) =>
    rowsThatFit ? `give ${rowsThatFit}, or --columns too, to stretch it` : 'give --columns too, to stretch it';
  if (columns < MIN_COLUMNS) {
    let least = rows;
    while (least < MAX_ROWS && aspectColumns(image, least, cellAspect) < MIN_COLUMNS) least++;
    const fits = aspectColumns(image, least, cellAspect) >= MIN_COLUMNS;
    const needs = columns === 0 ? 'under one column' : `${columns} columns`;
    return refuse(`${needs}, fewer than the ${MIN_COLUMNS} art takes: ${fix(fits ? `--rows ${least} or more` : null)}`);
  }
  let most = rows;
  while (most > 1 && aspectColumns(image, most, cellAspect) > widest) most--;
  const fits = aspectColumns(image, most, cellAspect) <= widest;
  return refuse(
    `${columns} columns, more than the ${widest} it may take: ${fix(fits ? `--rows ${most} or fewer` : null)}`,
  );

  function refuse(why: string): never {
    throw new InputError(`at --rows ${rows} the image's aspect needs ${why}`);
  }
}

/** What sizes a render: the params and options as given, and how the CLI may choose the width. */
export interface SizingRequest {
  readonly params: RenderParams;
  readonly options: RenderOptions;
  /** `--rows` without `--columns`: the columns follow the image aspect at options.rows, up to this many. */
  readonly columnsFromRows?: number;
  /** Neither --columns nor --rows: the width is the CLI's to narrow for an image too tall at it. */
  readonly narrowToFit?: true;
  /** With narrowToFit, on a terminal: the rows it shows less one (the prompt's), which the art fits in. */
  readonly fitRows?: number;
}

/**
 * The params for `image`: with --rows alone, the columns that keep its aspect at that height;
 * with neither --rows nor --columns, the CLI's width (the terminal's, or the default), narrowed
 * on a terminal to the widest whose rows fit it (`fitRows`), and anywhere where the image is
 * too tall for MAX_ROWS rows at it (a full-page screenshot).
 */
export function sizedParams(image: { width: number; height: number }, task: SizingRequest): RenderParams {
  const { rows, cellAspect = DEFAULT_CELL_ASPECT } = task.options;
  if (task.columnsFromRows !== undefined && rows !== undefined) {
    return { ...task.params, columns: columnsForGivenRows(image, rows, cellAspect, task.columnsFromRows) };
  }
  if (task.narrowToFit && task.fitRows !== undefined && rows === undefined) {
    // the aspect's width rounded may be a row too tall: step down until the rows fit (at the
    // narrowest, an image too tall for it prints taller, or the render says it cannot)
    const rowsAt = (columns: number) => gridSize(image, columns, task.options).rows;
    let columns = columnsForRows(image, task.fitRows, cellAspect, task.params.columns);
    while (columns > MIN_COLUMNS && rowsAt(columns) > task.fitRows) columns--;
    if (columns < task.params.columns) return { ...task.params, columns };
  }
  if (task.narrowToFit && rows === undefined) {
    const widest = widestColumns(image, cellAspect);
    // under the minimum nothing fits: the render says so, with its advice to crop
    if (widest < task.params.columns && widest >= MIN_COLUMNS) return { ...task.params, columns: widest };
  }
  return task.params;
}

/**
 * The grid's size for an image when --rows alone sets it: the columns keep the image's aspect.
 * Free of the decoder, so the CLI's main thread can size before it loads sharp.
 */
import { paramInfo, type RenderParams } from '../../engine/params.js';
import { DEFAULT_CELL_ASPECT } from '../../engine/size.js';
import type { ConvertTask } from './convert.js';

/** The columns that keep the image's aspect at `rows` rows, within the range of --columns and `widest`. */
export function columnsForRows(
  image: { width: number; height: number },
  rows: number,
  cellAspect: number,
  widest: number,
) {
  const { kind } = paramInfo('columns');
  const min = kind.type === 'integer' ? kind.min : 1;
  const columns = Math.round((rows * image.width) / (image.height * cellAspect));
  return Math.max(min, Math.min(widest, columns));
}

/** The params for `image`: with --rows alone, the columns that keep its aspect at that height. */
export function sizedParams(image: { width: number; height: number }, task: Omit<ConvertTask, 'bytes'>): RenderParams {
  const { rows, cellAspect = DEFAULT_CELL_ASPECT } = task.options;
  return task.columnsFromRows !== undefined && rows !== undefined
    ? { ...task.params, columns: columnsForRows(image, rows, cellAspect, task.columnsFromRows) }
    : task.params;
}

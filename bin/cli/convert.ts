/**
 * One input's bytes to its encoded output (decode, render, encode), or the one line the CLI
 * prints when that fails. The same function runs on the main thread (one input) and in the
 * render workers (many inputs: bin/cli/workers.ts), so both paths print the same bytes.
 */
import type { AnsiColorDepth } from '../../engine/index.js';
import {
  carriesEvidence,
  encode,
  neededSize,
  prepareTables,
  RenderError,
  renderImage,
  warmUp,
} from '../../engine/index.js';
import { type DecodedImage, decodeImage } from '../../engine/node/decode.js';
import { failureLine, InputError, oneLine } from './io.js';
import { noteRendered } from './rendered.js';
import { type SizingRequest, sizedParams } from './sizing.js';

/** One file to convert: its bytes, how it is sized (sizing.ts) and how its ANSI output is colored. */
export interface ConvertTask extends SizingRequest {
  readonly bytes: Uint8Array;
  /** The colors of ANSI output (--color-depth, resolved). */
  readonly ansiColorDepth: AnsiColorDepth;
  /** Many inputs convert on this thread: the renderer warms up while the first decodes (engine `warmUp`). */
  readonly warmUp?: boolean;
}

/** A render's failure as the one line the CLI prints. */
export function renderFailure(err: unknown): string {
  if (err instanceof InputError) return oneLine(err);
  if (!(err instanceof RenderError)) return failureLine(err, false);
  // the engine's hint names what every host can change; the CLI can also force the height
  return oneLine(err) + (err.code === 'grid_too_large' ? ' (or set the height with --rows)' : '');
}

export type Converted = { readonly body: string } | { readonly error: string };

let warmedUp = false;

/**
 * What a first render would otherwise stop to make or load, done while libvips decodes: the
 * engine's tables, and Node's clock (`performance`, loaded on its first read; the engine times
 * its stages with it). Before the first of many inputs, the renderer's warm-up too: it costs a
 * single input more than it saves.
 */
function whileDecoding(task: ConvertTask): void {
  prepareTables();
  performance.now();
  if (task.warmUp && !warmedUp) {
    warmedUp = true;
    try {
      warmUp(task.params);
    } catch {
      // a warm-up only saves time: the renders themselves say what is wrong with their params
    }
  }
}

export async function convert(task: ConvertTask): Promise<Converted> {
  let image: DecodedImage;
  try {
    // a photo over the decode limit is the user's own file: shrunk to fit, not refused as the API
    // does; any photo larger than the grid needs is read at about what it needs
    const fit = (width: number, height: number) =>
      neededSize({ width, height }, sizedParams({ width, height }, task).columns, task.options);
    image = await decodeImage(task.bytes, { shrinkToFit: true, fit, whileDecoding: () => whileDecoding(task) });
  } catch (err) {
    // DecodeError carries a message written for people; anything else is a bug
    return { error: failureLine(err, (err as Error)?.name === 'DecodeError') };
  }
  try {
    // a render is measured for its evidence only when the output shows it
    const options = {
      ...task.options,
      fullSize: image.fullSize,
      measure: carriesEvidence(task.params.format),
      colors: task.params.color,
    };
    const params = sizedParams(image.fullSize, task);
    const grid = renderImage(image, params, options);
    noteRendered();
    return { body: encode(grid, params, { ansiColorDepth: task.ansiColorDepth }).body };
  } catch (err) {
    return { error: renderFailure(err) };
  }
}

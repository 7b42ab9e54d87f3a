/**
 * Plays an animated GIF or WebP on the terminal, as chafa does: each frame drawn over the last
 * (the lines that changed, in one synchronized update: frame-update.ts; the cursor hidden
 * while it plays), at the file's frame delays, as many times as the file says (without end
 * for 0, until q or Ctrl-C; typed keys do not echo: keys.ts). The frames are a stream: the
 * Auto Director tunes once, on the first frame, and the temporal filter (motionSensitivity)
 * keeps still parts still, as in the studio. Each frame is rendered while the one before
 * shows, and kept for the next pass. Ctrl-Z shows the cursor before the process stops; after
 * fg the frames go on below the shell's lines.
 */
import { CpuExecutor, StreamState } from '../../engine/cpu/executor.js';
import { autoTune } from '../../engine/director/direct.js';
import type { AnsiColorDepth } from '../../engine/encode/ansi-palette.js';
import { encode } from '../../engine/encode/index.js';
import type { DecodedAnimation } from '../../engine/node/decode-animation.js';
import type { RenderParams } from '../../engine/params.js';
import { planFrame } from '../../engine/plan.js';
import { DEFAULT_CELL_ASPECT, type RenderOptions } from '../../engine/size.js';
import { renderFailure } from './convert.js';
import { frameUpdate } from './frame-update.js';
import { readPlaybackKeys } from './keys.js';
import { HIDE_CURSOR, SHOW_CURSOR, type SignalGuard, suspendGracefully } from './signal-guard.js';
import { columnsForRows } from './sizing.js';

/** The art's size as asked, and the terminal it plays on. */
export interface FitRequest {
  readonly params: RenderParams;
  readonly options: RenderOptions;
  /** The most rows a frame may have to be drawn over the last: the terminal's height less one. */
  readonly maxRows: number;
  /** The terminal's width: a wider row wraps, and the next frame would miss the last one. */
  readonly maxColumns: number;
  /** Whether the size is the CLI's to choose (no --columns, no --rows): a tall animation is fitted to the terminal's height. */
  readonly fitHeight: boolean;
}

export interface PlayRequest extends FitRequest {
  readonly animation: DecodedAnimation;
  readonly ansiColorDepth: AnsiColorDepth;
}

/** Played (to its end, or interrupted), not played for it does not fit (why, in words), or failed to render. */
export type PlayOutcome = { readonly played: true } | { readonly doesNotFit: string } | { readonly error: string };

/**
 * The params and options that fit frames of `size` in the terminal, or why they do not: a size
 * the CLI chose (neither --columns nor --rows) is fitted to the terminal's height; a size given
 * is kept. A host checks the header's size before decoding the frames; the player checks the
 * frames' (which may have been shrunk) again.
 */
export function fitToTerminal(
  size: { readonly width: number; readonly height: number },
  request: FitRequest,
): { params: RenderParams; options: RenderOptions } | string {
  const { params, options, maxRows, maxColumns } = request;
  const { rows, columns } = planFrame(params, size, options);
  const cellAspect = options.cellAspect ?? DEFAULT_CELL_ASPECT;
  if (columns > maxColumns) {
    return `the animation is ${columns} columns and the terminal ${maxColumns}; --columns ${maxColumns} or fewer plays it`;
  }
  if (rows <= maxRows) return { params, options };
  if (request.fitHeight) {
    const fit = columnsForRows(size, maxRows, cellAspect, params.columns);
    return { params: { ...params, columns: fit }, options: { ...options, rows: maxRows } };
  }
  // a height given is the one to lower; else the width, which sets the height
  const hint =
    options.rows !== undefined
      ? `--rows ${maxRows} or fewer`
      : `--columns ${columnsForRows(size, maxRows, cellAspect, params.columns)} or fewer`;
  return `the animation is ${rows} rows and the terminal ${maxRows + 1} (one for the cursor); ${hint} plays it`;
}

/** A wait for the next frame that a key (q) can cut short. */
class FrameClock {
  #timer: NodeJS.Timeout | undefined;
  #wake: (() => void) | undefined;

  until(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      this.#wake = resolve;
      this.#timer = setTimeout(resolve, Math.max(0, ms));
    });
  }

  wake(): void {
    clearTimeout(this.#timer);
    this.#wake?.();
  }
}

export async function playAnimation(
  request: PlayRequest,
  terminal: { readonly stdin: NodeJS.ReadableStream; readonly stdout: NodeJS.WritableStream },
  guard: SignalGuard,
): Promise<PlayOutcome> {
  const { animation } = request;
  const { stdout } = terminal;
  const executor = new CpuExecutor();
  let tuned: RenderParams;
  let options: RenderOptions;
  let plan: ReturnType<typeof planFrame>;
  try {
    const fit = fitToTerminal(animation, request);
    if (typeof fit === 'string') return { doesNotFit: fit };
    options = fit.options;
    tuned =
      fit.params.autoOptimize > 0 ? autoTune(executor, animation.frames[0], fit.params, options).params : fit.params;
    plan = planFrame(tuned, animation, options);
  } catch (err) {
    return { error: renderFailure(err) };
  }
  const stream = new StreamState();
  /** Each frame's lines, rendered once, kept for the next pass. */
  const frames: string[][] = [];
  const clock = new FrameClock();
  let quit = false;
  const keys = readPlaybackKeys(terminal.stdin, () => {
    quit = true;
    clock.wake();
  });
  guard.restoreAlso(SHOW_CURSOR);
  if (keys) guard.restoreAlso(() => keys.release());
  stdout.write(HIDE_CURSOR);
  /** The picture on the terminal; null: the next frame starts a new one (the first, or the first after Ctrl-Z and fg). */
  let shown: readonly string[] | null = null;
  const release = suspendGracefully(stdout, {
    stopping: () => keys?.pause(),
    resumed: () => {
      keys?.resume();
      shown = null;
    },
  });
  let shownAt = 0;
  let showFor = 0;
  try {
    for (let pass = 0; animation.loop === 0 || pass < animation.loop; pass++) {
      for (let i = 0; i < animation.frames.length; i++) {
        frames[i] ??= encode(executor.render(plan, animation.frames[i], stream), tuned, {
          ansiColorDepth: request.ansiColorDepth,
        }).body.split('\n');
        if (!quit) await clock.until(shownAt + showFor - performance.now());
        if (guard.interrupted || quit) return { played: true };
        stdout.write(frameUpdate(shown, frames[i]));
        shown = frames[i];
        shownAt = performance.now();
        showFor = animation.delaysMs[i];
      }
    }
  } finally {
    keys?.release();
    release();
    if (!guard.interrupted) stdout.write(SHOW_CURSOR);
  }
  return { played: true };
}

/**
 * Plays an animated GIF or WebP on the terminal, as chafa does: each frame drawn over the last
 * (playback.ts), at the file's frame delays, as many times as the file says (without end for
 * 0, until q or Ctrl-C) or --loops, for at most --duration. The frames are a stream: the Auto
 * Director tunes once, on the first frame, and the temporal filter (motionSensitivity) keeps
 * still parts still, as in the studio. Each frame is rendered while the one before shows, and kept for the next pass. When
 * the terminal is resized, the picture is fitted to it again and drawn anew at its top.
 */

import type { AnsiColorDepth, RenderParams } from '../../engine/index.js';
import {
  autoTune,
  CpuExecutor,
  DEFAULT_CELL_ASPECT,
  encode,
  type FramePlan,
  MIN_COLUMNS,
  planFrame,
  type RenderOptions,
  StreamState,
} from '../../engine/index.js';
import type { DecodedAnimation } from '../../engine/node/decode-animation.js';
import { columnsForTerminal, type PlayLimits } from './args.js';
import { renderFailure } from './convert.js';
import { type PlaybackTerminal, TerminalPlayback } from './playback.js';
import type { SignalGuard } from './signal-guard.js';
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
  readonly limits: PlayLimits;
}

/**
 * Played (to its end, or interrupted; `stopped`: ended early, as the terminal was resized too
 * small for the size given, why in words), not played for it does not fit (why), or failed to
 * render.
 */
export type PlayOutcome =
  | { readonly played: true; readonly stopped?: string }
  | { readonly doesNotFit: string }
  | { readonly error: string };

/**
 * The params and options that fit frames of `size` in the terminal, or why they do not: a size
 * the CLI chose (neither --columns nor --rows) is fitted to the terminal's height; a size given
 * is kept. A host checks the header's size before decoding the frames; the player checks the
 * frames' (which may have been shrunk) again.
 */
export function fitToTerminal(
  size: { readonly width: number; readonly height: number },
  request: FitRequest,
  what: 'animation' | 'video' = 'animation',
): { params: RenderParams; options: RenderOptions } | string {
  const { params, options, maxRows, maxColumns } = request;
  const { rows, columns } = planFrame(params, size, options);
  const cellAspect = options.cellAspect ?? DEFAULT_CELL_ASPECT;
  const rowsAt = (c: number) => planFrame({ ...params, columns: c }, size, options).rows;
  /**
   * The widest width up to `limit` whose rows fit the terminal's height (the aspect's width
   * rounded up may be a row too tall), or null when even the narrowest art is too tall.
   */
  const widestFitting = (limit: number): number | null => {
    if (limit < MIN_COLUMNS) return null;
    let fit = columnsForRows(size, maxRows, cellAspect, limit);
    while (fit > MIN_COLUMNS && rowsAt(fit) > maxRows) fit--;
    return rowsAt(fit) <= maxRows ? fit : null;
  };
  if (columns > maxColumns) {
    // the width named fits the terminal's height too, where the height follows it
    const widest =
      options.rows === undefined ? widestFitting(maxColumns) : maxColumns >= MIN_COLUMNS ? maxColumns : null;
    const hint =
      widest !== null
        ? `--columns ${widest} or fewer plays it`
        : maxColumns >= MIN_COLUMNS
          ? `--rows ${maxRows} without --columns plays it`
          : `art takes at least ${MIN_COLUMNS}, so no width plays it here`;
    return `the ${what} is ${columns} columns and the terminal ${maxColumns}; ${hint}`;
  }
  if (rows <= maxRows) return { params, options };
  if (request.fitHeight) {
    const fit = columnsForRows(size, maxRows, cellAspect, params.columns);
    return { params: { ...params, columns: fit }, options: { ...options, rows: maxRows } };
  }
  // a height given is the one to lower; else the width, which sets the height, or, when even the
  // narrowest is too tall, the height alone (--rows without --columns keeps the aspect as far as it can)
  const fit = options.rows === undefined ? widestFitting(params.columns) : null;
  const hint =
    options.rows !== undefined
      ? `--rows ${maxRows} or fewer`
      : fit !== null
        ? `--columns ${fit} or fewer`
        : `--rows ${maxRows} without --columns`;
  return `the ${what} is ${rows} rows and the terminal ${maxRows + 1} (one for the cursor); ${hint} plays it`;
}

/**
 * The request on a terminal resized while it plays: a size the CLI chose (neither --columns
 * nor --rows) follows the new width and height; a size given is kept, and may no longer fit.
 */
function onResizedTerminal(request: FitRequest, size: { rows: number; columns: number }): FitRequest {
  return {
    ...request,
    maxRows: size.rows - 1,
    maxColumns: size.columns,
    params: request.fitHeight ? { ...request.params, columns: columnsForTerminal(size.columns) } : request.params,
  };
}

/** A playing picture's size: the request as fitted, its params and its grid. */
export interface Fitted {
  readonly request: FitRequest;
  readonly params: RenderParams;
  readonly plan: FramePlan;
}

/**
 * The picture of `size` fitted to a terminal resized while it plays (onResizedTerminal), or
 * why it no longer fits; `changed` when the grid is another (its frames are rendered anew).
 */
export function refitted(
  now: Fitted,
  terminal: { rows: number; columns: number },
  size: { readonly width: number; readonly height: number },
  what: 'animation' | 'video',
): (Fitted & { changed: boolean }) | string {
  const request = onResizedTerminal(now.request, terminal);
  const fit = fitToTerminal(size, request, what);
  if (typeof fit === 'string') return fit;
  const params = { ...now.params, columns: fit.params.columns };
  const plan = planFrame(params, size, fit.options);
  const changed = plan.columns !== now.plan.columns || plan.rows !== now.plan.rows;
  return changed ? { request, params, plan, changed } : { ...now, request, changed };
}

/**
 * The picture fitted to a terminal resized while it plays (`resized`: its size), for the next
 * frame. A size given that no longer fits ends the playback (`stopped`: why, in words, with the
 * size that would fit). A size the CLI chose follows the terminal, and where even that cannot
 * fit (narrower than art can be) the player holds, saying so, until a resize makes room: a
 * window dragged small for a moment does not end a video. `ended`: `q`, or the playing time
 * up, while it held.
 */
export async function fitAfterResize(
  now: Fitted,
  resized: { rows: number; columns: number },
  size: { readonly width: number; readonly height: number },
  what: 'animation' | 'video',
  playback: TerminalPlayback,
): Promise<(Fitted & { changed: boolean }) | { stopped: string } | { ended: true }> {
  let terminal = resized;
  for (;;) {
    const next = refitted(now, terminal, size, what);
    if (typeof next !== 'string') return next;
    if (!now.request.fitHeight) return { stopped: next };
    playback.hold(`glyphcast: waiting for a larger terminal (q quits): ${next}`);
    await playback.waitForResize();
    if (playback.ended) return { ended: true };
    terminal = playback.takeResize() ?? terminal;
  }
}

/**
 * How many times an animation or video plays (0: without end): as --loops says; with
 * --duration alone, again and again until the time is up (as chafa's --duration); else as the
 * file says (`fileSays`: a GIF's loop count, a video's once).
 */
export function timesThrough(limits: PlayLimits, fileSays: number): number {
  return limits.loops ?? (limits.durationMs !== undefined ? 0 : fileSays);
}

export async function playAnimation(
  request: PlayRequest,
  terminal: PlaybackTerminal,
  guard: SignalGuard,
): Promise<PlayOutcome> {
  const { animation } = request;
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
  let stream = new StreamState();
  /** Each frame's lines, rendered once, kept for the next pass. */
  let frames: string[][] = [];
  let now: Fitted = { request, params: tuned, plan };
  const playback = new TerminalPlayback(terminal, guard, request.limits.durationMs);
  let shownAt = 0;
  let showFor = 0;
  const passes = timesThrough(request.limits, animation.loop);
  try {
    for (let pass = 0; passes === 0 || pass < passes; pass++) {
      for (let i = 0; i < animation.frames.length; i++) {
        const resized = playback.takeResize();
        if (resized) {
          const next = await fitAfterResize(now, resized, animation, 'animation', playback);
          if ('stopped' in next) return { played: true, stopped: next.stopped };
          if ('ended' in next) return { played: true };
          if (next.changed) {
            // another grid: the frames are rendered again, as a new stream
            stream = new StreamState();
            frames = [];
          }
          now = next;
          playback.clear();
        }
        frames[i] ??= encode(executor.render(now.plan, animation.frames[i], stream), now.params, {
          ansiColorDepth: request.ansiColorDepth,
        }).body.split('\n');
        await playback.waitUntil(shownAt + showFor);
        if (playback.ended) return { played: true };
        playback.show(frames[i]);
        shownAt = performance.now();
        showFor = animation.delaysMs[i];
      }
    }
  } finally {
    playback.close();
  }
  return { played: true };
}

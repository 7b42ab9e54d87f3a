/**
 * Plays an animated GIF or WebP on the terminal, as chafa does: each frame drawn over the last
 * (the cursor moved up, the cursor hidden while it plays), at the file's frame delays, as many
 * times as the file says (without end for 0, until Ctrl-C). The frames are a stream: the Auto
 * Director tunes once, on the first frame, and the temporal filter (motionSensitivity) keeps
 * still parts still, as in the studio. Each frame is rendered while the one before shows, and
 * kept for the next pass.
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
import type { SignalGuard } from './signal-guard.js';
import { columnsForRows } from './sizing.js';

export const HIDE_CURSOR = '\x1b[?25l';
export const SHOW_CURSOR = '\x1b[?25h';
/** Up `rows` lines, to the start of the line: where the last frame began. */
const backOver = (rows: number) => `\x1b[${rows}A\r`;

export interface PlayRequest {
  readonly animation: DecodedAnimation;
  readonly params: RenderParams;
  readonly options: RenderOptions;
  readonly ansiColorDepth: AnsiColorDepth;
  /** The most rows a frame may have to be drawn over the last: the terminal's height less one. */
  readonly maxRows: number;
  /** Whether the size is the CLI's to choose (no --columns, no --rows): a tall animation is fitted to the terminal's height. */
  readonly fitHeight: boolean;
}

/** Played (to its end, or interrupted), too tall to play (why, in words), or failed to render. */
export type PlayOutcome = { readonly played: true } | { readonly tooTall: string } | { readonly error: string };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The params and options that fit the frames to `maxRows`, or why they cannot be fitted. */
function fitted(request: PlayRequest): { params: RenderParams; options: RenderOptions } | string {
  const { animation, params, options, maxRows } = request;
  const { rows } = planFrame(params, animation, options);
  if (rows <= maxRows) return { params, options };
  if (!request.fitHeight) {
    return `${rows} rows is taller than the terminal (${maxRows + 1} rows): showing its first frame; --rows ${maxRows} or fewer plays it`;
  }
  const columns = columnsForRows(animation, maxRows, options.cellAspect ?? DEFAULT_CELL_ASPECT, params.columns);
  return { params: { ...params, columns }, options: { ...options, rows: maxRows } };
}

export async function playAnimation(
  request: PlayRequest,
  stdout: NodeJS.WritableStream,
  guard: SignalGuard,
): Promise<PlayOutcome> {
  const { animation } = request;
  const executor = new CpuExecutor();
  let tuned: RenderParams;
  let options: RenderOptions;
  let plan: ReturnType<typeof planFrame>;
  try {
    const fit = fitted(request);
    if (typeof fit === 'string') return { tooTall: fit };
    options = fit.options;
    tuned =
      fit.params.autoOptimize > 0 ? autoTune(executor, animation.frames[0], fit.params, options).params : fit.params;
    plan = planFrame(tuned, animation, options);
  } catch (err) {
    return { error: renderFailure(err) };
  }
  const stream = new StreamState();
  const bodies: string[] = [];
  guard.restore += SHOW_CURSOR;
  stdout.write(HIDE_CURSOR);
  let shownAt = 0;
  let showFor = 0;
  try {
    for (let pass = 0; animation.loop === 0 || pass < animation.loop; pass++) {
      for (let i = 0; i < animation.frames.length; i++) {
        bodies[i] ??= encode(executor.render(plan, animation.frames[i], stream), tuned, {
          ansiColorDepth: request.ansiColorDepth,
        }).body;
        await sleep(shownAt + showFor - performance.now());
        if (guard.interrupted) return { played: true };
        stdout.write(`${pass + i > 0 ? backOver(plan.rows) : ''}${bodies[i]}\n`);
        shownAt = performance.now();
        showFor = animation.delaysMs[i];
      }
    }
  } finally {
    if (!guard.interrupted) stdout.write(SHOW_CURSOR);
  }
  return { played: true };
}

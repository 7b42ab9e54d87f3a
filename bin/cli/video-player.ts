/**
 * Plays a video file on the terminal (video.ts decodes it with ffmpeg): frames drawn over each
 * other (playback.ts) on the video's clock, at most MAX_FPS a second. The frames are a stream,
 * as in the studio: the Auto Director tunes on the first frame, and again on a worker thread
 * when the scene changes (a fade from black, a cut: retune.ts), and the temporal filter
 * (motionSensitivity) keeps still parts still. A frame whose time has passed by more than a
 * frame before it could be rendered is skipped, so a slow machine or a large grid plays at
 * the video's pace with fewer frames, never slower. After Ctrl-Z and fg it goes on from where
 * it stopped. A resized terminal gets the picture fitted again (animation.ts fitAfterResize). It
 * plays once, or as --loops and --duration say (animation.ts timesThrough): each time through
 * is decoded again, the pause while ffmpeg starts kept off the clock.
 */

import type { AnsiColorDepth, RenderOptions, RenderParams } from '../../engine/index.js';
import { autoTune, CpuExecutor, encode, planFrame, SAMPLES_X, StreamState } from '../../engine/index.js';
import {
  type FitRequest,
  type Fitted,
  fitAfterResize,
  fitToTerminal,
  type PlayOutcome,
  timesThrough,
} from './animation.js';
import type { PlayLimits } from './args.js';
import { renderFailure } from './convert.js';
import { oneLine } from './io.js';
import { type PlaybackTerminal, TerminalPlayback } from './playback.js';
import { Retuner } from './retune.js';
import type { SignalGuard } from './signal-guard.js';
import { type VideoInfo, videoFrames } from './video.js';

/** The highest frame rate played: a terminal redraws no faster, and the CPU renders every frame. */
const MAX_FPS = 30;
/** The frame rate of a video whose container does not say. */
const DEFAULT_FPS = 25;
/** Source pixels decoded per sample across: the engine averages them down (more is slower, not better). */
const PIXELS_PER_SAMPLE = 4;

export interface VideoPlayRequest extends FitRequest {
  /** The file's path. */
  readonly input: string;
  readonly info: VideoInfo;
  readonly ansiColorDepth: AnsiColorDepth;
  readonly limits: PlayLimits;
}

/** The size the frames are decoded at for the art of `columns` columns: no wider than the video, or than the samples need. */
function decodeSize(info: VideoInfo, columns: number): { width: number; height: number } {
  const width = Math.min(info.width, columns * SAMPLES_X * PIXELS_PER_SAMPLE);
  return { width, height: Math.max(1, Math.round((info.height * width) / info.width)) };
}

/** The frame rate played: the video's, at most MAX_FPS. */
const playedFps = (info: VideoInfo) => Math.min(MAX_FPS, info.fps ?? DEFAULT_FPS);

/** The options that keep a grid's size: its rows forced (the columns are in the params). */
const gridOf = (now: Fitted): RenderOptions => ({ ...now.request.options, rows: now.plan.rows });

export async function playVideo(
  request: VideoPlayRequest,
  terminal: PlaybackTerminal,
  guard: SignalGuard,
): Promise<PlayOutcome> {
  const fitShown = fitToTerminal(request.info, request, 'video');
  if (typeof fitShown === 'string') return { doesNotFit: fitShown };
  const size = decodeSize(request.info, fitShown.params.columns);
  // the decoded frames' own size decides (its height rounds)
  const fit = fitToTerminal(size, { ...request, params: fitShown.params, options: fitShown.options }, 'video');
  if (typeof fit === 'string') return { doesNotFit: fit };
  const fps = playedFps(request.info);
  const frameMs = 1000 / fps;
  let frames = videoFrames(request.input, size, fps);
  guard.restoreAlso(() => frames.stop());
  const executor = new CpuExecutor();
  let tuned: RenderParams;
  let plan: ReturnType<typeof planFrame>;
  let frame = await frames.next().catch((err: unknown) => ({ error: oneLine(err) }));
  if (frame === null || 'error' in frame) {
    frames.stop();
    return { error: frame?.error ?? 'the video has no frame' };
  }
  try {
    tuned = fit.params.autoOptimize > 0 ? autoTune(executor, frame, fit.params, fit.options).params : fit.params;
    plan = planFrame(tuned, size, fit.options);
  } catch (err) {
    frames.stop();
    return { error: renderFailure(err) };
  }
  let stream = new StreamState();
  let now: Fitted = { request, params: tuned, plan };
  const playback = new TerminalPlayback(terminal, guard, request.limits.durationMs);
  const retuner = fit.params.autoOptimize > 0 ? new Retuner(frame) : null;
  const passes = timesThrough(request.limits, 1);
  let pass = 1;
  /** Time off the clock: the delays of ffmpeg starting again for the next times through. */
  let restartsMs = 0;
  const start = performance.now();
  try {
    for (let i = 0; ; i++, frame = await frames.next()) {
      if (frame === null) {
        if ((passes !== 0 && pass >= passes) || playback.ended) break;
        pass++;
        frames.stop();
        frames = videoFrames(request.input, size, fps);
        frame = await frames.next();
        // off the clock: only how late ffmpeg's start made this frame (time stopped by Ctrl-Z is counted apart)
        restartsMs += Math.max(0, performance.now() - (start + playback.stoppedMs + restartsMs + i * frameMs));
        if (frame === null) break;
      }
      if (playback.ended) break;
      const resized = playback.takeResize();
      if (resized) {
        // the frames keep their decoded size; the grid follows the terminal
        const heldFrom = performance.now();
        const next = await fitAfterResize(now, resized, size, 'video', playback);
        if ('stopped' in next) return { played: true, stopped: next.stopped };
        if ('ended' in next) break;
        // a hold (the terminal too small) is off the clock, as ffmpeg's start is
        restartsMs += performance.now() - heldFrom;
        if (next.changed) stream = new StreamState();
        now = next;
        playback.clear();
      }
      const due = start + playback.stoppedMs + restartsMs + i * frameMs;
      // more than a frame late: skipped, so the video keeps its pace
      if (performance.now() > due + frameMs) continue;
      const retuned = retuner?.take();
      if (retuned) {
        // on the grid of now (the terminal may have been resized since it was asked): the stream goes on
        const params = { ...retuned, columns: now.plan.columns };
        now = { ...now, params, plan: planFrame(params, size, gridOf(now)) };
      }
      retuner?.consider(frame, { ...fit.params, columns: now.plan.columns }, gridOf(now));
      const lines = encode(executor.render(now.plan, frame, stream), now.params, {
        ansiColorDepth: request.ansiColorDepth,
      }).body.split('\n');
      await playback.waitUntil(due);
      if (playback.ended) break;
      playback.show(lines);
    }
  } catch (err) {
    return { error: oneLine(err) };
  } finally {
    frames.stop();
    playback.close();
    await retuner?.close();
  }
  return { played: true };
}

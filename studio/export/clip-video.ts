/**
 * A recorded clip as a WebM video, for places where text does not play (a chat, a social post,
 * a slide). Each frame is painted as the stage paints it without WebGPU (the Canvas 2D painter,
 * in the page's font, colors multiplied over the glyphs) on a canvas the size of the largest
 * frame, and recorded from that canvas's stream with MediaRecorder at the clip's own timing. So
 * making it takes as long as the clip plays (at most CLIP_MAX_MS), and the page must stay in
 * front meanwhile: a hidden page's timers are slowed, which would stretch the video's timing,
 * so a page hidden while it records stops it with an error instead of saving such a video.
 */
import { CanvasGridPainter } from '../render/canvas-grid-painter.js';
import { measureCell } from '../render/cell-metrics.js';
import { gridFromLines } from '../render/compact-grid.js';
import { paintStyleOf } from '../render/grid-painter.js';
import type { Clip } from './clip.js';

/** WebM types in order of preference: the first the browser's MediaRecorder takes is used. */
const WEBM_TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'];

/** Glyph height in video pixels, lowered so that the widest frame fits MAX_VIDEO_WIDTH. */
const FONT_PX = 16;
const MIN_FONT_PX = 6;
const MAX_VIDEO_WIDTH = 1920;
/** Enough for sharp glyph edges at 1080p and 30 frames a second. */
const BITS_PER_SECOND = 6_000_000;
/** How long a clip of one frame shows it, ms. */
const ONE_FRAME_MS = 500;

/** The WebM type this browser records, or null where it records none. */
export function webmType(): string | null {
  if (typeof MediaRecorder === 'undefined' || typeof HTMLCanvasElement.prototype.captureStream !== 'function')
    return null;
  return WEBM_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

/** The video's size and glyph height: every frame fits, and the frame size is even (what VP8 and VP9 want). */
export function videoLayout(clip: Clip): { width: number; height: number; fontPx: number } {
  const columns = Math.max(...clip.frames.map((f) => f.columns));
  const rows = Math.max(...clip.frames.map((f) => f.rows));
  const wide = measureCell(FONT_PX).width * columns;
  const fontPx = Math.max(MIN_FONT_PX, Math.min(FONT_PX, Math.floor((FONT_PX * MAX_VIDEO_WIDTH) / wide)));
  const cell = measureCell(fontPx);
  const even = (n: number) => 2 * Math.ceil(n / 2);
  return { width: even(columns * cell.width), height: even(rows * cell.height), fontPx };
}

/** Why a video is not saved when its page was hidden while it recorded. */
export const HIDDEN_WHILE_RECORDING =
  'the page was hidden while the video was made, which slows its timers and would stretch the video: make it again with the page in front';

/** When the video ends, ms from its start: the last frame shows as long as the step before it. */
function endOf(clip: Clip): number {
  const [before, last] = [clip.frames.at(-2), clip.frames.at(-1)];
  if (!last) return 0;
  return before ? last.t + Math.max(1, last.t - before.t) : ONE_FRAME_MS;
}

const until = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

/**
 * Records `clip` as WebM (see the file comment); `onProgress` hears the share done (0 to 1) after
 * each frame. Rejects where the browser records no WebM, or when its recorder fails.
 */
export async function clipToWebm(clip: Clip, onProgress: (done: number) => void = () => {}): Promise<Blob> {
  const type = webmType();
  if (!type) throw new Error('this browser cannot record a WebM video (no MediaRecorder for it)');
  if (clip.frames.length === 0) throw new Error('the clip has no frames');
  if (document.hidden) throw new Error(HIDDEN_WHILE_RECORDING);
  const { width, height, fontPx } = videoLayout(clip);
  const canvas = Object.assign(document.createElement('canvas'), { width, height });
  const ctx = canvas.getContext('2d', { alpha: false }) as CanvasRenderingContext2D;
  const scratch = document.createElement('canvas');
  const painter = new CanvasGridPainter(scratch);
  const stream = canvas.captureStream(0); // a frame only when requestFrame says so
  const track = stream.getVideoTracks()[0] as CanvasCaptureMediaStreamTrack;
  const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: BITS_PER_SECOND });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const stopped = new Promise<void>((resolve, reject) => {
    recorder.onstop = () => resolve();
    recorder.onerror = (event) =>
      reject(new Error(`the video recorder failed (${String((event as ErrorEvent).error ?? event.type)})`));
  });
  const end = endOf(clip);
  let hidden = false;
  const onVisibility = () => {
    hidden ||= document.hidden;
  };
  document.addEventListener('visibilitychange', onVisibility);
  recorder.start();
  const start = performance.now();
  let params = clip.params;
  try {
    for (const frame of clip.frames) {
      await until(start + frame.t);
      if (hidden) throw new Error(HIDDEN_WHILE_RECORDING);
      params = frame.params ?? params;
      const style = paintStyleOf({ ...params, color: frame.chroma !== null });
      painter.paint(
        gridFromLines(frame.columns, frame.rows, frame.lines, frame.chroma, frame.backgroundChroma),
        style,
        fontPx,
      );
      ctx.fillStyle = style.light ? '#fff' : '#000';
      ctx.fillRect(0, 0, width, height);
      ctx.drawImage(scratch, 0, 0);
      track.requestFrame();
      onProgress(frame.t / end);
    }
    await until(start + end);
    if (hidden) throw new Error(HIDDEN_WHILE_RECORDING);
  } finally {
    document.removeEventListener('visibilitychange', onVisibility);
    if (recorder.state !== 'inactive') recorder.stop();
    track.stop();
    painter.dispose();
  }
  await stopped;
  onProgress(1);
  return new Blob(chunks, { type: 'video/webm' });
}

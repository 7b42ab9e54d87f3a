/**
 * Short clips of ASCII frames: recorded from the frames on screen, written as JSON lines (one
 * header line, then one line per frame) or as a self-contained HTML flipbook that plays them at
 * their recorded timing. The layouts are documented in studio/README.md.
 */

import type { RenderParams } from '../../engine/index.js';
import { type CellGrid, FONT_STACK, gridLines, lightBackground, monoInk, toBase64 } from '../../engine/index.js';

/** A clip stops at whichever comes first (its time is play time: see ClipRecorder.add). */
export const CLIP_MAX_FRAMES = 300;
export const CLIP_MAX_MS = 10_000;

/**
 * A frame whose media time is further ahead of the last one's than the wall time between them
 * plus this was seeked to, not played to (a frame reaches the recorder up to a render late).
 */
const SEEK_SLACK_MS = 250;

export interface ClipFrame {
  /** Milliseconds the source played since the first frame (a pause does not count). */
  readonly t: number;
  readonly columns: number;
  readonly rows: number;
  readonly lines: readonly string[];
  readonly chroma: { readonly encoding: 'rgb24-b64-v1'; readonly data: string } | null;
  /** Two-colour cells' backgrounds, in the same encoding (only on frames that have them). */
  readonly backgroundChroma?: { readonly encoding: 'rgb24-b64-v1'; readonly data: string };
  /** The controls' values, on each frame where they changed during the recording. */
  readonly params?: RenderParams;
  /**
   * The values the Auto Director's latest tuning renders instead of the controls' (its evidence's
   * changes): on the first frame, and again on each frame where they changed (a re-tune). Live,
   * the picture eases towards each tuning over a few frames.
   */
  readonly tuned?: Readonly<Record<string, number | string | boolean>>;
}

export interface Clip {
  readonly source: string;
  readonly params: RenderParams;
  readonly frames: readonly ClipFrame[];
}

export class ClipRecorder {
  private readonly frames: ClipFrame[] = [];
  /** Play time since the first frame, ms. */
  private played = 0;
  /** The last frame's wall time and media time. */
  private lastNow = 0;
  private lastMedia: number | null = null;
  /** The last step the media time played forward, ms (what a seek or a loop counts for). */
  private step = Number.POSITIVE_INFINITY;
  private lastTuned: string | null = null;
  private lastParams: RenderParams;

  constructor(
    private readonly source: string,
    private readonly params: RenderParams,
  ) {
    this.lastParams = params;
  }

  get count(): number {
    return this.frames.length;
  }

  get durationMs(): number {
    return this.frames.length > 0 ? this.frames[this.frames.length - 1].t : 0;
  }

  /**
   * Adds a frame rendered with `params` (the controls' values then) at wall time `now` (ms), of
   * the source's frame at `mediaTime` (s; the frame bus's); false once the clip is full (the
   * frame is not added). Its chroma follows its own params' `color`. Its `t` is play time: see
   * `advance`.
   */
  add(grid: CellGrid, params: RenderParams, now: number, mediaTime: number | null): boolean {
    const t = Math.round(this.advance(now, mediaTime));
    if (this.frames.length >= CLIP_MAX_FRAMES || t > CLIP_MAX_MS) return false;
    const tuned = Object.fromEntries((grid.evidence.director?.changes ?? []).map((c) => [c.param, c.to]));
    const tunedKey = JSON.stringify(tuned);
    this.frames.push({
      t,
      columns: grid.columns,
      rows: grid.rows,
      lines: gridLines(grid),
      chroma: params.color ? { encoding: 'rgb24-b64-v1', data: toBase64(grid.colors) } : null,
      ...(params.color && grid.backgrounds
        ? { backgroundChroma: { encoding: 'rgb24-b64-v1', data: toBase64(grid.backgrounds) } }
        : {}),
      // a new params object is not always a change (a field that says its value again, an Undo
      // back to the same look): only different values are written again
      ...(sameParams(params, this.lastParams) ? {} : { params }),
      ...(tunedKey !== this.lastTuned ? { tuned } : {}),
    });
    this.lastTuned = tunedKey;
    this.lastParams = params;
    return true;
  }

  /**
   * The clip's clock, ms since the first frame: between two frames it moves as far as the
   * source's media time did, so a paused video adds nothing (a frame rendered again while paused,
   * for a changed setting, gets the t of the one before). A jump back (a loop, a seek) or ahead
   * of the wall time (a seek) counts as one step like the last played one. Frames without a media
   * time move it by the wall time between them.
   */
  private advance(now: number, mediaTime: number | null): number {
    if (this.frames.length > 0) {
      const wall = now - this.lastNow;
      if (mediaTime === null || this.lastMedia === null) this.played += wall;
      else {
        const media = (mediaTime - this.lastMedia) * 1000;
        const playedOn = media >= 0 && media <= wall + SEEK_SLACK_MS;
        if (playedOn && media > 0) this.step = media;
        this.played += playedOn ? media : Math.min(this.step, wall);
      }
    }
    this.lastNow = now;
    this.lastMedia = mediaTime;
    return this.played;
  }

  finish(): Clip {
    return { source: this.source, params: this.params, frames: [...this.frames] };
  }
}

/** Whether two params objects hold the same values (the same object, or one remade unchanged). */
function sameParams(a: RenderParams, b: RenderParams): boolean {
  if (a === b) return true;
  for (const key in a) if (!Object.is(a[key as keyof RenderParams], b[key as keyof RenderParams])) return false;
  return true;
}

/** JSON lines: a `clip` header, then one `frame` object per line. */
export function clipToJsonLines(clip: Clip): string {
  const header = {
    type: 'clip',
    format: 'glyphcast-clip',
    version: 1,
    source: clip.source,
    frames: clip.frames.length,
    durationMs: clip.frames.at(-1)?.t ?? 0,
    params: clip.params,
  };
  const frames = clip.frames.map((f, seq) => JSON.stringify({ type: 'frame', seq, ...f }));
  return `${[JSON.stringify(header), ...frames].join('\n')}\n`;
}

/** JSON that is safe inside a <script> element (no `<`, so no `</script>`). */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** How a frame is shown: its mono ink, and the page and text colors around it. */
interface Look {
  readonly ink: string;
  readonly page: string;
  readonly text: string;
  readonly muted: string;
}

function lookOf(params: RenderParams): Look {
  // the page and ink the encoders use (runs.ts lightBackground, monoInk)
  const ink = monoInk(params);
  return lightBackground(params)
    ? { ink, page: '#fff', text: '#1f2328', muted: '#4b5563' }
    : { ink, page: '#000', text: '#e5e5e5', muted: '#8b97a4' };
}

/**
 * The distinct looks of a clip, and each frame with the index of its own: the params in force at
 * a frame are the header's until a frame carries new ones.
 */
function framesWithLooks(clip: Clip): { looks: Look[]; frames: (ClipFrame & { look: number })[] } {
  const looks: Look[] = [];
  const indexOf = new Map<string, number>();
  let params = clip.params;
  const frames = clip.frames.map((frame) => {
    params = frame.params ?? params;
    const look = lookOf(params);
    const key = JSON.stringify(look);
    let index = indexOf.get(key);
    if (index === undefined) {
      index = looks.push(look) - 1;
      indexOf.set(key, index);
    }
    return { ...frame, look: index };
  });
  return { looks, frames };
}

/**
 * A standalone HTML page that plays the clip on a loop, with a pause button. Each frame is shown
 * in its own look: a mono color changed while recording changes the ink and the page with it.
 */
export function clipToHtmlFlipbook(clip: Clip): string {
  const data = framesWithLooks(clip);
  const first = data.looks[0] ?? lookOf(clip.params);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>glyphcast clip</title>
<style>
  html, body { margin: 0; background: ${first.page}; color: ${first.text}; font: 13px system-ui, sans-serif; }
  pre { margin: 0; padding: 1em; color: ${first.ink}; font-family: ${FONT_STACK}; font-size: 12px; line-height: 2ch; }
  .bar { display: flex; gap: 1em; align-items: center; padding: 0.5em 1em; color: ${first.muted}; }
  h1 { margin: 0; font-size: inherit; font-weight: 600; }
  button { font: inherit; min-width: 5em; padding: 0.35em 0.9em; border: 1px solid ${first.muted}; border-radius: 6px; background: transparent; color: inherit; cursor: pointer; }
  button:focus-visible { outline: 2px solid ${first.ink}; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<pre id="art" role="img" aria-label="ASCII clip, ${clip.frames.length} frames"></pre>
<div class="bar"><h1>glyphcast clip</h1><button id="play" type="button">Pause</button><span id="pos"></span></div>
</main>
<script type="application/json" id="clip">${scriptJson(data)}</script>
<script>
(() => {
  const clip = JSON.parse(document.getElementById('clip').textContent);
  const art = document.getElementById('art');
  const pos = document.getElementById('pos');
  const button = document.getElementById('play');
  let i = 0, timer = 0, playing = true;
  const hex = (b, k) => '#' + [b[k], b[k + 1], b[k + 2]].map((v) => v.toString(16).padStart(2, '0')).join('');
  const bar = document.querySelector('.bar');
  function show(f) {
    const look = clip.looks[f.look];
    document.documentElement.style.background = look.page;
    document.body.style.background = look.page;
    document.body.style.color = look.text;
    bar.style.color = look.muted;
    art.style.color = look.ink;
    if (!f.chroma) { art.textContent = f.lines.join('\\n'); return; }
    const bytes = Uint8Array.from(atob(f.chroma.data), (c) => c.charCodeAt(0));
    const under = f.backgroundChroma ? Uint8Array.from(atob(f.backgroundChroma.data), (c) => c.charCodeAt(0)) : null;
    art.textContent = '';
    f.lines.forEach((line, r) => {
      let c = 0, run = '', color = '', back = '';
      const flush = () => { if (!run) return; const s = document.createElement('span'); s.style.color = color; if (back) { s.style.background = back; s.style.display = 'inline-block'; } s.textContent = run; art.append(s); run = ''; };
      for (const ch of line) { const k = (r * f.columns + c++) * 3; const col = hex(bytes, k); const bg = under ? hex(under, k) : ''; if (col !== color || bg !== back) { flush(); color = col; back = bg; } run += ch; }
      flush();
      if (r < f.lines.length - 1) art.append('\\n');
    });
  }
  function step() {
    const f = clip.frames[i];
    if (!f) return;
    show(f);
    pos.textContent = 'frame ' + (i + 1) + ' of ' + clip.frames.length;
    const next = clip.frames[i + 1];
    i = next ? i + 1 : 0;
    if (playing) timer = setTimeout(step, next ? Math.max(16, next.t - f.t) : 500);
  }
  button.onclick = () => { playing = !playing; button.textContent = playing ? 'Pause' : 'Play'; clearTimeout(timer); if (playing) step(); };
  step();
})();
</script>
</body>
</html>
`;
}

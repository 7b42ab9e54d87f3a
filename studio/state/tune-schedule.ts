/**
 * When the Auto Director tunes a stream, and which params each frame is rendered with: pure
 * state, driven by the clock the caller passes (AutoDirector owns the Worker that tunes).
 *
 * - A tune is due when the stream starts, at once after the user changes a parameter, and
 *   RETUNE_MS after the previous one started; never two at a time; never with autoOptimize = 0.
 * - A tune's result is dropped when the stream or the user's params changed while it ran
 *   (it answered for params no longer asked for); the next frame starts another.
 * - Between tunes the params on screen move to the latest result in EASE_STEPS steps at most
 *   EASE_STEP_MS apart; `frameParams` returns the same object until the next step, so renderers
 *   keep their plans and no frame allocates.
 */
import type { DirectorEvidence, RenderParams } from '../../engine/index.js';
import { EASE_STEP_MS, EASE_STEPS, easeParams, keepAdjustments } from './ease-params.js';

/** Re-tune a stream this often (ms). */
export const RETUNE_MS = 2000;

export interface Tuned {
  readonly params: RenderParams;
  readonly evidence: DirectorEvidence;
}

export class TuneSchedule {
  /** The evidence of the last tune (null before the first, or with autoOptimize = 0). */
  evidence: DirectorEvidence | null = null;
  /** Tunes applied since the stream started. */
  tunes = 0;
  private user: RenderParams;
  private screen: RenderParams | null = null;
  private from: RenderParams | null = null;
  private target: RenderParams | null = null;
  private step = EASE_STEPS;
  private lastStep = 0;
  private due = 0;
  private running = false;
  private stopped = false;
  /** Bumped when the stream or the user's params change: a tune started before is stale. */
  private generation = 0;

  constructor(user: RenderParams) {
    this.user = user;
  }

  /** A new stream: forget the tuned params; the first frame is tuned at once. */
  start(user: RenderParams): void {
    this.generation++;
    this.user = user;
    this.screen = null;
    this.from = null;
    this.target = null;
    this.step = EASE_STEPS;
    this.evidence = null;
    this.tunes = 0;
    this.due = 0;
    this.stopped = false;
  }

  /** The user changed a parameter: show it now, keep the director's adjustments, re-tune at once. */
  setUser(user: RenderParams): void {
    this.generation++;
    this.screen =
      this.screen && this.evidence && user.autoOptimize > 0
        ? keepAdjustments(user, this.screen, this.evidence.changes)
        : null;
    if (user.autoOptimize === 0) this.evidence = null;
    this.user = user;
    this.from = null;
    this.target = null;
    this.step = EASE_STEPS;
    this.due = 0;
  }

  /** The params to render the frame shown at `now` with. */
  frameParams(now: number): RenderParams {
    if (this.user.autoOptimize === 0) return this.user;
    if (this.step < EASE_STEPS && this.from && this.target && now - this.lastStep >= EASE_STEP_MS) {
      this.step++;
      this.lastStep = now;
      this.screen = easeParams(this.from, this.target, this.step / EASE_STEPS);
    }
    return this.screen ?? this.user;
  }

  /**
   * If a tune is due at `now`, marks it started and returns what to tune (the user's params) and
   * a token for `finish`/`fail`; otherwise null.
   */
  begin(now: number): { readonly params: RenderParams; readonly token: number } | null {
    if (this.user.autoOptimize === 0 || this.stopped || this.running || now < this.due) return null;
    this.running = true;
    this.due = now + RETUNE_MS;
    return { params: this.user, token: this.generation };
  }

  /** A tune answered: ease to its params, unless the params asked for have changed since. */
  finish(token: number, tuned: Tuned): void {
    this.running = false;
    if (token !== this.generation) {
      this.due = 0;
      return;
    }
    this.from = this.screen ?? this.user;
    this.target = tuned.params;
    this.step = 0;
    this.lastStep = Number.NEGATIVE_INFINITY;
    this.evidence = tuned.evidence;
    this.tunes++;
  }

  /** A tune failed: try again on the next frame (`retry`, e.g. no frame to read yet) or stop tuning. */
  fail(retry: boolean): void {
    this.running = false;
    if (retry) this.due = 0;
    else this.stopped = true;
  }
}

/**
 * The Auto Director for the studio, in its own Worker (autoTune on the CPU engine), for both
 * executors: the renderers render the params it hands out.
 *
 * Stills: tuned once per image, params and cell aspect (cached); the grid's evidence is the
 * director's, as the server's render of the same image reports it.
 *
 * Streams: tuned on a frame when the source starts, when a parameter changes, then every
 * RETUNE_MS; between two tunes the params on screen move to the new tuned ones in EASE_STEPS
 * steps (ease-params.ts), so the picture never jumps. A frame asks `frameParams(now)`: the same
 * object until the next easing step, so the renderers keep their plans and nothing is allocated
 * per frame. With autoOptimize = 0 nothing is tuned and the user's params are rendered.
 */
import type { DirectorEvidence } from '../../engine/grid.js';
import type { RenderParams } from '../../engine/params.js';
import { EASE_STEP_MS, EASE_STEPS, easeParams, keepAdjustments } from '../state/ease-params.js';
import type { FrameInput } from './frame-renderer.js';
import { type ClientRequest, WorkerClient } from './worker-client.js';

/** Re-tune a stream this often (ms). */
export const RETUNE_MS = 2000;

export interface Tuned {
  readonly params: RenderParams;
  readonly evidence: DirectorEvidence;
}

export class AutoDirector {
  /** The evidence of the last tune (null before the first, or with autoOptimize = 0). */
  evidence: DirectorEvidence | null = null;
  /** Tunes finished since the stream started (for the panel and the tests). */
  tunes = 0;
  private readonly client = new WorkerClient('glyphcast-auto-director');
  private readonly request: Extract<ClientRequest, { type: 'tune' }> = {
    type: 'tune',
    id: 0,
    params: {} as RenderParams,
    cellAspect: 0.5,
    stillKey: -1,
  };
  private stillCache: { key: number; params: RenderParams; aspect: number; tuned: Tuned } | null = null;

  // stream state
  private user: RenderParams | null = null;
  private screen: RenderParams | null = null;
  private from: RenderParams | null = null;
  private target: RenderParams | null = null;
  private step = EASE_STEPS;
  private lastStep = 0;
  private due = 0;
  /** Bumped when the stream or the user's params change: a tune started before is stale. */
  private generation = 0;
  private failed = false;

  /** The director's params and evidence for a still (the evidence the server reports too). */
  async still(frame: Extract<FrameInput, { kind: 'still' }>, params: RenderParams, aspect: number): Promise<Tuned> {
    const c = this.stillCache;
    if (c && c.key === frame.key && c.params === params && c.aspect === aspect) return c.tuned;
    await this.client.whenIdle(); // a stream's tune may still be in flight after a source change
    const tuned = await this.tune(frame, params, aspect);
    this.stillCache = { key: frame.key, params, aspect, tuned };
    return tuned;
  }

  /** A new stream (or none): forget the tuned params; the first frame is tuned at once. */
  startStream(user: RenderParams): void {
    this.generation++;
    this.user = user;
    this.screen = null;
    this.from = null;
    this.target = null;
    this.step = EASE_STEPS;
    this.evidence = null;
    this.tunes = 0;
    this.due = 0;
    this.failed = false;
  }

  /** The user changed a parameter: show it now, keep the director's adjustments, re-tune at once. */
  setUser(user: RenderParams): void {
    this.generation++;
    if (this.screen && this.evidence && user.autoOptimize > 0)
      this.screen = keepAdjustments(user, this.screen, this.evidence.changes);
    else this.screen = null;
    if (user.autoOptimize === 0) this.evidence = null;
    this.user = user;
    this.from = null;
    this.target = null;
    this.step = EASE_STEPS;
    this.due = 0;
  }

  /** The params to render the stream's frame with now. */
  frameParams(now: number): RenderParams {
    const user = this.user as RenderParams;
    if (user.autoOptimize === 0) return user;
    if (this.step < EASE_STEPS && this.from && this.target && now - this.lastStep >= EASE_STEP_MS) {
      this.step++;
      this.lastStep = now;
      this.screen = easeParams(this.from, this.target, this.step / EASE_STEPS);
    }
    return this.screen ?? user;
  }

  /** Starts a tune on this frame when one is due (never more than one at a time); returns at once. */
  maybeTune(frame: FrameInput, aspect: number, now: number): void {
    const user = this.user;
    if (!user || user.autoOptimize === 0 || this.failed || this.client.busy || now < this.due) return;
    const generation = this.generation;
    this.due = now + RETUNE_MS;
    this.tune(frame, user, aspect).then(
      (tuned) => {
        if (generation !== this.generation) {
          this.due = 0;
          return;
        }
        this.from = this.screen ?? user;
        this.target = tuned.params;
        this.step = 0;
        this.lastStep = 0;
        this.evidence = tuned.evidence;
        this.tunes++;
      },
      (err: Error & { code?: string }) => {
        // a frame that could not be read is tried again on the next frame; anything else stops tuning
        if (err.code === 'frame_skipped') this.due = 0;
        else this.failed = true;
      },
    );
  }

  dispose(): void {
    this.client.dispose();
  }

  private async tune(frame: FrameInput, params: RenderParams, aspect: number): Promise<Tuned> {
    const request = this.request;
    request.params = params;
    request.cellAspect = aspect;
    const reply = await this.client.send(frame, request);
    return reply.tuned as Tuned;
  }
}

/**
 * The Auto Director for the studio, in its own Worker (autoTune on the CPU engine), for both
 * executors: the renderers render the params it hands out.
 *
 * Stills: tuned once per image, params and cell aspect (cached); the grid's evidence is the
 * director's, as the server's render of the same image reports it.
 *
 * Streams: `TuneSchedule` (state/tune-schedule.ts) decides when to tune (stream start, a
 * parameter change, every RETUNE_MS) and eases the params on screen to each result; this class
 * copies the frame to the Worker and hands the answer back. With autoOptimize = 0 nothing is
 * tuned and the user's params are rendered.
 */
import type { DirectorEvidence, RenderParams } from '../../engine/index.js';
import { type Tuned, TuneSchedule } from '../state/tune-schedule.js';
import type { FrameInput } from './frame-renderer.js';
import { type ClientRequest, FRAME_SKIPPED, WorkerClient } from './worker-client.js';

export { RETUNE_MS } from '../state/tune-schedule.js';

export class AutoDirector {
  private readonly client = new WorkerClient('glyphcast-auto-director');
  private readonly request: Extract<ClientRequest, { type: 'tune' }> = {
    type: 'tune',
    id: 0,
    params: {} as RenderParams,
    cellAspect: 0.5,
    stillKey: -1,
  };
  private stillCache: { key: number; params: RenderParams; aspect: number; tuned: Tuned } | null = null;
  private schedule: TuneSchedule | null = null;

  /** The evidence of the stream's last tune (null before the first, or with autoOptimize = 0). */
  get evidence(): DirectorEvidence | null {
    return this.schedule?.evidence ?? null;
  }

  /** Tunes applied since the stream started. */
  get tunes(): number {
    return this.schedule?.tunes ?? 0;
  }

  /** The director's params and evidence for a still (the evidence the server reports too). */
  async still(frame: Extract<FrameInput, { kind: 'still' }>, params: RenderParams, aspect: number): Promise<Tuned> {
    const c = this.stillCache;
    if (c && c.key === frame.key && c.params === params && c.aspect === aspect) return c.tuned;
    await this.client.whenIdle(); // a stream's tune may still be in flight after a source change
    const tuned = await this.tune(frame, params, aspect);
    this.stillCache = { key: frame.key, params, aspect, tuned };
    return tuned;
  }

  /** A new stream: the first frame is tuned at once. */
  startStream(user: RenderParams): void {
    this.schedule ??= new TuneSchedule(user);
    this.schedule.start(user);
  }

  /** The user changed a parameter during a stream. */
  setUser(user: RenderParams): void {
    this.schedule?.setUser(user);
  }

  /** The params to render the stream's frame with now. */
  frameParams(now: number): RenderParams {
    return (this.schedule as TuneSchedule).frameParams(now);
  }

  /** Starts a tune on this frame when one is due; returns at once. */
  maybeTune(frame: FrameInput, aspect: number, now: number): void {
    const schedule = this.schedule;
    const job = schedule?.begin(now);
    if (!schedule || !job) return;
    this.tune(frame, job.params, aspect).then(
      (tuned) => schedule.finish(job.token, tuned),
      // a frame that could not be read is tried again on the next frame; anything else stops tuning
      (err: Error & { code?: string }) => schedule.fail(err.code === FRAME_SKIPPED),
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

/**
 * The render worker pool (piscina): RENDER_WORKERS threads, started up front, and a bounded
 * queue of RENDER_QUEUE_LIMIT renders. A render that finds every worker busy and the queue
 * full is refused at once with 503 `overloaded` and `Retry-After`, so the event loop never
 * holds more work than it can finish. The queue is kept here, in front of piscina (which only
 * ever holds as many renders as there are workers), so that a render still waiting for a worker
 * is dropped as soon as its client goes away (`signal`): abandoned requests neither hold queue
 * places nor use a worker. A render already running finishes (stopping a thread inside sharp is
 * not safe). `close()` lets queued and running renders finish.
 *
 * The worker module sits next to this file: `render-worker.ts` when running from the sources
 * (tests, tsx), started with the tsx loader, or `render-worker.js` from dist/.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { RenderError } from '../engine/index.js';
import { DecodeError } from '../engine/node/decode.js';
import { ApiError } from './errors.js';
import type { RenderTask, RenderTaskOutput, RenderTaskResult } from './render-worker.js';

/** Seconds a refused client is asked to wait: about one render of a large image. */
export const RETRY_AFTER_SECONDS = 2;

const fromSources = import.meta.url.endsWith('.ts');
const WORKER = new URL(fromSources ? './render-worker.ts' : './render-worker.js', import.meta.url).href;
const TSX = () => pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface PoolStats {
  readonly workers: number;
  readonly running: number;
  readonly queued: number;
  readonly queueLimit: number;
}

export interface RenderPool {
  /**
   * Renders in a worker; throws ApiError `overloaded`, DecodeError or RenderError. When `signal`
   * aborts while the render still waits for a worker, it leaves the queue and throws ApiError.
   */
  run(task: RenderTask, signal?: AbortSignal): Promise<RenderTaskOutput>;
  stats(): PoolStats;
  close(): Promise<void>;
}

export function createRenderPool(o: { workers: number; queueLimit: number }): RenderPool {
  const pool = new Piscina<RenderTask, RenderTaskResult>({
    filename: WORKER,
    minThreads: o.workers,
    maxThreads: o.workers,
    // the queue is ours (below); piscina gets a render only when a worker is free
    maxQueue: o.workers,
    idleTimeout: Number.POSITIVE_INFINITY,
    execArgv: fromSources ? ['--import', TSX()] : [],
  });
  let running = 0;
  /** Renders waiting for a worker, first come first served; `start` hands one a worker. */
  const waiting = new Set<{ start: () => void }>();
  let closing = false;
  let idle: (() => void) | null = null;
  const wentAway = () => new ApiError('bad_request', 'the client went away before its render started');

  /** A worker for one render: at once when one is free, else after the renders queued before it. */
  function acquire(signal: AbortSignal | undefined): Promise<void> | undefined {
    if (running < o.workers) {
      running++;
      return undefined;
    }
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          signal?.removeEventListener('abort', drop);
          resolve();
        },
      };
      const drop = () => {
        waiting.delete(entry);
        reject(wentAway());
      };
      waiting.add(entry);
      signal?.addEventListener('abort', drop, { once: true });
    });
  }

  /** Hands the worker to the next waiting render, or frees it. */
  function release(): void {
    const [next] = waiting;
    if (next) {
      waiting.delete(next);
      next.start();
      return;
    }
    running--;
    if (running === 0) idle?.();
  }

  return {
    async run(task, signal) {
      if (signal?.aborted) throw wentAway();
      if (closing || running + waiting.size >= o.workers + o.queueLimit) {
        const why = closing ? 'the service is shutting down' : 'every render worker is busy and the queue is full';
        throw new ApiError('overloaded', `${why}; retry in ${RETRY_AFTER_SECONDS} s`, undefined, {
          'retry-after': String(RETRY_AFTER_SECONDS),
        });
      }
      await acquire(signal);
      try {
        const result = await pool.run(task);
        if (result.ok) return result;
        const { kind, code, message } = result.error;
        throw kind === 'decode'
          ? new DecodeError(code as DecodeError['code'], message)
          : new RenderError(code as RenderError['code'], message);
      } finally {
        release();
      }
    },
    stats: () => ({
      workers: o.workers,
      running,
      queued: waiting.size,
      queueLimit: o.queueLimit,
    }),
    async close() {
      closing = true;
      if (running > 0) await new Promise<void>((resolve) => (idle = resolve));
      await pool.close();
    },
  };
}

/**
 * The render worker pool (piscina): RENDER_WORKERS threads, started up front, and a bounded
 * queue of RENDER_QUEUE_LIMIT renders. A render that finds every worker busy and the queue
 * full is refused at once with 503 `overloaded` and `Retry-After`, so the event loop never
 * holds more work than it can finish. `close()` lets queued and running renders finish.
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
   * Renders in a worker; throws ApiError `overloaded`, DecodeError or RenderError. An abort of
   * `signal` takes a queued render off the queue and stops a running one (its worker is
   * replaced), and rejects with the signal's reason.
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
    maxQueue: o.queueLimit,
    idleTimeout: Number.POSITIVE_INFINITY,
    execArgv: fromSources ? ['--import', TSX()] : [],
  });
  let pending = 0;
  let closing = false;
  return {
    async run(task, signal) {
      signal?.throwIfAborted();
      if (closing || pending >= o.workers + o.queueLimit) {
        const why = closing ? 'the service is shutting down' : 'every render worker is busy and the queue is full';
        throw new ApiError('overloaded', `${why}; retry in ${RETRY_AFTER_SECONDS} s`, undefined, {
          'retry-after': String(RETRY_AFTER_SECONDS),
        });
      }
      pending++;
      try {
        const result = await pool.run(task, signal ? { signal } : {});
        if (result.ok) return result;
        const { kind, code, message } = result.error;
        throw kind === 'decode'
          ? new DecodeError(code as DecodeError['code'], message)
          : new RenderError(code as RenderError['code'], message);
      } finally {
        pending--;
      }
    },
    stats: () => ({
      workers: o.workers,
      running: Math.min(pending, o.workers),
      queued: Math.max(0, pending - o.workers),
      queueLimit: o.queueLimit,
    }),
    async close() {
      closing = true;
      await pool.close();
    },
  };
}

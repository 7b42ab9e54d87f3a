/**
 * Many inputs render on worker threads, one per core (like chafa's threads), while the main
 * thread reads files and writes the outputs in input order. One input renders on the main
 * thread: starting a worker would cost more than it saves.
 *
 * The worker module sits next to this file: `render-worker.ts` from the sources (tsx, tests),
 * started with the tsx loader, or `render-worker.js` from dist/.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { type Converted, type ConvertTask, convert } from './convert.js';

export interface Converter {
  /** Conversions that may run at once. */
  readonly parallelism: number;
  convert(task: ConvertTask): Promise<Converted>;
  close(): Promise<void>;
}

const fromSources = import.meta.url.endsWith('.ts');
const WORKER = new URL(fromSources ? './render-worker.ts' : './render-worker.js', import.meta.url).href;

const onMainThread: Converter = { parallelism: 1, convert, close: async () => {} };

/** The converter for `inputs` inputs: the main thread for one, else one worker per core (at most one per input). */
export function converterFor(inputs: number): Converter {
  const threads = Math.min(inputs, os.availableParallelism());
  if (threads < 2) return onMainThread;
  const tsx = () => pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const pool = new Piscina<ConvertTask, Converted>({
    filename: WORKER,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    execArgv: fromSources ? ['--import', tsx()] : [],
  });
  return {
    parallelism: threads,
    // the bytes are copied, not transferred: a small file's Buffer shares Node's buffer pool
    convert: (task) => pool.run(task),
    close: () => pool.destroy(),
  };
}

/**
 * Many inputs render on worker threads, one per core (like chafa's threads), while the main
 * thread reads files and writes the outputs in input order. One input renders on the main
 * thread: starting a worker would cost more than it saves.
 */
import os from 'node:os';
import { type Converted, type ConvertTask, convert } from './convert.js';
import { cliWorkerPool } from './worker-pool.js';

export interface Converter {
  /** Conversions that may run at once. */
  readonly parallelism: number;
  convert(task: ConvertTask): Promise<Converted>;
  close(): Promise<void>;
}

const onMainThread: Converter = { parallelism: 1, convert, close: async () => {} };

/** The converter for `inputs` inputs: the main thread for one, else one worker per core (at most one per input). */
export function converterFor(inputs: number): Converter {
  const threads = Math.min(inputs, os.availableParallelism());
  if (threads < 2) return onMainThread;
  const pool = cliWorkerPool<ConvertTask, Converted>('render-worker', threads);
  return {
    parallelism: threads,
    // the bytes are copied, not transferred: a small file's Buffer shares Node's buffer pool
    convert: (task) => pool.run(task),
    close: () => pool.destroy(),
  };
}

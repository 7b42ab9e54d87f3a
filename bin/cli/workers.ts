/**
 * Where inputs render. One input, or many on a machine of two cores or fewer: on the main
 * thread, with the next inputs decoding meanwhile (sharp decodes on libuv's threads, so a
 * second core decodes while this one renders); a worker would cost more than it saves (its
 * start-up and its own cold JIT: 60 photos took 1.27 s with two workers, 1.03 s so, on 2 cores).
 * On more cores: worker threads, one per core (like chafa's threads), while the main thread
 * reads files and writes the outputs in input order.
 */
import os from 'node:os';
import { type Converted, type ConvertTask, convert } from './convert.js';

export interface Converter {
  /** Conversions that may run at once. */
  readonly parallelism: number;
  convert(task: ConvertTask): Promise<Converted>;
  close(): Promise<void>;
}

/** Cores at or under which many inputs still render on the main thread. */
const MAIN_THREAD_CORES = 2;

/** The converter for `inputs` inputs: the main thread (see above), else one worker per core (at most one per input). */
export function converterFor(inputs: number): Converter {
  const cores = os.availableParallelism();
  const threads = Math.min(inputs, cores);
  // two conversions at once: one decoding while the other renders; with many, the renderer warms
  // up while the first decodes (convert.ts)
  if (threads < 2 || cores <= MAIN_THREAD_CORES) {
    const warmUp = inputs > 1;
    return { parallelism: Math.min(inputs, 2), convert: (task) => convert({ ...task, warmUp }), close: async () => {} };
  }
  // piscina loads only here: a run on the main thread never pays for it
  const pool = import('./worker-pool.js').then(({ cliWorkerPool }) =>
    cliWorkerPool<ConvertTask, Converted>('render-worker', threads),
  );
  return {
    parallelism: threads,
    // the bytes are copied, not transferred: a small file's Buffer shares Node's buffer pool
    convert: async (task) => (await pool).run(task),
    close: async () => (await pool).destroy(),
  };
}

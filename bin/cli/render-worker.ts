/** A CLI render worker (bin/cli/workers.ts): one input's bytes to its output, off the main thread. */
import sharp from 'sharp';
import { type Converted, type ConvertTask, convert } from './convert.js';

// One libvips thread per worker: the workers are the parallelism.
sharp.concurrency(1);

export default function convertInWorker(task: ConvertTask): Promise<Converted> {
  return convert(task);
}

/**
 * Renders the goldens of corpus images on worker threads, so that `npm run goldens` and the
 * golden test use both cores of a CI machine whatever else is running, and the engine runs
 * at Node's native speed (the threads load TypeScript through tsx). Each thread takes the
 * next image when it is done with one; results arrive per image, in any order.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CorpusImage, ImageGoldens } from '../../scripts/update-goldens.js';

type Reply =
  | { readonly file: string; readonly goldens: ImageGoldens }
  | { readonly file: string; readonly error: string };

const WORKER = new URL('./golden-worker.ts', import.meta.url).href;
/** A worker entry in plain JS that loads the TypeScript worker through tsx. */
const BOOT = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(WORKER)}, ${JSON.stringify(WORKER)}))`;

export interface GoldenThreads {
  /** The goldens of each image, by file name. */
  readonly results: ReadonlyMap<string, Promise<ImageGoldens>>;
  /** Stops the threads (call it when done, or to give up). */
  close(): Promise<void>;
}

export function renderOnThreads(
  images: readonly CorpusImage[],
  threads = Math.min(2, os.availableParallelism()),
): GoldenThreads {
  const settle = new Map<string, { resolve: (g: ImageGoldens) => void; reject: (e: Error) => void }>();
  const results = new Map(
    images.map((image) => [
      image.file,
      new Promise<ImageGoldens>((resolve, reject) => settle.set(image.file, { resolve, reject })),
    ]),
  );
  // a rejection nobody awaits yet must not crash the process: the test that awaits it reports it
  for (const p of results.values()) p.catch(() => {});
  const queue = images.map((i) => i.file);
  const failAll = (err: Error) => {
    for (const s of settle.values()) s.reject(err);
    settle.clear();
  };
  const workers = Array.from({ length: Math.max(1, Math.min(threads, images.length)) }, () => {
    const worker = new Worker(BOOT, { eval: true });
    const next = () => {
      const file = queue.shift();
      if (file) worker.postMessage(file);
    };
    worker.on('message', (reply: Reply) => {
      const s = settle.get(reply.file);
      settle.delete(reply.file);
      if ('error' in reply) s?.reject(new Error(`rendering the goldens of ${reply.file} failed: ${reply.error}`));
      else s?.resolve(reply.goldens);
      next();
    });
    worker.on('error', (err) => failAll(err));
    next();
    return worker;
  });
  return {
    results,
    async close() {
      failAll(new Error('golden threads closed'));
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

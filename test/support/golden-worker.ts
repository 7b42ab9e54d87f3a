/** A golden thread (see golden-threads.ts): renders the goldens of the corpus image each message names. */
import { parentPort } from 'node:worker_threads';
import { corpusImages, renderGoldens } from '../../scripts/update-goldens.js';

const port = parentPort;
if (!port) throw new Error('golden-worker.ts runs as a worker thread (test/support/golden-threads.ts)');
const images = new Map(corpusImages().map((i) => [i.file, i]));

port.on('message', (file: string) => {
  const image = images.get(file);
  (image ? renderGoldens(image) : Promise.reject(new Error(`${file} is not in the corpus`))).then(
    (goldens) => port.postMessage({ file, goldens }),
    (err: unknown) =>
      port.postMessage({ file, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});

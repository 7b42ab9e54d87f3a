import fs from 'node:fs';
import path from 'node:path';
import { type DecodedImage, decodeImage } from '../../engine/node/decode.js';

/**
 * The repository's test corpus (test/fixtures/corpus: reduced copies of the bench corpus, with
 * their provenance in its README). Tests never read ../shared.
 */
export const CORPUS_DIR = path.resolve(import.meta.dirname, '../fixtures/corpus');
export const DEV_DIR = path.join(CORPUS_DIR, 'dev');
export const VIDEO = path.join(CORPUS_DIR, 'video', 'vtest.avi');

/** The dev images' file names, sorted. */
export function devImages(): string[] {
  return fs
    .readdirSync(DEV_DIR)
    .filter((f) => /\.(png|jpe?g)$/i.test(f))
    .sort();
}

export async function decodeDev(name: string): Promise<DecodedImage> {
  return decodeImage(fs.readFileSync(path.join(DEV_DIR, name)));
}

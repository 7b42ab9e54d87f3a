import fs from 'node:fs';
import path from 'node:path';
import { type DecodedImage, decodeImage } from '../../engine/node/decode.js';

/** The shared bench corpus beside the repository (../shared/bench/corpus). */
export const CORPUS_DIR = path.resolve(import.meta.dirname, '../../../shared/bench/corpus');
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

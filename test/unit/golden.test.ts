/**
 * Goldens (STYLE habit 8): every dev corpus image x every settings-matrix entry, re-rendered
 * and compared with test/fixtures/expected/ by string equality. A stale, missing or left-over
 * file fails with the command that rewrites them all: `npm run goldens`. The renders run on
 * two worker threads (test/support/golden-threads.ts, the same code `npm run goldens` runs),
 * started before the first test; each test awaits its image.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corpusImages,
  EXPECTED_DIR,
  expectedFiles,
  goldensReadme,
  heldIn,
  presentFiles,
  readSameAs,
  UPDATE_COMMAND,
} from '../../scripts/update-goldens.js';
import { type GoldenThreads, renderOnThreads } from '../support/golden-threads.js';
import { SETTINGS } from '../support/settings-matrix.js';

const images = corpusImages();
const shown = (file: string) => `test/fixtures/expected/${file}`;
/** An image's renders may still be queued behind others when its first test starts. */
const WAIT_MS = 240_000;

let threads: GoldenThreads;
beforeAll(() => {
  threads = renderOnThreads(images);
});
afterAll(() => threads.close());

const goldensOf = (file: string) => threads.results.get(file) ?? Promise.reject(new Error(`${file}: not rendered`));

describe('goldens', () => {
  it(`test/fixtures/expected holds exactly one file per image and setting, and its README (else: ${UPDATE_COMMAND})`, () => {
    const want = expectedFiles(images);
    const have = presentFiles();
    const missing = want.filter((f) => !have.includes(f));
    const leftOver = have.filter((f) => !want.includes(f));
    expect({ missing, leftOver }, `goldens out of date: run \`${UPDATE_COMMAND}\` (it rewrites the folder)`).toEqual({
      missing: [],
      leftOver: [],
    });
    const readme = fs.readFileSync(path.join(EXPECTED_DIR, 'README.md'), 'utf8');
    expect(readme, `test/fixtures/expected/README.md is stale: run \`${UPDATE_COMMAND}\``).toBe(goldensReadme(images));
  });

  it('keeps one file per distinct output: no two goldens of an image hold the same bytes', () => {
    for (const image of images) {
      const dir = path.join(EXPECTED_DIR, image.stem);
      const seen = new Map<string, string>();
      for (const file of fs.readdirSync(dir).filter((f) => f !== 'same.json')) {
        const body = fs.readFileSync(path.join(dir, file), 'utf8');
        expect(seen.get(body), `${image.stem}/${file} repeats ${seen.get(body)}: run \`${UPDATE_COMMAND}\``).toBe(
          undefined,
        );
        seen.set(body, file);
      }
    }
  });

  for (const image of images) {
    const same = readSameAs(image);
    describe(image.file, () => {
      it('is the input corpus.json records (sha256)', { timeout: WAIT_MS }, async () => {
        const { sha256 } = await goldensOf(image.file);
        expect(sha256, `${image.file} changed in the corpus: its goldens no longer apply`).toBe(image.sha256);
      });

      for (const setting of SETTINGS) {
        it(setting.id, { timeout: WAIT_MS }, async () => {
          const file = heldIn(image, setting, same);
          const full = path.join(EXPECTED_DIR, file);
          if (!fs.existsSync(full)) expect.fail(`missing golden ${shown(file)}: run \`${UPDATE_COMMAND}\``);
          const { bodies } = await goldensOf(image.file);
          expect(bodies[setting.id], `${shown(file)} is stale: run \`${UPDATE_COMMAND}\` and review the diff`).toBe(
            fs.readFileSync(full, 'utf8'),
          );
        });
      }
    });
  }
});

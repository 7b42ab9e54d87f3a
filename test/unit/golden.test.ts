/**
 * Goldens (STYLE habit 8): every dev corpus image x every settings-matrix entry, re-rendered
 * and compared with test/fixtures/expected/ by string equality. A stale, missing or left-over
 * file fails with the command that rewrites them all: `npm run goldens`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CellGrid } from '../../engine/grid.js';
import type { RgbaImage } from '../../engine/image.js';
import { decodeImage } from '../../engine/node/decode.js';
import {
  corpusImages,
  EXPECTED_DIR,
  expectedFiles,
  goldenBody,
  goldenFile,
  goldensReadme,
  presentFiles,
  readCorpusImage,
  sha256,
  UPDATE_COMMAND,
} from '../../scripts/update-goldens.js';
import { SETTINGS } from '../support/settings-matrix.js';

const images = corpusImages();
const shown = (file: string) => `test/fixtures/expected/${file}`;

describe('goldens', () => {
  it(`test/fixtures/expected holds exactly one file per image and setting, and its README (else: ${UPDATE_COMMAND})`, () => {
    const want = expectedFiles(images);
    const have = presentFiles();
    const missing = want.filter((f) => !have.includes(f));
    const extra = have.filter((f) => !want.includes(f));
    expect(missing, `missing goldens: run \`${UPDATE_COMMAND}\``).toEqual([]);
    expect(extra, `left-over goldens no setting makes: run \`${UPDATE_COMMAND}\` (it rewrites the folder)`).toEqual([]);
    const readme = fs.readFileSync(path.join(EXPECTED_DIR, 'README.md'), 'utf8');
    expect(readme, `test/fixtures/expected/README.md is stale: run \`${UPDATE_COMMAND}\``).toBe(goldensReadme(images));
  });

  for (const image of images) {
    describe(image.file, () => {
      let decoded: RgbaImage;
      let bytes: Uint8Array;
      /** Renders shared by the settings of this image that differ only in the encoding. */
      const grids = new Map<string, CellGrid>();

      beforeAll(async () => {
        bytes = readCorpusImage(image);
        decoded = await decodeImage(bytes);
      });

      it('is the input corpus.json records (sha256)', () => {
        expect(sha256(bytes), `${image.file} changed in the corpus: its goldens no longer apply`).toBe(image.sha256);
      });

      for (const setting of SETTINGS) {
        it(setting.id, () => {
          const file = goldenFile(image, setting);
          const full = path.join(EXPECTED_DIR, file);
          if (!fs.existsSync(full)) expect.fail(`missing golden ${shown(file)}: run \`${UPDATE_COMMAND}\``);
          const body = goldenBody(decoded, setting, grids);
          expect(body, `${shown(file)} is stale: run \`${UPDATE_COMMAND}\` and review the diff`).toBe(
            fs.readFileSync(full, 'utf8'),
          );
        });
      }
    });
  }
});

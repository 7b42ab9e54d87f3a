/**
 * Writes test/fixtures/expected/: every image of the test corpus (test/fixtures/corpus/dev)
 * rendered with every entry of the settings matrix (test/support/settings-matrix.ts) at
 * GOLDEN_COLUMNS columns, through the hosts' path: decodeImage -> resolveParams(defaults +
 * entry, 'json') -> renderImage -> encode. One file per image and setting,
 * `<image-stem>/<setting-id>.<ext>` (ext from FORMAT_INFO), one file per distinct output: a
 * setting whose output is byte-identical to an earlier setting's is listed in
 * `<image-stem>/same.json` instead. Plus README.md with the provenance of every input. Regenerate: `npm run goldens`; test/unit/golden.test.ts
 * re-renders and compares exactly.
 *
 * Images render on worker threads (test/support/golden-threads.ts), two at a time. Two things
 * keep the files reproducible and the run short, both exact:
 * - timings and the director's `ms` are set to 0 (scripts/reproducible.ts), the only
 *   run-to-run variation in a render;
 * - `format`, `color` and `monoColor` only pick the encoding (renderImage never reads them),
 *   so each distinct rest of the parameters is rendered once and encoded as often as needed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FORMAT_INFO } from '../engine/encode/formats.js';
import { encode } from '../engine/encode/index.js';
import type { CellGrid } from '../engine/grid.js';
import { type RenderParams, resolveParams } from '../engine/index.js';
import { decodeImage } from '../engine/node/decode.js';
import { renderImage } from '../engine/render.js';
import { renderOnThreads } from '../test/support/golden-threads.js';
import { GOLDEN_COLUMNS, SETTINGS, type Setting } from '../test/support/settings-matrix.js';
import { reproducible } from './reproducible.js';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The repository's test corpus (reduced copies of the bench corpus: scripts/make-test-corpus.mjs). */
export const CORPUS_DIR = path.resolve(ROOT, 'test', 'fixtures', 'corpus', 'dev');
const CORPUS_JSON = path.resolve(CORPUS_DIR, '..', 'corpus.json');
export const EXPECTED_DIR = path.resolve(ROOT, 'test', 'fixtures', 'expected');
export const UPDATE_COMMAND = 'npm run goldens';

export interface CorpusImage {
  /** File name in the corpus, e.g. `portrait_baboon.jpg`. */
  readonly file: string;
  /** The name without its extension: the folder of its goldens. */
  readonly stem: string;
  /** sha256 of the file, as corpus.json records it. */
  readonly sha256: string;
  /** Where it comes from, from corpus.json: Debian package, path in it, processing, license. */
  readonly provenance: string;
}

interface CorpusEntry {
  readonly set: string;
  readonly name: string;
  readonly sha: string;
  readonly pkg: string;
  readonly p: string;
  readonly note: string;
  readonly lic: string;
}

/** The dev images of corpus.json, in name order. Throws when the corpus is not beside the repository. */
export function corpusImages(): CorpusImage[] {
  if (!fs.existsSync(CORPUS_JSON)) {
    throw new Error(`the test corpus is missing: ${CORPUS_JSON} (node scripts/make-test-corpus.mjs makes it)`);
  }
  const entries = JSON.parse(fs.readFileSync(CORPUS_JSON, 'utf8')) as CorpusEntry[];
  return entries
    .filter((e) => e.set === 'dev')
    .map((e) => ({
      file: e.name,
      stem: path.parse(e.name).name,
      sha256: e.sha,
      provenance: `Debian package ${e.pkg}, ${e.p} (${e.note}); ${e.lic}`,
    }))
    .sort((a, b) => a.file.localeCompare(b.file));
}

export const sha256 = (bytes: Uint8Array): string => crypto.createHash('sha256').update(bytes).digest('hex');

export const readCorpusImage = (image: CorpusImage): Uint8Array =>
  new Uint8Array(fs.readFileSync(path.join(CORPUS_DIR, image.file)));

export const goldenParams = (setting: Setting): RenderParams =>
  resolveParams({ columns: GOLDEN_COLUMNS, ...setting.params }, 'json');

/** The golden's path relative to EXPECTED_DIR: `<image-stem>/<setting-id>.<ext>`. */
export const goldenFile = (image: CorpusImage, setting: Setting): string =>
  `${image.stem}/${setting.id}.${FORMAT_INFO[goldenParams(setting).format].extension}`;

/** What renderImage reads: the params without the three that only choose the encoding. */
function renderKey(params: RenderParams): string {
  const { format: _f, color: _c, monoColor: _m, ...rest } = params;
  return JSON.stringify(rest);
}

/** The goldens of one image: the sha256 of the bytes read, and the encoded body of every setting by id. */
export interface ImageGoldens {
  readonly sha256: string;
  readonly bodies: Readonly<Record<string, string>>;
  /** How many distinct renders made them. */
  readonly renders: number;
}

/** Reads, decodes and renders one corpus image with every setting, each distinct render once. */
export async function renderGoldens(image: CorpusImage): Promise<ImageGoldens> {
  const bytes = readCorpusImage(image);
  const decoded = await decodeImage(bytes);
  const grids = new Map<string, CellGrid>();
  const bodies: Record<string, string> = {};
  for (const setting of SETTINGS) {
    const params = goldenParams(setting);
    const key = renderKey(params);
    let grid = grids.get(key);
    if (!grid) grids.set(key, (grid = reproducible(renderImage(decoded, params))));
    bodies[setting.id] = encode(grid, params).body;
  }
  return { sha256: sha256(bytes), bodies, renders: grids.size };
}

/** test/fixtures/expected/README.md: what the files are, where the inputs come from, how to remake them. */
export function goldensReadme(images: readonly CorpusImage[]): string {
  const corpus = path.relative(ROOT, CORPUS_DIR).split(path.sep).join('/');
  return `# Golden renders

Every image of the dev corpus rendered with every entry of the settings matrix
(\`test/support/settings-matrix.ts\`: the defaults, each boolean on, each enum value, both ends of
every numeric range, and four color/format combinations) at ${GOLDEN_COLUMNS} columns, unless the entry
sets \`columns\`. Each file is the encoded output of \`decodeImage\` -> \`resolveParams(defaults + entry,
'json')\` -> \`renderImage\` -> \`encode\`, named \`<image-stem>/<setting-id>.<ext>\` (the extension of the
format, SPEC 2.3). A setting whose output is byte-identical to an earlier one's has no file of its
own: \`<image-stem>/${SAME_FILE}\` names the setting whose file holds it (plain text has no color, so
\`color-on\` is the defaults' text; a picture without coherent contours looks the same at any
\`structure\`). Timings and the Auto Director's \`ms\` in JSON evidence are written as 0
(\`scripts/reproducible.ts\`); everything else is exactly what the engine returns.

Regenerate: \`${UPDATE_COMMAND}\` (\`scripts/update-goldens.ts\`). \`test/unit/golden.test.ts\` re-renders
every setting and compares it exactly with the file that holds it; it fails when a file is stale,
missing or left over, when two files of an image are the same, and when an input's sha256 differs
from the one below.

Inputs: \`${corpus}/\`, reduced copies of the bench corpus; sha256 and provenance as recorded
in \`${corpus.replace(/\/dev$/, '')}/corpus.json\` (details in its README.md):

| image | sha256 | provenance |
|---|---|---|
${images.map((i) => `| \`${i.file}\` | \`${i.sha256}\` | ${i.provenance} |`).join('\n')}
`;
}

/** The file, in each image's folder, naming the settings whose output is an earlier setting's. */
export const SAME_FILE = 'same.json';

/** Setting id -> the id of the earlier setting whose golden holds the same bytes. */
export type SameAs = Readonly<Record<string, string>>;

/** The settings of `bodies` whose body an earlier setting (in matrix order) already has. */
export function sameAs(bodies: Readonly<Record<string, string>>): SameAs {
  const first = new Map<string, string>();
  const same: Record<string, string> = {};
  for (const { id } of SETTINGS) {
    const earlier = first.get(bodies[id]);
    if (earlier === undefined) first.set(bodies[id], id);
    else same[id] = earlier;
  }
  return same;
}

/** An image's same.json as written, or nothing. */
export function readSameAs(image: CorpusImage): SameAs {
  const file = path.join(EXPECTED_DIR, image.stem, SAME_FILE);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as SameAs) : {};
}

/** The golden file that holds a setting's output for an image: its own, or the earlier setting's it equals. */
export function heldIn(image: CorpusImage, setting: Setting, same: SameAs): string {
  const holder = SETTINGS.find((s) => s.id === same[setting.id]) ?? setting;
  return goldenFile(image, holder);
}

/** Every golden file of the corpus and the matrix, relative to EXPECTED_DIR, sorted (same.json as written). */
export function expectedFiles(images: readonly CorpusImage[]): string[] {
  return [
    ...images.flatMap((i) => {
      const same = readSameAs(i);
      const own = SETTINGS.filter((s) => !(s.id in same)).map((s) => goldenFile(i, s));
      return Object.keys(same).length > 0 ? [...own, `${i.stem}/${SAME_FILE}`] : own;
    }),
    'README.md',
  ].sort();
}

/** The files under EXPECTED_DIR now, relative to it, sorted. */
export function presentFiles(): string[] {
  if (!fs.existsSync(EXPECTED_DIR)) return [];
  return (fs.readdirSync(EXPECTED_DIR, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(EXPECTED_DIR, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .sort();
}

async function main(): Promise<void> {
  const images = corpusImages();
  const started = performance.now();
  const threads = renderOnThreads(images);
  try {
    fs.rmSync(EXPECTED_DIR, { recursive: true, force: true });
    for (const image of images) {
      const goldens = await threads.results.get(image.file);
      if (!goldens) throw new Error(`${image.file}: not rendered`);
      if (goldens.sha256 !== image.sha256) throw new Error(`${image.file}: sha256 differs from corpus.json`);
      const same = sameAs(goldens.bodies);
      for (const setting of SETTINGS) {
        if (setting.id in same) continue;
        const file = path.join(EXPECTED_DIR, goldenFile(image, setting));
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, goldens.bodies[setting.id]);
      }
      const kept = SETTINGS.length - Object.keys(same).length;
      if (kept < SETTINGS.length) {
        fs.writeFileSync(path.join(EXPECTED_DIR, image.stem, SAME_FILE), `${JSON.stringify(same, null, 2)}\n`);
      }
      console.log(
        `${image.file}: ${SETTINGS.length} settings, ${kept} distinct goldens, from ${goldens.renders} renders`,
      );
    }
  } finally {
    await threads.close();
  }
  fs.writeFileSync(path.join(EXPECTED_DIR, 'README.md'), goldensReadme(images));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`wrote ${path.relative(process.cwd(), EXPECTED_DIR)}: ${presentFiles().length} files in ${seconds} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();

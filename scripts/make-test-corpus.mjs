#!/usr/bin/env node
/**
 * Makes test/fixtures/corpus/, the repository's own test corpus, from the bench corpus beside
 * it (../shared/bench/corpus): every dev image reduced to at most 384 pixels on its long side
 * (lanczos3; JPEG at quality 90 stays JPEG, PNG stays PNG), and the first 12 seconds of the
 * bench clip at 384 x 288 (MPEG-4 part 2 in AVI, as the original). Writes corpus.json (sha256,
 * size, provenance of each file) and README.md. Tests read only this folder; benchmarks read
 * ../shared. Run it again only to change what the tests see (then `npm run goldens`).
 *
 *   node scripts/make-test-corpus.mjs
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = path.resolve(ROOT, '..', 'shared', 'bench', 'corpus');
const OUT = path.join(ROOT, 'test', 'fixtures', 'corpus');
const LONG_SIDE = 384;
const CLIP_SECONDS = 12;

const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');
const shared = JSON.parse(fs.readFileSync(path.join(SOURCE, 'corpus.json'), 'utf8'));

fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(path.join(OUT, 'dev'), { recursive: true });
fs.mkdirSync(path.join(OUT, 'video'), { recursive: true });

const entries = [];
for (const e of shared.filter((x) => x.set === 'dev').sort((a, b) => a.name.localeCompare(b.name))) {
  const from = path.join(SOURCE, 'dev', e.name);
  const jpeg = /\.jpe?g$/i.test(e.name);
  const fits = Math.max(e.w, e.h) <= LONG_SIDE;
  const bytes = fits
    ? fs.readFileSync(from)
    : await sharp(from)
        .resize({ width: LONG_SIDE, height: LONG_SIDE, fit: 'inside', kernel: 'lanczos3' })
        [jpeg ? 'jpeg' : 'png'](jpeg ? { quality: 90 } : { compressionLevel: 9 })
        .toBuffer();
  fs.writeFileSync(path.join(OUT, 'dev', e.name), bytes);
  const meta = await sharp(bytes).metadata();
  entries.push({
    set: 'dev',
    name: e.name,
    w: meta.width,
    h: meta.height,
    bytes: bytes.length,
    sha: sha256(bytes),
    pkg: e.pkg,
    p: e.p,
    lic: e.lic,
    note: fits
      ? `the bench corpus's file as is (${e.note})`
      : `reduced from the bench corpus's ${e.w} x ${e.h} (${e.note}) to ${meta.width} x ${meta.height}, lanczos3${jpeg ? ', JPEG q90' : ''}`,
  });
}

const clip = shared.find((x) => x.set === 'video') ?? {
  name: 'vtest.avi',
  pkg: 'opencv-doc',
  p: 'examples/data/vtest.avi',
};
const clipOut = path.join(OUT, 'video', 'vtest.avi');
execFileSync('ffmpeg', [
  ...['-v', 'error', '-y', '-t', String(CLIP_SECONDS), '-i', path.join(SOURCE, 'video', 'vtest.avi')],
  ...['-vf', 'scale=384:288', '-c:v', 'mpeg4', '-q:v', '6', '-an', '-fflags', '+bitexact', clipOut],
]);
const clipBytes = fs.readFileSync(clipOut);
entries.push({
  set: 'video',
  name: 'vtest.avi',
  w: 384,
  h: 288,
  bytes: clipBytes.length,
  sha: sha256(clipBytes),
  pkg: clip.pkg ?? 'opencv-doc',
  p: clip.p ?? 'examples/data/vtest.avi',
  lic: clip.lic ?? 'Debian copyright: Apache-2.0 AND BSD-3-Clause (Files: *)',
  note: `the first ${CLIP_SECONDS} s of the bench clip (768 x 576, 10 fps) at 384 x 288, MPEG-4 part 2 (ffmpeg mpeg4 -q:v 6), no sound`,
});

fs.writeFileSync(path.join(OUT, 'corpus.json'), `${JSON.stringify(entries, null, 1)}\n`);
const rows = entries.map(
  (e) =>
    `| \`${e.set}/${e.name}\` | ${e.w} x ${e.h} | ${e.bytes} | Debian \`${e.pkg}\`, \`${e.p}\` | ${e.lic} | ${e.note} |`,
);
fs.writeFileSync(
  path.join(OUT, 'README.md'),
  `# Test corpus

The images and the clip the tests read: reduced copies of the bench corpus
(\`../shared/bench/corpus\`, whose CORPUS.md tells where each comes from), so \`npm test\` needs
nothing outside the repository. Made by \`node scripts/make-test-corpus.mjs\`; \`corpus.json\`
holds the sha256 of every file, which the golden tests check.

| file | size (px) | bytes | from | license | processing |
|---|---|---|---|---|---|
${rows.join('\n')}
`,
);
console.log(`wrote ${entries.length} files to ${path.relative(process.cwd(), OUT)}`);

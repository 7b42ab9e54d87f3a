#!/usr/bin/env node
// Makes the studio's sample pictures and clip (studio/samples/) from the test corpus
// (test/fixtures/corpus, whose README says where each file comes from): three photographs as
// JPEG and the street clip as WebM, small enough to ship with the page. ffmpeg makes the clip.
//   node scripts/make-studio-samples.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const corpus = path.join(root, 'test', 'fixtures', 'corpus');
const out = path.join(root, 'studio', 'samples');
fs.mkdirSync(out, { recursive: true });

const photos = [
  ['portrait_astronaut.png', 'astronaut.jpg'],
  ['dark_rocket.jpg', 'rocket.jpg'],
  ['landscape_street.jpg', 'street.jpg'],
];
for (const [from, to] of photos) {
  await sharp(path.join(corpus, 'dev', from))
    .jpeg({ quality: 88, mozjpeg: true })
    .toFile(path.join(out, to));
}
execFileSync('ffmpeg', [
  ...['-y', '-v', 'error', '-i', path.join(corpus, 'video', 'vtest.avi')],
  ...['-c:v', 'libvpx', '-b:v', '280k', '-auto-alt-ref', '0', '-an', path.join(out, 'walkers.webm')],
]);
for (const f of fs.readdirSync(out).sort()) console.log(f, fs.statSync(path.join(out, f)).size);

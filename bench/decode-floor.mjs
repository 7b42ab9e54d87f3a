#!/usr/bin/env node
// The floor under any CLI built on Node and sharp: the files given decoded as the CLI decodes
// them (engine/node/decode.ts, shrunk on load to what 120 columns need), four read ahead as the
// CLI reads them, and nothing rendered or written. bench/speed.mjs bundles it as the CLI is
// bundled (one CommonJS file: bench/out/decode-floor.cjs) and times it beside the CLI.
//   node bench/out/decode-floor.cjs FILE...
import fs from 'node:fs';
import { decodeImage } from '../dist/engine/node/decode.js';
import { neededSize } from '../dist/engine/size.js';

const files = process.argv.slice(2);
const AHEAD = 4;
const decode = (file) =>
  fs.promises
    .readFile(file)
    .then((bytes) =>
      decodeImage(bytes, { shrinkToFit: true, fit: (width, height) => neededSize({ width, height }, 120) }),
    );
async function decodeAll() {
  const pending = [];
  let pixels = 0;
  for (let i = 0; i < files.length; i++) {
    for (let j = i; j < i + AHEAD && j < files.length; j++) pending[j] ??= decode(files[j]);
    const image = await pending[i];
    pixels += image.width * image.height;
    pending[i] = undefined;
  }
  console.log(`${files.length} files decoded, ${pixels} pixels`);
}

decodeAll();

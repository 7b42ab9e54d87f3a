/**
 * `imagePath` of the stdio server, at the reader itself: a path outside the root is refused in
 * the same words whether or not it exists, so the tool is no probe of the disk beyond the root.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRoot, rootReader } from '../../../bin/mcp/root-folder.js';

let outer: string;
let read: (imagePath: string) => Promise<Uint8Array>;

const refusal = (imagePath: string) =>
  read(imagePath).then(
    () => 'read',
    (err: Error) => err.message,
  );

beforeAll(async () => {
  outer = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-root-'));
  fs.mkdirSync(path.join(outer, 'root'));
  fs.writeFileSync(path.join(outer, 'secret.png'), 'x');
  fs.writeFileSync(path.join(outer, 'root', '..inside.png'), 'x');
  read = rootReader(await resolveRoot(path.join(outer, 'root')), 1024);
});

afterAll(() => fs.rmSync(outer, { recursive: true, force: true }));

describe('rootReader', () => {
  it('refuses a path outside the root alike whether the file exists or not', async () => {
    expect(await refusal('../secret.png')).toBe('imagePath "../secret.png" is outside the root folder');
    expect(await refusal('../missing.png')).toBe('imagePath "../missing.png" is outside the root folder');
    const absent = path.join(outer, 'missing.png');
    expect(await refusal(absent)).toBe(`imagePath ${JSON.stringify(absent)} is outside the root folder`);
  });

  it('reads a file inside whose name merely starts with two dots', async () => {
    expect(await refusal('..inside.png')).toBe('read');
  });
});

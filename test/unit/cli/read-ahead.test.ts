/**
 * How far the CLI reads ahead (bin/cli/read-ahead.ts): READ_AHEAD inputs past those converted
 * at once, fewer when their files would hold more than READ_AHEAD_BYTES.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inputSize, READ_AHEAD, READ_AHEAD_BYTES, ReadAhead } from '../../../bin/cli/read-ahead.js';

const MB = 1024 * 1024;
const inputs = Array.from({ length: 20 }, (_, i) => `photo-${i}.jpg`);

describe('ReadAhead', () => {
  it('starts READ_AHEAD inputs past those converted at once, up to the last', () => {
    const ahead = new ReadAhead(inputs, 1, () => 3 * MB);
    expect(ahead.end(0)).toBe(1 + READ_AHEAD);
    expect(ahead.end(10)).toBe(11 + READ_AHEAD);
    expect(ahead.end(18)).toBe(20);
    expect(new ReadAhead(inputs, 4, () => 3 * MB).end(0)).toBe(4 + READ_AHEAD);
  });

  it('stops where the files read ahead would hold more than READ_AHEAD_BYTES', () => {
    const third = Math.floor(READ_AHEAD_BYTES / 3) + 1;
    // inputs 1 and 2 fit, 3 would not
    expect(new ReadAhead(inputs, 1, () => third).end(0)).toBe(3);
    // one small file, then one too large for what is left
    const sizes = new Map([
      ['photo-1.jpg', MB],
      ['photo-2.jpg', READ_AHEAD_BYTES],
    ]);
    expect(new ReadAhead(inputs, 1, (f) => sizes.get(f) ?? 0).end(0)).toBe(2);
  });

  it('always starts the inputs converted at once, however large', () => {
    expect(new ReadAhead(inputs, 1, () => 1024 * MB).end(5)).toBe(6);
    expect(new ReadAhead(inputs, 4, () => 1024 * MB).end(5)).toBe(9);
  });

  it('asks for each size once', () => {
    const asked: string[] = [];
    const ahead = new ReadAhead(inputs, 1, (f) => {
      asked.push(f);
      return MB;
    });
    for (let i = 0; i < inputs.length; i++) ahead.end(i);
    expect(asked).toEqual(inputs.slice(1));
  });
});

describe('inputSize', () => {
  it("is a regular file's size, and 0 for standard input, a folder or a file that is not there", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-read-ahead-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.png'), Buffer.alloc(1234));
      expect(inputSize(path.join(dir, 'a.png'))).toBe(1234);
      expect(inputSize('-')).toBe(0);
      expect(inputSize(dir)).toBe(0);
      expect(inputSize(path.join(dir, 'missing.png'))).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Ctrl-C while ANSI art is being written: the real `glyphcast` process (from the sources), its
 * standard output a pipe read slowly, so the signal comes within a long write.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../support/cli.js';

let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-signals-'));
  // noise: a new color at nearly every cell, so 400 columns print well over a megabyte of ANSI
  const size = 400;
  const px = Buffer.alloc(size * size * 3);
  for (let i = 0; i < px.length; i++) px[i] = (i * 7919 + ((i * i) % 251)) & 255;
  await sharp(px, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toFile(path.join(dir, 'noise.png'));
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI, sends `signal` once `after` bytes have come, then reads the rest slowly. */
function interrupt(args: readonly string[], after: number, signal: NodeJS.Signals) {
  return new Promise<{ out: Buffer; signal: NodeJS.Signals | null; code: number | null }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bin', 'glyphcast.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const chunks: Buffer[] = [];
    let length = 0;
    let sent = false;
    child.stdout.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (!sent && length >= after) {
        sent = true;
        // the writer is blocked within its write (the pipe is full) when the signal comes
        child.stdout.pause();
        child.kill(signal);
        setTimeout(() => child.stdout.resume(), 300);
      }
    });
    child.on('error', reject);
    child.on('close', (code, sig) => resolve({ out: Buffer.concat(chunks), signal: sig, code }));
  });
}

describe('glyphcast interrupted', () => {
  it('Ctrl-C within ANSI output ends it with the colors reset, then dies of the signal', async () => {
    const r = await interrupt(['--color', '--cols', '400', path.join(dir, 'noise.png')], 100_000, 'SIGINT');
    const text = r.out.toString('latin1');
    expect(text.length).toBeGreaterThan(100_000);
    // nothing is left colored: the last escape sequence is a reset (without the guard the
    // signal cut a line short, its color never reset)
    expect(text.lastIndexOf('\x1b[0m')).toBeGreaterThan(text.lastIndexOf('\x1b[38;'));
    // it dies of the signal, after the reset; on a loaded machine the signal's handler can run
    // only after the last line, whose own reset then ends the art, and the run completes
    const completed = r.code === 0 && text.endsWith('\x1b[0m\n');
    if (!completed) {
      expect(r.signal).toBe('SIGINT');
      expect(text.endsWith('\x1b[0m')).toBe(true);
    }
  }, 60_000);
});

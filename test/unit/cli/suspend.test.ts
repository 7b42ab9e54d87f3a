/**
 * Ctrl-Z while an animation plays (suspendGracefully): the terminal gets its cursor back while
 * the process is stopped, and hides it again once continued. The stop itself is the signal's
 * default action: checked on a real child process, stopped and continued.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { HIDE_CURSOR, SHOW_CURSOR, suspendGracefully } from '../../../bin/cli/signal-guard.js';
import { ROOT } from '../../support/cli.js';

const RESET = '\x1b[0m';

describe.skipIf(process.platform === 'win32')('Ctrl-Z while an animation plays', () => {
  it('shows the cursor and resets the colors before stopping, hides it again after, and stays armed', () => {
    const out = new PassThrough();
    const written: string[] = [];
    out.on('data', (chunk: Buffer) => written.push(chunk.toString()));
    const log: string[] = [];
    const release = suspendGracefully(
      out,
      () => log.push('resumed'),
      () => log.push(`stopped after ${JSON.stringify(written.join(''))}`),
    );
    try {
      process.emit('SIGTSTP', 'SIGTSTP');
      process.emit('SIGTSTP', 'SIGTSTP');
    } finally {
      release();
    }
    expect(log).toEqual([
      `stopped after ${JSON.stringify(RESET + SHOW_CURSOR)}`,
      'resumed',
      `stopped after ${JSON.stringify(RESET + SHOW_CURSOR + HIDE_CURSOR + RESET + SHOW_CURSOR)}`,
      'resumed',
    ]);
    expect(process.listenerCount('SIGTSTP')).toBe(0);
  });

  it('stops the process for real, until it is continued', async () => {
    const script = `
      import { suspendGracefully } from ${JSON.stringify(path.join(ROOT, 'bin/cli/signal-guard.ts'))};
      suspendGracefully(process.stdout, () => { process.stdout.write('resumed'); process.exit(0); });
      process.stdout.write('armed');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    const waiting = new Set<() => void>();
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      for (const check of waiting) check();
    });
    const seen = (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!out.includes(text)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      });
    const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      await seen('armed');
      child.kill('SIGTSTP');
      await seen(SHOW_CURSOR);
      // stopped: /proc says T, and it has not resumed
      const state = () => fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(' ')[2];
      for (let i = 0; i < 100 && state() !== 'T'; i++) await new Promise((r) => setTimeout(r, 20));
      expect(state()).toBe('T');
      expect(out).not.toContain('resumed');
      child.kill('SIGCONT');
      await seen('resumed');
      expect(out).toBe(`armed${RESET}${SHOW_CURSOR}${HIDE_CURSOR}resumed`);
      expect(await ended).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

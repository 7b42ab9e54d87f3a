/**
 * Ctrl-Z while an animation plays (suspendGracefully): the terminal gets its cursor back while
 * the process is stopped, and hides it again once continued. The stop itself is SIGTSTP's
 * default action, as ncurses does it; whether it stops depends on the process group (the
 * kernel ignores it in an orphaned one, as a CI job's can be), so the stop is injected here.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { HIDE_CURSOR, SHOW_CURSOR, suspendGracefully } from '../../../bin/cli/signal-guard.js';

const RESET = '\x1b[0m';

describe.skipIf(process.platform === 'win32')('Ctrl-Z while an animation plays', () => {
  it('shows the cursor and resets the colors before stopping, hides it again after, and stays armed', () => {
    const out = new PassThrough();
    const written: string[] = [];
    out.on('data', (chunk: Buffer) => written.push(chunk.toString()));
    const log: string[] = [];
    const release = suspendGracefully(
      out,
      { stopping: () => log.push('stopping'), resumed: () => log.push('resumed') },
      () => log.push(`stopped after ${JSON.stringify(written.join(''))}`),
    );
    try {
      process.emit('SIGTSTP', 'SIGTSTP');
      process.emit('SIGTSTP', 'SIGTSTP');
    } finally {
      release();
    }
    expect(log).toEqual([
      'stopping',
      `stopped after ${JSON.stringify(RESET + SHOW_CURSOR)}`,
      'resumed',
      'stopping',
      `stopped after ${JSON.stringify(RESET + SHOW_CURSOR + HIDE_CURSOR + RESET + SHOW_CURSOR)}`,
      'resumed',
    ]);
    expect(process.listenerCount('SIGTSTP')).toBe(0);
  });
});

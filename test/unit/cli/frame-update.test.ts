/** The bytes of one animation frame on the terminal: the changed lines only, in a synchronized update. */
import { describe, expect, it } from 'vitest';
import { BEGIN_SYNC, END_SYNC, frameUpdate } from '../../../bin/cli/frame-update.js';

const sync = (bytes: string) => `${BEGIN_SYNC}${bytes}${END_SYNC}`;

describe('frameUpdate', () => {
  it('draws a new picture whole, where the cursor is', () => {
    expect(frameUpdate(null, ['ab', 'cd'])).toBe(sync('ab\ncd\n'));
    expect(frameUpdate(['ab'], ['ab', 'cd'])).toBe(sync('ab\ncd\n'));
  });

  it('writes nothing when no line changed', () => {
    expect(frameUpdate(['ab', 'cd'], ['ab', 'cd'])).toBe('');
  });

  it('goes up to the first changed line, steps over unchanged ones, and down past the last ones', () => {
    const last = ['aa', 'bb', 'cc', 'dd', 'ee'];
    // lines 1 and 3 changed: up 4 (from the line below the picture), 1 rewritten, 2 stepped over, 3 rewritten, down 1
    expect(frameUpdate(last, ['aa', 'BB', 'cc', 'DD', 'ee'])).toBe(sync('\x1b[4A\rBB\n\nDD\n\x1b[1B'));
    // the last line changed: no move down
    expect(frameUpdate(last, ['aa', 'bb', 'cc', 'dd', 'EE'])).toBe(sync('\x1b[1A\rEE\n'));
    expect(frameUpdate(last, ['AA', 'bb', 'cc', 'dd', 'ee'])).toBe(sync('\x1b[5A\rAA\n\x1b[4B'));
  });
});

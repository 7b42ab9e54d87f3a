/** The bytes of one animation frame on the terminal: the changed lines only, in a synchronized update. */
import { describe, expect, it } from 'vitest';
import { BEGIN_SYNC, END_SYNC, frameUpdate, lineUpdate } from '../../../bin/cli/frame-update.js';

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

  it('rewrites, in a changed line, the cells from the first that changed to the last', () => {
    expect(frameUpdate(['abcdef', 'gh'], ['abXdYf', 'gh'])).toBe(sync('\x1b[2A\r\x1b[3GXdY\n\x1b[1B'));
  });
});

describe('lineUpdate', () => {
  const red = '\x1b[38;2;255;0;0m';
  const blue = '\x1b[38;2;0;0;255m';
  const reset = '\x1b[0m';

  it('moves to the first changed cell, sets the color in force there, and resets after', () => {
    const last = `${red}abc${blue}def${reset}`;
    // d's color changed, and e's character
    expect(lineUpdate(last, `${red}abc${red}d${blue}Xf${reset}`)).toBe(`\x1b[4G${red}d${blue}X${reset}`);
    // a change in the middle of one run: the run's color is set again
    expect(lineUpdate(last, `${red}aYc${blue}def${reset}`)).toBe(`\x1b[2G${red}Y${reset}`);
    expect(lineUpdate(last, last)).toBe('');
  });

  it('needs no color for plain text, and no move for a change at the start', () => {
    expect(lineUpdate('abcd', 'Xbcd')).toBe('X');
    expect(lineUpdate('abcd', 'abcX')).toBe('\x1b[4GX');
  });

  it('rewrites the whole line when the cells are not the same in number', () => {
    expect(lineUpdate('abc', 'abcd')).toBe('abcd');
  });
});

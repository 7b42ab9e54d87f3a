import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { terminalColorDepth, terminalColumns } from '../../../bin/cli/terminal.js';

/** A stream that says it is a terminal `columns` wide, as a tty.WriteStream does. */
function tty(columns = 80): NodeJS.WritableStream {
  return Object.assign(new PassThrough(), { isTTY: true, columns });
}

describe('the terminal standard output is', () => {
  it('reads its width, and none from a file or a pipe', () => {
    expect(terminalColumns(tty(57))).toBe(57);
    expect(terminalColumns(new PassThrough())).toBeUndefined();
  });

  it('reads its colors from COLORTERM, TERM_PROGRAM and TERM, as chafa does', () => {
    const depth = (env: NodeJS.ProcessEnv) => terminalColorDepth(tty(), env);
    expect(depth({ TERM: 'xterm-256color', COLORTERM: 'truecolor' })).toBe('truecolor');
    expect(depth({ TERM: 'xterm-256color', COLORTERM: '24bit' })).toBe('truecolor');
    expect(depth({ TERM: 'xterm-direct' })).toBe('truecolor');
    expect(depth({ TERM: 'xterm-256color', TERM_PROGRAM: 'iTerm.app' })).toBe('truecolor');
    expect(depth({ WT_SESSION: '5f1c' })).toBe('truecolor');
    // macOS Terminal and ssh sessions (COLORTERM is not forwarded) say 256 colors
    expect(depth({ TERM: 'xterm-256color', TERM_PROGRAM: 'Apple_Terminal' })).toBe('256');
    expect(depth({ TERM: 'screen-256color' })).toBe('256');
    expect(depth({ TERM: 'xterm' })).toBe('16');
    expect(depth({ TERM: 'linux' })).toBe('16');
    // the Windows console sets no TERM and shows 24-bit color
    expect(depth({})).toBe('truecolor');
  });

  it('is 24-bit into a file or a pipe, whatever the environment says', () => {
    expect(terminalColorDepth(new PassThrough(), { TERM: 'xterm' })).toBe('truecolor');
  });
});

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { terminalColorDepth, terminalColumns, terminalRows } from '../../../bin/cli/terminal.js';

/** A stream that says it is a terminal `columns` wide, as a tty.WriteStream does. */
function tty(columns = 80): NodeJS.WritableStream {
  return Object.assign(new PassThrough(), { isTTY: true, columns });
}

describe('the terminal standard output is', () => {
  it('reads its width, and none from a file or a pipe', () => {
    expect(terminalColumns(tty(57))).toBe(57);
    expect(terminalColumns(new PassThrough())).toBeUndefined();
  });

  it('reads its colors from COLORTERM, TERM and the variables terminals set, much as chafa does', () => {
    const depth = (env: NodeJS.ProcessEnv) => terminalColorDepth(tty(), env);
    expect(depth({ TERM: 'xterm-256color', COLORTERM: 'truecolor' })).toBe('truecolor');
    expect(depth({ TERM: 'xterm-256color', COLORTERM: '24bit' })).toBe('truecolor');
    expect(depth({ TERM: 'xterm-direct' })).toBe('truecolor');
    expect(depth({ TERM: 'xterm-256color', TERM_PROGRAM: 'iTerm.app' })).toBe('truecolor');
    expect(depth({ WT_SESSION: '5f1c' })).toBe('truecolor');
    // kitty, st and VTE terminals show 24-bit color, also over ssh, where COLORTERM is not passed on
    expect(depth({ TERM: 'xterm-kitty' })).toBe('truecolor');
    expect(depth({ TERM: 'st-256color' })).toBe('truecolor');
    expect(depth({ TERM: 'xterm-256color', VTE_VERSION: '7600' })).toBe('truecolor');
    expect(depth({ TERM: 'xterm-256color', VTE_VERSION: '3405' })).toBe('256');
    // macOS Terminal, PuTTY and docker (TERM=xterm) and screen: xterm's 256 colors
    expect(depth({ TERM: 'xterm-256color', TERM_PROGRAM: 'Apple_Terminal' })).toBe('256');
    expect(depth({ TERM: 'screen' })).toBe('256');
    expect(depth({ TERM: 'xterm' })).toBe('256');
    // the Linux console, rxvt and urxvt without -256color show 16
    expect(depth({ TERM: 'linux' })).toBe('16');
    expect(depth({ TERM: 'rxvt' })).toBe('16');
    expect(depth({ TERM: 'rxvt-unicode' })).toBe('16');
    expect(depth({ TERM: 'rxvt-unicode-256color' })).toBe('256');
    // a TERM that names fewer colors, and xterm-color, ansi and the VTs (8 colors or none): 16
    for (const term of [
      'xterm-16color',
      'screen-16color',
      'xterm-8color',
      'rxvt-88color',
      'xterm-color',
      'vt100',
      'vt220',
      'ansi',
    ]) {
      expect(depth({ TERM: term }), term).toBe('16');
    }
    // the Windows console sets no TERM and shows 24-bit color
    expect(depth({})).toBe('truecolor');
  });

  it("takes FORCE_COLOR's level (1, 2, 3) over what TERM suggests; any other value says nothing of the depth", () => {
    const depth = (env: NodeJS.ProcessEnv) => terminalColorDepth(tty(), env);
    expect(depth({ TERM: 'xterm-256color', FORCE_COLOR: '3' })).toBe('truecolor');
    expect(depth({ TERM: 'xterm-256color', COLORTERM: 'truecolor', FORCE_COLOR: '1' })).toBe('16');
    expect(depth({ TERM: 'linux', FORCE_COLOR: '2' })).toBe('256');
    for (const FORCE_COLOR of ['0', 'true', '', '4', 'constructor']) {
      expect(depth({ TERM: 'xterm-256color', FORCE_COLOR }), FORCE_COLOR).toBe('256');
    }
    // into a file or a pipe the art keeps every color; --color-depth sets fewer
    expect(terminalColorDepth(new PassThrough(), { FORCE_COLOR: '1' })).toBe('truecolor');
  });

  it('has no size when a pseudo-terminal says 0 (its size never set)', () => {
    expect(terminalColumns(tty(0))).toBeUndefined();
    expect(terminalRows(Object.assign(new PassThrough(), { isTTY: true, rows: 0 }))).toBeUndefined();
    expect(terminalRows(Object.assign(new PassThrough(), { isTTY: true, rows: 24 }))).toBe(24);
  });

  it('is 24-bit into a file or a pipe, whatever the environment says', () => {
    expect(terminalColorDepth(new PassThrough(), { TERM: 'xterm' })).toBe('truecolor');
  });
});

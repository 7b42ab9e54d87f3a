import { describe, expect, it } from 'vitest';
import { inForeground } from '../../../bin/cli/keys.js';

/** A /proc/<pid>/stat line: pid (comm) state ppid pgrp session tty_nr tpgid, then the rest. */
const stat = (comm: string, pgrp: number, tpgid: number) =>
  `4242 (${comm}) S 4000 ${pgrp} 4000 34817 ${tpgid} 4194560 0 0`;

describe('inForeground', () => {
  it('is true when the terminal’s foreground group is the process’s own', () => {
    expect(inForeground(stat('node', 4242, 4242))).toBe(true);
  });

  it('is false for a job in the background', () => {
    expect(inForeground(stat('node', 4242, 4300))).toBe(false);
  });

  it('reads the fields after the last parenthesis: a name may hold spaces and parentheses', () => {
    expect(inForeground(stat('a) 1 2 (b c', 4242, 4300))).toBe(false);
    expect(inForeground(stat('a) 1 2 (b c', 4242, 4242))).toBe(true);
  });

  it('is true without a controlling terminal (-1), and where /proc cannot be read', () => {
    expect(inForeground(stat('node', 4242, -1))).toBe(true);
    expect(inForeground(null)).toBe(true);
  });
});

/**
 * How an animation's frames reach the terminal: each one as the lines that changed since the
 * last, inside a synchronized update (DEC private mode 2026), which terminals that know it
 * (kitty, WezTerm, iTerm2, foot, Ghostty, Windows Terminal and others) show whole, never half
 * drawn; the others ignore the mode. With the temporal filter most lines of most frames do not
 * change, so a still part of the picture costs no bytes (over ssh, say).
 */

export const BEGIN_SYNC = '\x1b[?2026h';
export const END_SYNC = '\x1b[?2026l';

/**
 * The bytes that turn the picture `last` (its lines; the cursor at the start of the line below
 * it) into `next`, the cursor left the same way: up to the first line that changed, each
 * changed line rewritten whole (a line keeps its width from frame to frame, and ends with its
 * colors reset), an unchanged one stepped over, and down past the unchanged ones at the end.
 * Nothing when no line changed. `last` null (or of another height): a new picture, here.
 */
export function frameUpdate(last: readonly string[] | null, next: readonly string[]): string {
  if (last === null || last.length !== next.length) return `${BEGIN_SYNC}${next.join('\n')}\n${END_SYNC}`;
  let first = 0;
  while (first < next.length && next[first] === last[first]) first++;
  if (first === next.length) return '';
  let end = next.length;
  while (next[end - 1] === last[end - 1]) end--;
  const lines = next.slice(first, end).map((line, i) => (line === last[first + i] ? '' : line));
  const below = next.length - end;
  return (
    `${BEGIN_SYNC}\x1b[${next.length - first}A\r${lines.join('\n')}\n` +
    `${below > 0 ? `\x1b[${below}B` : ''}${END_SYNC}`
  );
}

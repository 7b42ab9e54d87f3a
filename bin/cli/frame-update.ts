/**
 * How an animation's frames reach the terminal: each one as the lines that changed since the
 * last, inside a synchronized update (DEC private mode 2026), which terminals that know it
 * (kitty, WezTerm, iTerm2, foot, Ghostty, Windows Terminal and others) show whole, never half
 * drawn; the others ignore the mode. With the temporal filter most lines of most frames do not
 * change, and within a line that did only the span of cells from the first that changed to the
 * last, so a still part of the picture costs no bytes (over ssh, say).
 */

export const BEGIN_SYNC = '\x1b[?2026h';
export const END_SYNC = '\x1b[?2026l';

/**
 * The bytes that turn the picture `last` (its lines; the cursor at the start of the line below
 * it) into `next`, the cursor left the same way: up to the first line that changed, in each
 * changed line the span of cells that changed (lineUpdate), an unchanged line stepped over,
 * and down past the unchanged ones at the end. Nothing when no line changed. `last` null (or
 * of another height): a new picture, here.
 */
export function frameUpdate(last: readonly string[] | null, next: readonly string[]): string {
  if (last === null || last.length !== next.length) return `${BEGIN_SYNC}${next.join('\n')}\n${END_SYNC}`;
  let first = 0;
  while (first < next.length && next[first] === last[first]) first++;
  if (first === next.length) return '';
  let end = next.length;
  while (next[end - 1] === last[end - 1]) end--;
  const lines = next
    .slice(first, end)
    .map((line, i) => (line === last[first + i] ? '' : lineUpdate(last[first + i], line)));
  const below = next.length - end;
  return (
    `${BEGIN_SYNC}\x1b[${next.length - first}A\r${lines.join('\n')}\n` +
    `${below > 0 ? `\x1b[${below}B` : ''}${END_SYNC}`
  );
}

const ESC = '\x1b';

interface Cells {
  readonly chars: string[];
  /** The SGR that colors each cell (the last one before it; '' for none). */
  readonly styles: string[];
}

/** A line's cells. Its only escapes are SGRs (ESC [ ... m), as text and ANSI art write them. */
function cellsOf(line: string): Cells {
  const chars: string[] = [];
  const styles: string[] = [];
  let style = '';
  for (let i = 0; i < line.length; ) {
    if (line.charCodeAt(i) === 0x1b) {
      const end = line.indexOf('m', i);
      if (end < 0) break;
      style = line.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    const ch = String.fromCodePoint(line.codePointAt(i) as number);
    chars.push(ch);
    styles.push(style);
    i += ch.length;
  }
  return { chars, styles };
}

/** The cells of lines seen lately: each frame's lines are read once, as `next`, and again as `last`. */
const parsed = new Map<string, Cells>();
const PARSED_KEPT = 1024;

function cells(line: string): Cells {
  let found = parsed.get(line);
  if (!found) {
    if (parsed.size >= PARSED_KEPT) parsed.clear();
    found = cellsOf(line);
    parsed.set(line, found);
  }
  return found;
}

/**
 * What turns the line `last` into `next` from the start of its row: the cells from the first
 * that changed to the last (the cursor moved there with CHA, its color set again, the colors
 * reset after). The whole line when they are not the same number of cells.
 */
export function lineUpdate(last: string, next: string): string {
  const a = cells(last);
  const b = cells(next);
  const n = b.chars.length;
  if (a.chars.length !== n) return next;
  const same = (k: number) => a.chars[k] === b.chars[k] && a.styles[k] === b.styles[k];
  let from = 0;
  while (from < n && same(from)) from++;
  if (from === n) return '';
  let to = n;
  while (same(to - 1)) to--;
  let span = from > 0 ? `${ESC}[${from + 1}G` : '';
  for (let k = from; k < to; k++) {
    if (k === from || b.styles[k] !== b.styles[k - 1]) span += b.styles[k];
    span += b.chars[k];
  }
  return b.styles.some((style) => style !== '') ? `${span}${ESC}[0m` : span;
}

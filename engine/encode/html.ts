import type { CellGrid } from '../grid.js';
import { artLabel } from './art-label.js';
import { escapeXml } from './escape.js';
import { backgroundHex, colorRuns, hex, monoInk, type PageParams, parseHex, twoColorRuns } from './runs.js';

/** The font stack every markup output uses: the font the glyphs were measured in first. */
export const FONT_STACK = "'DejaVu Sans Mono', 'Menlo', 'Consolas', 'Liberation Mono', monospace";

/**
 * A standalone HTML document: one `<pre>` (an image to assistive technology, named by
 * artLabel) on a black page (white for inverted art and under a dark `monoColor`: runs.ts
 * lightBackground), glyphs in the mono ink (runs.ts monoInk), or, with `color`, one `<span>`
 * per run of equal color; two-colour art (the grid has backgrounds) one `<span>` per run of
 * equal background and glyph color, its `background` set. All text is
 * escaped. The line height is two advances (`2ch`), the 1:2 cell the glyphs were measured in.
 */
export function encodeHtml(grid: CellGrid, page: PageParams, title = 'glyphcast'): string {
  const { color } = page;
  const ink = monoInk(page);
  const table = grid.table.map(escapeXml);
  const body =
    color && grid.backgrounds
      ? twoColorRuns(grid, grid.backgrounds, table)
          .map((runs) =>
            runs
              .map((r) => {
                const fg = r.fg ? `color:${hex(...r.fg)};` : '';
                return `<span style="${fg}background:${hex(...r.bg)}">${r.text}</span>`;
              })
              .join(''),
          )
          .join('\n')
      : colorRuns(grid, color, parseHex(ink), table)
          .map((runs) =>
            color
              ? runs.map((r) => `<span style="color:${hex(r.r, r.g, r.b)}">${r.text}</span>`).join('')
              : runs[0].text,
          )
          .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeXml(title)}</title>
<style>
  html, body { margin: 0; background: ${backgroundHex(page)}; }
  pre { margin: 0; padding: 1em; color: ${ink}; font-family: ${FONT_STACK}; font-size: 12px; line-height: 2ch; letter-spacing: 0; }
${color && grid.backgrounds ? '  pre span { display: inline-block; height: 2ch; vertical-align: top; }\n' : ''}</style>
</head>
<body>
<main>
<pre role="img" aria-label="${artLabel(grid)}">
${body}
</pre>
</main>
</body>
</html>`;
}

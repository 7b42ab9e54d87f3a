import type { CellGrid } from '../../engine/grid.js';

/**
 * Where two grids differ, in words (null when they are equal byte for byte): the first cells
 * whose glyph or color differ, so a parity failure says where to look.
 */
export function gridDiff(expected: CellGrid, actual: CellGrid): string | null {
  if (expected.columns !== actual.columns || expected.rows !== actual.rows) {
    return `size ${actual.columns}x${actual.rows}, expected ${expected.columns}x${expected.rows}`;
  }
  const out: string[] = [];
  let glyphs = 0;
  let colors = 0;
  for (let i = 0; i < expected.glyphs.length; i++) {
    const g = expected.glyphs[i] !== actual.glyphs[i];
    let c = false;
    for (let k = 0; k < 3; k++) c ||= expected.colors[i * 3 + k] !== actual.colors[i * 3 + k];
    if (g) glyphs++;
    if (c) colors++;
    if ((g || c) && out.length < 5) {
      const at = `(${i % expected.columns}, ${Math.floor(i / expected.columns)})`;
      const rgb = (x: CellGrid) => Array.from(x.colors.subarray(i * 3, i * 3 + 3)).join(',');
      out.push(`${at}: glyph ${actual.glyphs[i]} vs ${expected.glyphs[i]}, rgb ${rgb(actual)} vs ${rgb(expected)}`);
    }
  }
  if (!expected.backgrounds !== !actual.backgrounds) out.push('one grid has backgrounds, the other none');
  else if (expected.backgrounds && actual.backgrounds) {
    let backgrounds = 0;
    for (let i = 0; i < expected.backgrounds.length; i++)
      if (expected.backgrounds[i] !== actual.backgrounds[i]) backgrounds++;
    if (backgrounds > 0)
      out.push(
        `${Math.ceil(backgrounds / 3)} backgrounds differ (first channel ${expected.backgrounds.findIndex((v, i) => v !== actual.backgrounds?.[i])})`,
      );
  }
  const a = JSON.stringify(actual.evidence.codebook);
  const e = JSON.stringify(expected.evidence.codebook);
  if (a !== e) out.push(`codebook ${a} vs ${e}`);
  if (out.length === 0) return null;
  return `${glyphs} glyphs and ${colors} colors differ; ${out.join('; ')}`;
}

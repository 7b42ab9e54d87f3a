import type { CellGrid } from '../grid.js';

/** A run of adjacent cells in one row that share one color. */
export interface ColorRun {
  readonly text: string;
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

/**
 * Splits each row into runs of equal color, so markup formats emit one span per run.
 * With `color` false every cell has `mono` and each row is a single run.
 */
export function colorRuns(grid: CellGrid, color: boolean, mono: readonly [number, number, number]): ColorRun[][] {
  const rows: ColorRun[][] = [];
  for (let row = 0; row < grid.rows; row++) {
    const runs: ColorRun[] = [];
    let text = '';
    let cur: [number, number, number] | null = null;
    for (let col = 0; col < grid.columns; col++) {
      const i = row * grid.columns + col;
      const rgb: [number, number, number] = color
        ? [grid.colors[i * 3], grid.colors[i * 3 + 1], grid.colors[i * 3 + 2]]
        : [mono[0], mono[1], mono[2]];
      if (cur && (cur[0] !== rgb[0] || cur[1] !== rgb[1] || cur[2] !== rgb[2])) {
        runs.push({ text, r: cur[0], g: cur[1], b: cur[2] });
        text = '';
      }
      cur = rgb;
      text += grid.table[grid.glyphs[i]];
    }
    if (cur) runs.push({ text, r: cur[0], g: cur[1], b: cur[2] });
    rows.push(runs);
  }
  return rows;
}

/** `#rrggbb` to [r, g, b]. The params schema has already normalized the string. */
export function parseHex(hex: string): [number, number, number] {
  return [1, 3, 5].map((o) => Number.parseInt(hex.slice(o, o + 2), 16)) as [number, number, number];
}

export const hex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/**
 * CellGrid: what the kernels produce and the only thing encoders read (DESIGN 1).
 *
 * `glyphs[i]` indexes `table`, the charset's glyph table (at most 256 entries, so one byte
 * per cell for every charset, ASCII or not). `colors` holds one sRGB8 triple per cell,
 * row-major: the glyph's foreground color, already brightness-compensated for the glyph's
 * ink coverage so that ink x color reproduces the source cell on a dark background.
 */
import type { Charset } from './glyphs/charsets.js';

/** `target_met` when every measured figure reaches its target, else `best_effort`. */
export type EvidenceStatus = 'target_met' | 'best_effort';

/** How the glyph codebook was chosen (SPEC glyphStrategy / maxGlyphRmse). */
export interface CodebookEvidence {
  readonly strategy: 'adaptive' | 'fixed';
  /** The codebook's glyphs, ordered by measured coverage, as one string. */
  readonly glyphs: string;
  readonly size: number;
  /** Luminance quantization RMSE of the cell tones on this codebook, normalized to 0..1. */
  readonly rmse: number;
  /** The bound (maxGlyphRmse): adaptive holds the codebook under it; fixed reports whether the full ramp meets it. */
  readonly bound: number;
  readonly status: EvidenceStatus;
}

/** One rubric metric of the Auto Director with its measured value and target. */
export interface MetricEvidence {
  readonly name: string;
  readonly value: number;
  readonly target: number;
  /** Whether larger values are better (true) or smaller ones (false). */
  readonly higherIsBetter: boolean;
  readonly met: boolean;
}

export interface ParamChange {
  readonly param: string;
  readonly from: number | string | boolean;
  readonly to: number | string | boolean;
}

/** The Auto Director's report (DESIGN 4). */
export interface DirectorEvidence {
  readonly status: EvidenceStatus;
  readonly rubric: string;
  readonly autoOptimize: number;
  readonly metrics: readonly MetricEvidence[];
  readonly changes: readonly ParamChange[];
  /** Why the look was chosen, one plain sentence each (empty when nothing changed). */
  readonly reasons: readonly string[];
  /** Renders made, the final one included (1, or 5 for the motion rubric's flicker test). */
  readonly candidates: number;
  readonly ms: number;
}

/** Everything a render can say about itself; goes into JSON bodies, MCP results and headers. */
export interface RenderEvidence {
  readonly source: { readonly width: number; readonly height: number };
  /** Samples per cell (sub-cell resolution used for glyph shape matching). */
  readonly samplesPerCell: { readonly x: number; readonly y: number };
  readonly codebook: CodebookEvidence;
  readonly director: DirectorEvidence | null;
  /** Milliseconds per stage, in pipeline order. */
  readonly timings: Readonly<Record<string, number>>;
}

export interface CellGrid {
  readonly columns: number;
  readonly rows: number;
  readonly charset: Charset;
  /** The glyphs `glyphs` indexes into; `table[0]` is always the blank glyph (a space). */
  readonly table: readonly string[];
  /** columns x rows glyph indexes into `table`, row-major. */
  readonly glyphs: Uint8Array;
  /** columns x rows x 3 sRGB8 foreground colors, row-major. */
  readonly colors: Uint8Array;
  /**
   * Two-colour cells (params.background): columns x rows x 3 sRGB8 background colors, fitted
   * with the glyph and its color (kernels/two-color.ts). Absent for foreground-only art.
   */
  readonly backgrounds?: Uint8Array;
  readonly evidence: RenderEvidence;
}

/** The grid's rows as strings (glyph indexes looked up in the table). */
export function gridLines(grid: CellGrid): string[] {
  const lines: string[] = [];
  for (let r = 0; r < grid.rows; r++) {
    let line = '';
    for (let c = 0; c < grid.columns; c++) line += grid.table[grid.glyphs[r * grid.columns + c]];
    lines.push(line);
  }
  return lines;
}

/** The color of cell i as a #rrggbb string. */
export function cellHex(colors: Uint8Array, i: number): string {
  const h = (v: number) => v.toString(16).padStart(2, '0');
  return `#${h(colors[i * 3])}${h(colors[i * 3 + 1])}${h(colors[i * 3 + 2])}`;
}

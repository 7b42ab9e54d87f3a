/**
 * Stage 11 for two-colour cells: each cell's glyph and both colors, by fineBlocks for the blocks
 * charset (a fit at 4 x 8 points a cell, from the fine plane) and by twoColor for the others.
 */
import { fineBlocks, type TwoColorPrevious, twoColor } from '../kernels/two-color.js';
import type { FramePlan } from '../plan.js';
import type { Buffers } from './frame-buffers.js';
import type { StreamState } from './stream-state.js';

/** `stream`: the stream whose previous frame steadies this one, or null (a still, a stream's first frame). */
export function twoColourCells(
  plan: FramePlan,
  b: Buffers,
  codebookGlyphs: Int32Array,
  stream: StreamState | null,
  out: Uint8Array,
  colors: Uint8Array,
  backgrounds: Uint8Array,
): void {
  const g = plan.glyphs;
  const previous: TwoColorPrevious | null = stream
    ? {
        glyphs: stream.prevGlyphs,
        fg: stream.prevTwoColor ? stream.prevFg : null,
        bg: stream.prevTwoColor ? stream.prevBg : null,
        switchUnit: plan.temporal.switchScale * plan.temporal.r,
      }
    : null;
  if (plan.fineBlocks)
    fineBlocks(
      b.fine,
      b.cellData,
      plan.columns,
      plan.rows,
      g.fineShapes,
      g.densest,
      plan.saturation,
      plan.invert,
      plan.linearToSrgb,
      plan.linearToTone,
      plan.toneCurve,
      previous,
      out,
      colors,
      backgrounds,
    );
  else
    twoColor(
      b.lin,
      b.cellData,
      plan.columns,
      plan.rows,
      codebookGlyphs,
      g.masks,
      g.edges,
      g.densest,
      plan.saturation,
      plan.invert,
      plan.linearToSrgb,
      plan.linearToTone,
      plan.toneCurve,
      plan.twoColorInkCost,
      plan.twoColorInkWeight,
      previous,
      out,
      colors,
      backgrounds,
    );
}

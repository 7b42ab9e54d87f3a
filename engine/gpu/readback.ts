/**
 * Reads one frame back from the mapped staging buffer: the packed cells into the CellGrid's
 * glyphs and colors, the codebook into its evidence (through the CPU executor's
 * codebookEvidence, so both executors report alike), and the pass timestamps into timings.
 */
import { codebookEvidence } from '../cpu/executor.js';
import { SAMPLES_X, SAMPLES_Y } from '../fixed.js';
import type { CellGrid } from '../grid.js';
import type { FramePlan } from '../plan.js';
import { BOOK_COST, BOOK_COUNT, BOOK_GLYPHS, BOOK_MASS, BOOK_WORDS } from './preamble.js';
import type { FrameResources } from './resources.js';

export function round3(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** Per-pass GPU times (ms) and `gpu`, from the resolved timestamps in the staging buffer. */
export function passTimings(res: FrameResources, passes: readonly string[]): Record<string, number> {
  const timings: Record<string, number> = {};
  const times = new BigUint64Array(res.staging.getMappedRange(res.stagingTimesAt, passes.length * 16));
  passes.forEach((name, i) => {
    timings[name] = round3(Number(times[2 * i + 1] - times[2 * i]) / 1e6);
  });
  timings.gpu = round3(Number(times[2 * passes.length - 1] - times[0]) / 1e6);
  return timings;
}

export function readGrid(plan: FramePlan, res: FrameResources, timings: Record<string, number>): CellGrid {
  const cells = res.cells;
  // one mapped range (ranges may not overlap): the glyph words, then the backgrounds' if any
  const packed = new Uint32Array(res.staging.getMappedRange(0, cells * (plan.background ? 8 : 4)));
  const glyphs = new Uint8Array(cells);
  const colors = new Uint8Array(cells * 3);
  for (let i = 0; i < cells; i++) {
    const w = packed[i];
    glyphs[i] = w & 255;
    colors[i * 3] = (w >>> 8) & 255;
    colors[i * 3 + 1] = (w >>> 16) & 255;
    colors[i * 3 + 2] = w >>> 24;
  }
  let backgrounds: Uint8Array | undefined;
  if (plan.background) {
    backgrounds = new Uint8Array(cells * 3);
    for (let i = 0; i < cells; i++) {
      const w = packed[cells + i];
      backgrounds[i * 3] = w & 255;
      backgrounds[i * 3 + 1] = (w >>> 8) & 255;
      backgrounds[i * 3 + 2] = (w >>> 16) & 255;
    }
  }
  const book = new Uint32Array(res.staging.getMappedRange(res.stagingBookAt, BOOK_WORDS * 4));
  const count = book[BOOK_COUNT];
  const result = {
    glyphs: Int32Array.from(book.subarray(BOOK_GLYPHS, BOOK_GLYPHS + count)),
    cost: book[BOOK_COST],
    mass: book[BOOK_MASS],
  };
  const g = plan.glyphs;
  return {
    columns: plan.columns,
    rows: plan.rows,
    charset: g.charset,
    table: g.table,
    glyphs,
    colors,
    ...(backgrounds ? { backgrounds } : {}),
    evidence: {
      source: { width: plan.fullSize.width, height: plan.fullSize.height },
      samplesPerCell: { x: SAMPLES_X, y: SAMPLES_Y },
      codebook: codebookEvidence(plan, result),
      director: null,
      timings,
    },
  };
}

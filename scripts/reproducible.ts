/**
 * The one place where a render's run-to-run variation is taken out: stage timings and the
 * Auto Director's `ms` are wall-clock measurements, so docs examples, goldens and determinism
 * tests compare grids with those values set to 0 (the keys stay: which stages ran is part of
 * the result). Everything else in a CellGrid is a function of the input and must match exactly.
 */
import type { CellGrid } from '../engine/grid.js';

export function reproducible(grid: CellGrid): CellGrid {
  const { evidence } = grid;
  const timings = Object.fromEntries(Object.keys(evidence.timings).map((k) => [k, 0]));
  const director = evidence.director && { ...evidence.director, ms: 0 };
  return { ...grid, evidence: { ...evidence, timings, director } };
}

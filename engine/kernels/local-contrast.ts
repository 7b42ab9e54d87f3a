import { SAMPLES_PER_CELL, SAMPLES_X, SAMPLES_Y } from '../fixed.js';

/**
 * local-contrast: each cell's tone pushed away from its neighbourhood's (cells.ts applies it):
 * the cell mean tones, blurred by three box passes along each axis (close to a Gaussian of
 * sigma ~ radius + 1/2 cells), are what a cell is compared with.
 *
 * cellTones  mean tone per cell, (sum of its 8 tones + 4) >> 3 (sum <= 8 * 4095 < 2^15).
 * boxPass    out = (sum of the 2r + 1 values centred on the cell, edges replicated, + (2r + 1) / 2)
 *            / (2r + 1) along one axis (sum <= 801 * 4095 < 2^22 for r <= 400), u32 division.
 *
 * GPU: one invocation per cell for each pass; the box passes sum their window directly, the
 * CPU twin with a running sum (the same integer sum, so the same result).
 */
export function cellTones(tone: Uint16Array, columns: number, rows: number, out: Uint16Array): void {
  const sw = columns * SAMPLES_X;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      let sum = 0;
      for (let sy = 0; sy < SAMPLES_Y; sy++) {
        const row = (r * SAMPLES_Y + sy) * sw + c * SAMPLES_X;
        for (let sx = 0; sx < SAMPLES_X; sx++) sum += tone[row + sx];
      }
      out[r * columns + c] = (sum + (SAMPLES_PER_CELL >> 1)) >> 3;
    }
}

/** One box pass of radius r along x (`horizontal`) or y over a columns x rows plane. */
export function boxPass(
  src: Uint16Array,
  columns: number,
  rows: number,
  radius: number,
  horizontal: boolean,
  out: Uint16Array,
): void {
  const width = 2 * radius + 1;
  const half = width >> 1;
  const n = horizontal ? columns : rows;
  const lines = horizontal ? rows : columns;
  const step = horizontal ? 1 : columns;
  const lineStep = horizontal ? columns : 1;
  for (let line = 0; line < lines; line++) {
    const base = line * lineStep;
    const at = (k: number) => src[base + (k < 0 ? 0 : k >= n ? n - 1 : k) * step];
    let sum = 0;
    for (let k = -radius; k <= radius; k++) sum += at(k);
    for (let k = 0; k < n; k++) {
      out[base + k * step] = Math.floor((sum + half) / width);
      sum += at(k + radius + 1) - at(k - radius);
    }
  }
}

/** The box radii for a grid: about columns / 16 cells across, half that down (cells are twice as tall as wide). */
export function localRadii(columns: number): { x: number; y: number } {
  const x = Math.max(1, Math.round(columns / 16));
  return { x, y: Math.max(1, Math.round(x / 2)) };
}

/** Box passes along each axis: three make the blur smooth (a single box leaves square halos). */
export const LOCAL_PASSES = 3;

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxPass, cellTones, localRadii } from '../../../engine/kernels/local-contrast.js';

/** The box pass written plainly: each output sums its window, edges replicated. */
function directBox(src: Uint16Array, columns: number, rows: number, radius: number, horizontal: boolean): number[] {
  const out: number[] = [];
  const width = 2 * radius + 1;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      let sum = 0;
      for (let d = -radius; d <= radius; d++) {
        const rr = horizontal ? r : Math.min(rows - 1, Math.max(0, r + d));
        const cc = horizontal ? Math.min(columns - 1, Math.max(0, c + d)) : c;
        sum += src[rr * columns + cc];
      }
      out.push(Math.floor((sum + (width >> 1)) / width));
    }
  return out;
}

describe('local-contrast', () => {
  it("cellTones: the mean of each cell's 8 tones, (sum + 4) >> 3", () => {
    // 2 x 1 cells: samples 4 wide, 4 tall
    const tone = Uint16Array.from([0, 8, 100, 100, 0, 8, 100, 100, 0, 8, 100, 100, 0, 9, 100, 4095]);
    const out = new Uint16Array(2);
    cellTones(tone, 2, 1, out);
    expect(Array.from(out)).toEqual([(33 + 4) >> 3, (3 * 200 + 4195 + 4) >> 3]);
  });

  it('boxPass: (window sum + half) / width, edges replicated, along x and y', () => {
    const src = Uint16Array.from([0, 10, 20, 30, 40, 50]); // 3 columns x 2 rows
    const out = new Uint16Array(6);
    boxPass(src, 3, 2, 1, true, out);
    // row 0: (0+0+10+1)/3 = 3, (0+10+20+1)/3 = 10, (10+20+20+1)/3 = 17
    expect(Array.from(out)).toEqual([3, 10, 17, 33, 40, 47]);
    boxPass(src, 3, 2, 1, false, out);
    // column 0: (0+0+30+1)/3 = 10, (0+30+30+1)/3 = 20
    expect(Array.from(out)).toEqual([10, 20, 30, 20, 30, 40]);
  });

  it('boxPass: the running sum equals the plain window sum (the GPU twin sums windows)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 10 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1000 }),
        (columns, rows, radius, horizontal, seed) => {
          let s = seed;
          const src = Uint16Array.from({ length: columns * rows }, () => {
            s = (s * 1103515245 + 12345) % 2147483648;
            return s % 4096;
          });
          const out = new Uint16Array(columns * rows);
          boxPass(src, columns, rows, radius, horizontal, out);
          expect(Array.from(out)).toEqual(directBox(src, columns, rows, radius, horizontal));
        },
      ),
    );
  });

  it('localRadii: about columns / 16 cells across, half that down, at least 1', () => {
    expect(localRadii(8)).toEqual({ x: 1, y: 1 });
    expect(localRadii(80)).toEqual({ x: 5, y: 3 });
    expect(localRadii(120)).toEqual({ x: 8, y: 4 });
    expect(localRadii(400)).toEqual({ x: 25, y: 13 });
    // the largest window sum stays far inside 32 bits
    expect((2 * 25 + 1) * 4095).toBeLessThan(2 ** 22);
  });
});

/** --rows alone sizes the width by the image's aspect, and refuses what that width cannot be. */
import { describe, expect, it } from 'vitest';
import { sizedParams } from '../../../bin/cli/sizing.js';
import { defaultParams } from '../../../engine/index.js';

const byRows = (width: number, height: number, rows: number) =>
  sizedParams({ width, height }, { params: defaultParams(), options: { rows }, columnsFromRows: 400 });

describe('--rows without --columns', () => {
  it('keeps the aspect: 64 x 32 at 3 rows of 1:2 cells is 12 columns', () => {
    expect(byRows(64, 32, 3).columns).toBe(12);
  });

  it('says "under one column", not "0 columns", for a sliver too thin to take even one', () => {
    // 20 x 2000 at 5 rows: 5 x 0.01 / 0.5 = 0.1 columns
    expect(() => byRows(20, 2000, 5)).toThrow(
      "at --rows 5 the image's aspect needs under one column, fewer than the 8 art takes: give --rows 375 or more, or --columns too, to stretch it",
    );
    expect(() => byRows(20, 60, 6)).toThrow("at --rows 6 the image's aspect needs 4 columns, fewer than the 8");
  });
});

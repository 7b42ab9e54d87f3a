import { describe, expect, it } from 'vitest';
import { SAMPLES_PER_CELL, STRUCTURE_GAIN, TONE_MAX } from '../../../engine/fixed.js';
import { glyphTable } from '../../../engine/glyphs/table.js';
import { resolveParams } from '../../../engine/index.js';
import { CELL_BONUS, CELL_DIR, CELL_MEAN, CELL_STRIDE, CELL_SWITCH, cells } from '../../../engine/kernels/cells.js';
import { sobel } from '../../../engine/kernels/sobel.js';
import { planFrame } from '../../../engine/plan.js';
import { I32_MAX } from '../../support/bounds.js';
import { planeOf } from '../../support/images.js';

const STANDARD = glyphTable('standard');
const PLAN = planFrame(resolveParams({ charset: 'standard' }, 'json'), { width: 8, height: 8 });
const FLOOR = PLAN.structureFloor;
const FULL = 256; // structure 1 in Q8

interface Options {
  inkScale?: number;
  edges?: boolean;
  edgeGain?: number;
  structure?: number;
  floor?: number;
  directional?: Int32Array;
  /** Local contrast (Q8), with the cell mean tones and their blur. */
  local?: number;
  means?: Uint16Array;
  blurred?: Uint16Array;
}

/** Runs cells over a tone plane (and its gradients, from sobel unless given). Returns the records. */
function run(tone: Uint16Array, columns: number, rows: number, o: Options = {}, grad?: Int32Array): Int32Array[] {
  const g = grad ?? new Int32Array(tone.length * 2);
  if (!grad) sobel(tone, columns * 2, rows * 4, g);
  const out = new Int32Array(columns * rows * CELL_STRIDE);
  cells(
    tone,
    g,
    columns,
    rows,
    o.inkScale ?? PLAN.inkScale,
    o.edges ?? false,
    o.edgeGain ?? PLAN.edgeGain,
    o.structure ?? FULL,
    o.floor ?? FLOOR,
    o.directional ?? STANDARD.directional,
    o.local ?? 0,
    o.means ?? new Uint16Array(columns * rows),
    o.blurred ?? new Uint16Array(columns * rows),
    out,
  );
  return Array.from({ length: columns * rows }, (_, i) => out.slice(i * CELL_STRIDE, (i + 1) * CELL_STRIDE));
}

/** One cell's 8 samples from 4 rows of 2, with one gradient for every sample. */
function oneCell(rows: readonly [number, number][], gx: number, gy: number, o: Options = {}): Int32Array {
  const grad = new Int32Array(2 * SAMPLES_PER_CELL);
  for (let i = 0; i < SAMPLES_PER_CELL; i++) grad.set([gx, gy], 2 * i);
  return run(Uint16Array.from(rows.flat()), 1, 1, o, grad)[0];
}

/** A cell black on the left, white on the right: targets 0 and 1097, mean 549 ((4388 + 4) >> 3). */
const COLUMNS: [number, number][] = [
  [0, TONE_MAX],
  [0, TONE_MAX],
  [0, TONE_MAX],
  [0, TONE_MAX],
];
/** Its ink variance: V = 4 * 549^2 + 4 * 548^2. */
const V_COLUMNS = 4 * 549 ** 2 + 4 * 548 ** 2;

/** The directional glyph of each cell as a character, '.' for none. */
const dirMap = (records: Int32Array[], columns: number) =>
  records
    .map((r) => (r[CELL_DIR] < 0 ? '.' : STANDARD.table[r[CELL_DIR]]))
    .join('')
    .match(new RegExp(`.{${columns}}`, 'g'));

describe('cells', () => {
  it('targets = (tone * inkScale + 32768) >> 16, mean = (sum + 4) >> 3', () => {
    expect(PLAN.inkScale).toBe(17556); // round(1097 * 65536 / 4095): white -> the densest glyph, '@'
    const r = oneCell(
      [
        [0, 4095],
        [2048, 1000],
        [1, 100],
        [4000, 3000],
      ],
      0,
      0,
    );
    // 4095 * 17556 + 32768 = 71924588 -> 1097; 2048 -> 549.1; 1000 -> 268.4; 1 -> 0.8; 100 -> 27.3
    expect(Array.from(r.subarray(0, 8))).toEqual([0, 1097, 549, 268, 0, 27, 1072, 804]);
    expect(r[CELL_MEAN]).toBe(477); // 3817 + 4 >> 3
    expect([r[CELL_DIR], r[CELL_BONUS], r[CELL_SWITCH]]).toEqual([-1, 0, 0]);
  });

  it('maps white to the densest glyph coverage for every charset', () => {
    for (const charset of ['standard', 'detailed', 'blocks', 'binary', 'dots', 'minimal'] as const) {
      const plan = planFrame(resolveParams({ charset }, 'json'), { width: 8, height: 8 });
      const r = oneCell(
        [
          [TONE_MAX, TONE_MAX],
          [TONE_MAX, TONE_MAX],
          [TONE_MAX, TONE_MAX],
          [TONE_MAX, TONE_MAX],
        ],
        0,
        0,
        { inkScale: plan.inkScale },
      );
      expect(r[CELL_MEAN]).toBe(plan.glyphs.densest);
    }
  });

  it('finds the directional glyph of contours at 0, 45, 90 and 135 degrees', () => {
    const step = (inside: (x: number, y: number) => boolean) =>
      dirMap(
        run(
          planeOf(8, 16, (x, y) => (inside(x, y) ? 0 : TONE_MAX)),
          4,
          4,
        ),
        4,
      );
    // the edges run through the middle of cells (cell = 2 x 4 samples), not along their borders
    expect(step((_, y) => y < 6)).toEqual(['....', '----', '....', '....']);
    expect(step((x) => x < 3)).toEqual(['.|..', '.|..', '.|..', '.|..']);
    expect(step((x, y) => x + y < 9)).toEqual(['.../', './/.', '/...', '....']);
    expect(step((x, y) => x - y < -1)).toEqual(['\\...', '.\\\\.', '...\\', '....']);
  });

  it("picks '|' when |a| >= |b| and a > 0, '-' when a <= 0, else '/' for b > 0 and '\\' for b < 0", () => {
    const glyph = (gx: number, gy: number) => STANDARD.table[oneCell(COLUMNS, gx, gy)[CELL_DIR]];
    expect(glyph(800, 0)).toBe('|');
    expect(glyph(-800, 0)).toBe('|');
    expect(glyph(0, 800)).toBe('-');
    expect(glyph(800, 800)).toBe('/');
    expect(glyph(-800, -800)).toBe('/');
    expect(glyph(800, -800)).toBe('\\');
    // (800, 400) >> 4 = (50, 25): a = 8 (50^2 - 25^2) = 15000 < b = 2 * 8 * 1250 = 20000 -> '/'
    expect(glyph(800, 400)).toBe('/');
    // (800, 200) >> 4 = (50, 12): a = 18848 >= b = 9600 -> '|'
    expect(glyph(800, 200)).toBe('|');
  });

  it('bonus = ((V - floor) >> 8) * ((structure * coherence) >> 8) * STRUCTURE_GAIN, coherence 256 for one direction', () => {
    const rows = COLUMNS;
    const v = V_COLUMNS;
    const r = oneCell(rows, 800, 0, { structure: 141, floor: 1000 });
    expect(r[CELL_MEAN]).toBe(549);
    expect(STANDARD.table[r[CELL_DIR]]).toBe('|');
    expect(r[CELL_BONUS]).toBe(((v - 1000) >> 8) * ((141 * 256) >> 8) * STRUCTURE_GAIN);
    // two directions of equal energy: a = b = 0, coherence 0, no bonus
    const crossed = new Int32Array(16);
    for (let i = 0; i < 8; i++) crossed.set(i % 2 ? [800, 0] : [0, 800], 2 * i);
    const c = run(Uint16Array.from(rows.flat()), 1, 1, { floor: 1000 }, crossed)[0];
    expect(c[CELL_BONUS]).toBe(0);
  });

  it('gives no directional glyph and no bonus at or under the noise floor, nor with structure 0', () => {
    const rows = COLUMNS;
    const v = V_COLUMNS;
    expect(oneCell(rows, 800, 0, { floor: v })[CELL_DIR]).toBe(-1);
    expect(oneCell(rows, 800, 0, { floor: v })[CELL_BONUS]).toBe(0);
    expect(oneCell(rows, 800, 0, { floor: v - 1 })[CELL_DIR]).toBeGreaterThanOrEqual(0);
    expect(oneCell(rows, 800, 0, { floor: v - 1 })[CELL_BONUS]).toBe(0); // (1 >> 8) = 0
    expect(oneCell(rows, 800, 0, { floor: v - 256 })[CELL_BONUS]).toBe(1 * FULL * STRUCTURE_GAIN);
    expect(oneCell(rows, 800, 0, { structure: 0 })[CELL_DIR]).toBe(-1);
    expect(oneCell(rows, 0, 0)[CELL_DIR]).toBe(-1);
    // a faint step (1000 -> 1400 tone) is under the plan's floor: sensor-noise-sized, no contour
    expect(FLOOR).toBe(32 * PLAN.temporal.r);
    const faint = run(
      planeOf(8, 16, (x, y) => (x + y < 9 ? 1000 : 1400)),
      4,
      4,
    );
    expect(faint.every((r) => r[CELL_DIR] === -1 && r[CELL_BONUS] === 0)).toBe(true);
  });

  it('gives no directional glyph for charsets without them (blocks, dots)', () => {
    const blocks = glyphTable('blocks');
    expect(Array.from(blocks.directional)).toEqual([-1, -1, -1, -1]);
    const r = run(
      planeOf(8, 16, (x) => (x < 3 ? 0 : TONE_MAX)),
      4,
      4,
      { directional: blocks.directional },
    );
    expect(r.every((c) => c[CELL_DIR] === -1)).toBe(true);
  });

  it('in line-art mode uses the edge strength min(4095, ((|gx| + |gy|) * edgeGain) >> 10) as tone', () => {
    const r = oneCell(
      [
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
      ],
      100,
      -50,
      { edges: true, edgeGain: 461 },
    );
    // (150 * 461) >> 10 = 67; (67 * 17556 + 32768) >> 16 = 18
    expect(r[0]).toBe(18);
    expect(r[CELL_MEAN]).toBe(18);
  });

  it('stays inside its bounds at the extremes (blocks ink scale, white, full gradients, max gain)', () => {
    const blocks = planFrame(resolveParams({ charset: 'blocks', edgeStrength: 5 }, 'json'), { width: 8, height: 8 });
    // targets: tone * inkScale < 4096 * 65552 < 2^28
    expect(TONE_MAX * blocks.inkScale + 32768).toBeLessThan(2 ** 28);
    expect(blocks.inkScale).toBeLessThanOrEqual(65552);
    // edges: (|gx| + |gy|) * edgeGain <= 32760 * 1280 < 2^26
    expect(blocks.edgeGain).toBe(1280);
    expect(2 * 4 * TONE_MAX * blocks.edgeGain).toBeLessThan(2 ** 26);
    const edge = oneCell(
      [
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
      ],
      -4 * TONE_MAX,
      4 * TONE_MAX,
      { edges: true, edgeGain: blocks.edgeGain, inkScale: blocks.inkScale },
    );
    expect(edge[CELL_MEAN]).toBe(blocks.glyphs.densest);
    // tensor: (g >> 4)^2 summed over 3 x 3 cells of 8 samples < 2^29; V < 2^28; bonus < 2^29
    const g = -4 * TONE_MAX;
    expect(72 * (g >> 4) ** 2).toBeLessThan(2 ** 29);
    expect(2 * 72 * (g >> 4) ** 2).toBeLessThan(2 ** 30); // den = Jxx + Jyy, and |b| <= den
    const densest = blocks.glyphs.densest;
    const vMax = 8 * Math.ceil(densest / 2) ** 2;
    expect(vMax).toBeLessThan(2 ** 28);
    // den shifted below 2^22; mag <= (1 + 3/8) den, so mag * 256 < 2^31
    expect(1.375 * 2 ** 22 * 256).toBeLessThan(I32_MAX);
    const rows: [number, number][] = [
      [0, TONE_MAX],
      [TONE_MAX, 0],
      [0, TONE_MAX],
      [TONE_MAX, 0],
    ];
    const r = oneCell(rows, g, 0, {
      inkScale: blocks.inkScale,
      structure: FULL,
      floor: 0,
      directional: STANDARD.directional,
    });
    const mean = (4 * densest + 4) >> 3;
    expect(r[CELL_MEAN]).toBe(mean);
    const v = 4 * mean ** 2 + 4 * (densest - mean) ** 2;
    expect(r[CELL_BONUS]).toBe((v >> 8) * FULL * STRUCTURE_GAIN);
    expect(r[CELL_BONUS]).toBeLessThan(2 ** 29);
  });

  it('moves every tone of a cell by local contrast, (local * (m - b)) >> 8, clamped to the tone range', () => {
    const tones: [number, number][] = [
      [1000, 1000],
      [1000, 1000],
      [1000, 4000],
      [1000, 4000],
    ];
    const at = (local: number, mean: number, blur: number) =>
      oneCell(tones, 0, 0, { local, means: Uint16Array.of(mean), blurred: Uint16Array.of(blur) });
    const ink = (tone: number) => (tone * PLAN.inkScale + 32768) >> 16;
    // brighter than its surroundings by 400, at local 0.5 (128): every tone + 200, 4000 + 200 clamped
    const up = at(128, 1750, 1350);
    expect(Array.from(up.subarray(0, 8))).toEqual([1200, 1200, 1200, 1200, 1200, 4095, 1200, 4095].map(ink));
    // darker by 300 at local 2 (512): every tone - 600
    const down = at(512, 1000, 1300);
    expect(down[0]).toBe(ink(400));
    // local 0 and line-art mode ignore the planes
    expect(Array.from(at(0, 1750, 1350).subarray(0, 8))).toEqual(Array.from(oneCell(tones, 0, 0).subarray(0, 8)));
    const edges = { edges: true, local: 512, means: Uint16Array.of(4000), blurred: Uint16Array.of(0) };
    expect(oneCell(tones, 100, 0, edges)[0]).toBe(oneCell(tones, 100, 0, { edges: true })[0]);
  });

  it('lays a directional glyph only where the contour runs on through the neighbouring cells', () => {
    // a coherent vertical edge in the middle cell of a 3 x 3 grid, its neighbours textured every way
    const grad = new Int32Array(9 * SAMPLES_PER_CELL * 2);
    const sampleAt = (cell: number, k: number) => {
      const c = cell % 3;
      const r = Math.floor(cell / 3);
      return ((r * 4 + (k >> 1)) * 6 + c * 2 + (k & 1)) * 2;
    };
    for (let cell = 0; cell < 9; cell++)
      for (let k = 0; k < SAMPLES_PER_CELL; k++)
        grad.set(cell === 4 ? [800, 0] : k % 2 ? [800, 0] : [0, 800], sampleAt(cell, k));
    const tone = new Uint16Array(6 * 12);
    for (let y = 0; y < 12; y++) for (let x = 0; x < 6; x++) tone[y * 6 + x] = x % 2 ? TONE_MAX : 0;
    const textured = run(tone, 3, 3, {}, grad);
    expect(textured[4][CELL_DIR]).toBe(-1);
    // the same cell with its neighbours on the same edge: '|'
    for (let cell = 0; cell < 9; cell++)
      for (let k = 0; k < SAMPLES_PER_CELL; k++) grad.set([800, 0], sampleAt(cell, k));
    expect(STANDARD.table[run(tone, 3, 3, {}, grad)[4][CELL_DIR]]).toBe('|');
  });
});

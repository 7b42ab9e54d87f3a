/**
 * One test per render parameter (SPEC 2.2's 22 and localContrast) that fails if it is ignored:
 * each picks an input where the parameter must move the output in a stated direction. The
 * Auto Director is off (autoOptimize 0) except in the director's own tests. EFFECTS is typed
 * by parameter name, so a parameter added to the schema without a test here fails typecheck.
 */
import { describe, expect, it } from 'vitest';
import { CpuExecutor, StreamState } from '../../../engine/cpu/executor.js';
import { RUBRICS } from '../../../engine/director/rubrics.js';
import { FORMAT_INFO } from '../../../engine/encode/formats.js';
import { encode } from '../../../engine/encode/index.js';
import { CHARSET_GLYPHS, DIRECTIONAL_GLYPHS } from '../../../engine/glyphs/charsets.js';
import { glyphTable } from '../../../engine/glyphs/table.js';
import { gridLines } from '../../../engine/grid.js';
import { CHARSETS, FORMATS, PARAMS, type ParamName, QUALITY_TARGETS } from '../../../engine/index.js';
import { planFrame } from '../../../engine/plan.js';
import { flatImage, imageOf, rampImage, random } from '../../support/images.js';
import { glyphsOf, inkOf, mean, paramsOf, render, sampleInk, std, targetInk } from '../../support/render.js';

const COLUMNS = 32;
/** Black to white, left to right: 128 x 64 pixels, 32 x 16 cells. */
const RAMP = rampImage(128, 64);
/** A low-contrast ramp, sRGB 90 to 170. */
const GREY_RAMP = rampImage(128, 64, 90, 170);
/** A white square on black, its sides through the middle of cells. */
const SQUARE = imageOf(128, 128, (x, y) => (x >= 36 && x < 92 && y >= 36 && y < 92 ? 255 : 0));
/** Two color fields: a red-orange left half, a blue right half. */
const TWO_COLORS = imageOf(64, 64, (x) => (x < 32 ? [200, 60, 40] : [40, 90, 200]));

const leftQuarter = (ink: number[]) => mean(ink.filter((_, i) => i % COLUMNS < COLUMNS / 4));
const rightQuarter = (ink: number[]) => mean(ink.filter((_, i) => i % COLUMNS >= (3 * COLUMNS) / 4));

const EFFECTS: Record<ParamName, () => void> = {
  columns: () => {
    for (const columns of [17, 40]) {
      const grid = render(RAMP, { columns });
      expect(grid.columns).toBe(columns);
      expect(grid.rows).toBe(Math.round((columns * 64 * 0.5) / 128));
      for (const line of gridLines(grid)) expect([...line]).toHaveLength(columns);
    }
  },

  charset: () => {
    const seen = new Set<string>();
    for (const charset of CHARSETS) {
      const grid = render(RAMP, { columns: COLUMNS, charset });
      expect(grid.charset).toBe(charset);
      expect(grid.table).toEqual(glyphTable(charset).table);
      const allowed = new Set<string>([...CHARSET_GLYPHS[charset], ...DIRECTIONAL_GLYPHS]);
      for (const g of glyphsOf(grid)) expect(allowed.has(g)).toBe(true);
      seen.add(gridLines(grid).join('\n'));
    }
    expect(seen.size).toBe(CHARSETS.length);
  },

  format: () => {
    const grid = render(RAMP, { columns: COLUMNS });
    const bodies = new Set<string>();
    for (const format of FORMATS) {
      const out = encode(grid, paramsOf({ format }));
      expect(out.contentType).toBe(FORMAT_INFO[format].contentType);
      expect(out.extension).toBe(FORMAT_INFO[format].extension);
      bodies.add(out.body);
    }
    expect(bodies.size).toBe(FORMATS.length);
    expect(encode(grid, paramsOf({ format: 'text' })).body).toBe(gridLines(grid).join('\n'));
    expect(JSON.parse(encode(grid, paramsOf({ format: 'json' })).body).lines).toEqual(gridLines(grid));
  },

  color: () => {
    const grid = render(TWO_COLORS, { columns: COLUMNS, color: true });
    const [r, g, b] = grid.colors;
    const sgr = `\x1b[38;2;${r};${g};${b}m`;
    expect(encode(grid, paramsOf({ format: 'ansi', color: true })).body).toContain(sgr);
    expect(encode(grid, paramsOf({ format: 'ansi', color: false })).body).not.toContain(sgr);
    expect(JSON.parse(encode(grid, paramsOf({ format: 'json', color: true })).body).colors).not.toBeNull();
    expect(JSON.parse(encode(grid, paramsOf({ format: 'json', color: false })).body).colors).toBeNull();
    // SPEC 4.2 rule 2: no effect on plain text, and none on the glyphs
    expect(encode(grid, paramsOf({ color: true })).body).toBe(encode(grid, paramsOf({ color: false })).body);
    expect(render(TWO_COLORS, { columns: COLUMNS, color: false }).glyphs).toEqual(grid.glyphs);
  },

  background: () => {
    // two color fields: each cell's background carries its field's color, and the ANSI sets it
    const grid = render(TWO_COLORS, { columns: COLUMNS, color: true, background: true });
    const bg = grid.backgrounds as Uint8Array;
    expect(bg).toHaveLength(grid.columns * grid.rows * 3);
    const left = [bg[0], bg[1], bg[2]];
    const right = [...bg.slice((COLUMNS - 1) * 3, COLUMNS * 3)];
    expect(left[0]).toBeGreaterThan(left[2]);
    expect(right[2]).toBeGreaterThan(right[0]);
    const ansi = encode(grid, paramsOf({ format: 'ansi', color: true, background: true })).body;
    expect(ansi).toMatch(new RegExp(`\x1b\\[[0-9;]*48;2;${left.join(';')}m`));
    // without color there is no background
    expect(render(TWO_COLORS, { columns: COLUMNS, background: true }).backgrounds).toBeUndefined();
    expect(encode(grid, paramsOf({ background: true })).body).toBe(encode(grid, paramsOf({})).body);
  },

  invert: () => {
    const plain = inkOf(render(RAMP, { columns: COLUMNS }));
    const inverted = inkOf(render(RAMP, { columns: COLUMNS, invert: true }));
    expect(leftQuarter(plain)).toBeLessThan(rightQuarter(plain));
    expect(leftQuarter(inverted)).toBeGreaterThan(rightQuarter(inverted));
    // a black mark on a transparent ground: the ground is page, blank either way, and the mark
    // is ink only on the light page of inverted art
    const mark = imageOf(128, 128, (x, y) => (x >= 36 && x < 92 && y >= 36 && y < 92 ? [0, 0, 0, 255] : [0, 0, 0, 0]));
    const ground = (ink: number[]) => ink.filter((_, i) => i % COLUMNS < 4);
    const markInk = (ink: number[]) => ink.filter((_, i) => i % COLUMNS === COLUMNS / 2);
    const onDark = inkOf(render(mark, { columns: COLUMNS, autoOptimize: 0 }));
    const onLight = inkOf(render(mark, { columns: COLUMNS, invert: true, autoOptimize: 0 }));
    expect(Math.max(...ground(onDark), ...ground(onLight))).toBe(0);
    expect(Math.max(...markInk(onDark))).toBe(0);
    expect(Math.min(...markInk(onLight).slice(4, -4))).toBeGreaterThan(0);
  },

  contrast: () => {
    const spread = (contrast: number) => std(inkOf(render(GREY_RAMP, { columns: COLUMNS, contrast, autoLevels: 0 })));
    expect(spread(0.5)).toBeLessThan(spread(1));
    expect(spread(1)).toBeLessThan(spread(2));
  },

  brightness: () => {
    const ink = (brightness: number) => mean(inkOf(render(RAMP, { columns: COLUMNS, brightness })));
    expect(ink(-100)).toBeLessThan(ink(0));
    expect(ink(0)).toBeLessThan(ink(100));
  },

  saturation: () => {
    const at = (saturation: number) => render(TWO_COLORS, { columns: COLUMNS, color: true, saturation });
    const chroma = (colors: Uint8Array) => {
      let s = 0;
      for (let i = 0; i < colors.length; i += 3)
        s += Math.max(...colors.subarray(i, i + 3)) - Math.min(...colors.subarray(i, i + 3));
      return s;
    };
    const grey = at(0);
    for (let i = 0; i < grey.colors.length; i += 3) {
      expect(grey.colors[i]).toBe(grey.colors[i + 1]);
      expect(grey.colors[i + 1]).toBe(grey.colors[i + 2]);
    }
    expect(chroma(at(1).colors)).toBeGreaterThan(0);
    expect(chroma(at(4).colors)).toBeGreaterThan(chroma(at(1).colors));
    // colors only: the glyphs are the same at every saturation
    expect(at(4).glyphs).toEqual(grey.glyphs);
  },

  gamma: () => {
    const ink = (gamma: number) =>
      mean(inkOf(render(flatImage(64, 64, 100), { columns: COLUMNS, gamma, autoLevels: 0 })));
    expect(ink(0.5)).toBeLessThan(ink(1));
    expect(ink(1)).toBeLessThan(ink(2)); // gamma > 1 brightens midtones
  },

  edges: () => {
    // SQUARE covers px 36..91: its sides fall between cells 8|9 and 22|23, its top and bottom
    // through the middle of rows 4 and 11 (cells are 4 x 8 px here)
    const fill = gridLines(render(SQUARE, { columns: COLUMNS }));
    const art = gridLines(render(SQUARE, { columns: COLUMNS, edges: true, structure: 1 }));
    const outline = (r: number, c: number) =>
      r >= 4 && r <= 11 && c >= 8 && c <= 23 && (r === 4 || r === 11 || c <= 9 || c >= 22);
    art.forEach((line, r) => {
      [...line].forEach((g, c) => {
        if (!outline(r, c))
          expect(g).toBe(' '); // mostly blank: ink only on the outline
        else expect(g).not.toBe(' ');
      });
    });
    // straight edges get directional glyphs, '|' down the sides and '-' along the top and bottom,
    // away from the corners (where the contour turns, so it is not one direction: a ramp glyph)
    for (const line of art.slice(6, 10)) expect(line.slice(8, 10) + line.slice(22, 24)).toBe('||||');
    expect(art[4].slice(11, 21)).toBe('-'.repeat(10));
    expect(art[11].slice(11, 21)).toBe('-'.repeat(10));
    // without edges the square is filled with dense glyphs
    for (const line of fill.slice(5, 11)) expect(line.slice(10, 22)).not.toMatch(/ /);
  },

  edgeStrength: () => {
    const ink = (edgeStrength: number) => inkOf(render(SQUARE, { columns: COLUMNS, edges: true, edgeStrength }));
    expect(mean(ink(0.1))).toBeLessThan(mean(ink(0.5)));
    expect(mean(ink(0.5))).toBeLessThan(mean(ink(1.8)));
  },

  dither: () => {
    // flat sRGB 100 with binary glyphs (' ' 0, '1' 625, '0' 975): the cells want ink 295
    const image = flatImage(64, 64, 100);
    const values = { columns: COLUMNS, charset: 'binary', glyphStrategy: 'fixed' } as const;
    const target = mean(targetInk(image, values));
    const plain = render(image, values);
    const dithered = render(image, { ...values, dither: true });
    expect(new Set(plain.glyphs).size).toBe(1);
    expect(new Set(dithered.glyphs).size).toBeGreaterThan(1);
    expect(Math.abs(mean(inkOf(dithered)) - target)).toBeLessThan(Math.abs(mean(inkOf(plain)) - target) / 10);
  },

  sharpen: () => {
    // vertical stripes one cell wide, sRGB 110 and 150: sharpening pushes neighbouring cells apart
    const stripes = imageOf(64, 64, (x) => (Math.floor(x / 2) % 2 ? 150 : 110));
    const localContrast = (sharpen: number) => {
      const ink = inkOf(
        render(stripes, { columns: COLUMNS, sharpen, autoLevels: 0, denoise: 0, structure: 0, glyphStrategy: 'fixed' }),
      );
      return mean(ink.slice(1).map((v, i) => (i % COLUMNS === COLUMNS - 1 ? 0 : Math.abs(v - ink[i]))));
    };
    expect(localContrast(1)).toBeGreaterThan(localContrast(0));
  },

  autoLevels: () => {
    const ink = (autoLevels: number) => inkOf(render(GREY_RAMP, { columns: COLUMNS, autoLevels }));
    const [flat, stretched] = [ink(0), ink(1)];
    expect(Math.min(...stretched)).toBeLessThan(Math.min(...flat));
    expect(Math.max(...stretched)).toBeGreaterThan(Math.max(...flat));
    expect(std(stretched)).toBeGreaterThan(std(flat));
  },

  structure: () => {
    // a white line from top-left to bottom-right: a falling contour, '\'
    const line = imageOf(128, 128, (x, y) => (Math.abs(x - y) < 3 ? 255 : 0));
    const count = (structure: number) =>
      glyphsOf(render(line, { columns: COLUMNS, charset: 'standard', structure })).filter((g) => g === '\\').length;
    expect(count(0)).toBe(0); // '\' is not in the standard ramp: only structure lays it
    expect(count(1)).toBeGreaterThanOrEqual(16);
  },

  denoise: () => {
    const next = random(9);
    // noise at the sample resolution (64 x 64 pixels = 32 x 16 cells of 2 x 4 samples)
    const noisy = imageOf(64, 64, () => Math.round(128 + (next() - 0.5) * 80));
    // the samples' target ink (the glyphs then quantize it to the ramp's steps)
    const noise = (denoise: number) => std(sampleInk(noisy, { columns: COLUMNS, denoise, sharpen: 0, autoLevels: 0 }));
    expect(noise(1)).toBeLessThan(noise(0) * 0.75); // the bilateral weights spare large steps
  },

  motionSensitivity: () => {
    // a stream: 4 frames of dark grey, then light grey; the first light frame after the step
    const dark = flatImage(32, 32, 30);
    const light = flatImage(32, 32, 200);
    const firstAfterStep = (motionSensitivity: number) => {
      const plan = planFrame(paramsOf({ columns: 16, motionSensitivity, glyphStrategy: 'fixed' }), dark);
      const executor = new CpuExecutor();
      const stream = new StreamState();
      for (let f = 0; f < 4; f++) executor.render(plan, dark, stream);
      return { step: executor.render(plan, light, stream), still: executor.render(plan, light) };
    };
    const slow = firstAfterStep(0);
    const fast = firstAfterStep(1);
    expect(fast.step.glyphs).toEqual(fast.still.glyphs); // full motion response: no lag
    expect(slow.step.glyphs).not.toEqual(slow.still.glyphs);
    expect(mean(inkOf(slow.step))).toBeLessThan(mean(inkOf(fast.step)));
  },

  autoOptimize: () => {
    const off = render(RAMP, { columns: COLUMNS, autoOptimize: 0 }).evidence.director;
    const on = render(RAMP, { columns: COLUMNS, autoOptimize: 0.9 }).evidence.director;
    const full = render(RAMP, { columns: COLUMNS, autoOptimize: 1 }).evidence.director;
    expect(off?.changes).toEqual([]);
    expect(off?.reasons).toEqual([]);
    expect(on?.autoOptimize).toBe(0.9);
    expect(on?.changes.length).toBeGreaterThan(0);
    expect(on?.reasons.length).toBeGreaterThan(0);
    for (const change of on?.changes ?? []) expect(change.to).not.toEqual(change.from);
    // numbers move 90 % of the way to the tuned value
    const local = (d: typeof on) => d?.changes.find((c) => c.param === 'localContrast')?.to as number;
    expect(local(on)).toBeCloseTo(0.9 * local(full), 4);
  },

  localContrast: () => {
    // a mid-grey field with a lighter square: local contrast pushes the square and its
    // surroundings apart; 0 leaves the cells as the tone curve has them
    const patch = imageOf(128, 128, (x, y) => (x >= 48 && x < 80 && y >= 48 && y < 80 ? 150 : 110));
    const values = { columns: COLUMNS, autoLevels: 0, sharpen: 0, denoise: 0 } as const;
    const spread = (localContrast: number) => {
      const ink = targetInk(patch, { ...values, localContrast });
      return Math.max(...ink) - Math.min(...ink);
    };
    expect(spread(0.9)).toBeGreaterThan(spread(0) * 1.5);
    expect(spread(2)).toBeGreaterThan(spread(0.9));
  },

  qualityTarget: () => {
    for (const qualityTarget of QUALITY_TARGETS) {
      const director = render(RAMP, { columns: 16, qualityTarget }).evidence.director;
      expect(director?.rubric).toBe(qualityTarget);
      expect(director?.metrics.map((m) => m.name)).toEqual(RUBRICS[qualityTarget].metrics.map((m) => m.name));
    }
  },

  glyphStrategy: () => {
    const fixed = render(RAMP, { columns: COLUMNS, glyphStrategy: 'fixed' }).evidence.codebook;
    const adaptive = render(RAMP, { columns: COLUMNS, glyphStrategy: 'adaptive' }).evidence.codebook;
    const ramp = CHARSET_GLYPHS.detailed;
    expect(fixed.size).toBe(ramp.length);
    expect([...fixed.glyphs].sort()).toEqual([...ramp].sort());
    expect(adaptive.size).toBeLessThan(ramp.length);
    for (const g of adaptive.glyphs) expect(ramp).toContain(g);
  },

  maxGlyphRmse: () => {
    const books = [0.1, 0.05, 0.03, 0.01].map(
      (maxGlyphRmse) => render(RAMP, { columns: COLUMNS, maxGlyphRmse }).evidence.codebook,
    );
    for (let i = 1; i < books.length; i++) expect(books[i].size).toBeGreaterThanOrEqual(books[i - 1].size);
    expect(books[3].size).toBeGreaterThan(books[0].size);
    for (const book of books) if (book.status === 'target_met') expect(book.rmse).toBeLessThanOrEqual(book.bound);
    expect(books[0].status).toBe('target_met');
  },

  monoColor: () => {
    const grid = render(RAMP, { columns: COLUMNS });
    const custom = paramsOf({ monoColor: '#33ff66' });
    expect(encode(grid, { ...custom, format: 'ansi' }).body).toContain('\x1b[38;2;51;255;102m');
    expect(encode(grid, paramsOf({ format: 'ansi' })).body).not.toContain('\x1b[38;2;51;255;102m');
    expect(encode(grid, { ...custom, format: 'html' }).body).toContain('#33ff66');
    expect(encode(grid, { ...custom, format: 'svg' }).body).toContain('#33ff66');
    // with color on, cells carry their own colors; plain text never shows a color
    expect(encode(grid, { ...custom, format: 'ansi', color: true }).body).toBe(
      encode(grid, paramsOf({ format: 'ansi', color: true })).body,
    );
    expect(encode(grid, custom).body).toBe(encode(grid, paramsOf()).body);
  },
};

describe('every render parameter has an effect', () => {
  it('covers every parameter (the 22 of SPEC 2.2, localContrast and background)', () => {
    expect(Object.keys(EFFECTS).sort()).toEqual(PARAMS.map((p) => p.name).sort());
    expect(PARAMS).toHaveLength(24);
  });

  for (const p of PARAMS) it(p.name, EFFECTS[p.name]);
});

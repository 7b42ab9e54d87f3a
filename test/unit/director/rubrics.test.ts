import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RUBRICS } from '../../../engine/director/rubrics.js';
import type { CellGrid, DirectorEvidence } from '../../../engine/grid.js';
import { type RenderParamsInput, resolveParams } from '../../../engine/index.js';
import { decodeImage } from '../../../engine/node/decode.js';
import { renderImage } from '../../../engine/render.js';

const CORPUS = path.resolve(import.meta.dirname, '../../fixtures/corpus/dev');
const image = async (name: string) => decodeImage(fs.readFileSync(path.join(CORPUS, name)));

function render(img: Awaited<ReturnType<typeof image>>, params: RenderParamsInput): CellGrid {
  return renderImage(img, resolveParams({ columns: 120, ...params }, 'json'));
}
const evidence = (g: CellGrid) => g.evidence.director as DirectorEvidence;
const metric = (g: CellGrid, name: string) => {
  const m = evidence(g).metrics.find((x) => x.name === name);
  if (!m) throw new Error(`no metric ${name} in ${JSON.stringify(evidence(g).metrics)}`);
  return m.value;
};
const changeTo = (g: CellGrid, param: string) => evidence(g).changes.find((c) => c.param === param)?.to;

/** A grey picture as the analysis would see it: `spread` of the range around `middle` (0..1), a ramp. */
const analysis = (lo: number, median: number, hi: number, brightShare = 0) => ({
  percentiles: { p1: lo * 4095, p5: lo * 4095, p50: median * 4095, p95: hi * 4095, p99: hi * 4095 },
  mean: median * 4095,
  dynamicRange: hi - lo,
  noise: 0,
  edgeDensity: 0.2,
  shadowClip: 0,
  highlightClip: 0,
  colorfulness: 0,
  brightShare,
});

describe('the balanced look, from the analysis alone', () => {
  const look = (a: ReturnType<typeof analysis>) => RUBRICS.balanced.look(a).params;

  it('a photo: levels stretched fully, local contrast, the whole ramp, no dithering', () => {
    expect(look(analysis(0.05, 0.45, 0.95))).toEqual({
      autoLevels: 1,
      localContrast: 0.9,
      glyphStrategy: 'fixed',
      dither: false,
    });
  });

  it('a low-contrast source is stretched 2.5 times at most, with local contrast held at half', () => {
    // tones spanning 20 % of the range: a full stretch would be 5x
    const p = look(analysis(0.7, 0.8, 0.9));
    // the levels blend b whose window is 1 / 2.5 of the range: 1 - b (1 - 0.2) = 0.4
    expect(p.autoLevels).toBe(0.75);
    expect(p.localContrast).toBe(0.45);
  });

  it('a high-key picture keeps its light: levels by half, midtones lifted, local contrast held', () => {
    const p = look(analysis(0.2, 0.75, 0.98));
    expect(p).toMatchObject({ autoLevels: 0.5, gamma: 1.3, localContrast: 0.45 });
  });

  it('a bright backdrop (over 40 % of the picture): no local contrast, levels stay full', () => {
    const p = look(analysis(0.05, 0.5, 1, 0.5));
    expect(p).toMatchObject({ autoLevels: 1, localContrast: 0 });
    // it comes first: objects on white, even in a high-key picture
    expect(look({ ...analysis(0.1, 0.9, 1, 0.6), colorfulness: 60 })).toMatchObject({
      autoLevels: 1,
      localContrast: 0,
    });
  });

  it('a white page (a screenshot, a document) is inverted: its text is drawn, not its paper', () => {
    const page = { ...analysis(0.1, 0.95, 1, 0.5), edgeDensity: 0.15, colorfulness: 3 };
    expect(look(page)).toMatchObject({ invert: true, autoLevels: 1 });
    expect(RUBRICS.balanced.look(page).reasons.join(' ')).toMatch(/a page/);
    // not a coloured picture, a grey one without strokes, or a shaded page (median under 85 %)
    expect(look({ ...page, colorfulness: 40 }).invert).toBeUndefined();
    expect(look({ ...page, edgeDensity: 0.05 }).invert).toBeUndefined();
    expect(look({ ...page, percentiles: { ...page.percentiles, p50: 0.7 * 4095 } }).invert).toBeUndefined();
  });

  it('says why, in one plain sentence per choice', () => {
    const reasons = RUBRICS.balanced.look(analysis(0.7, 0.8, 0.9)).reasons;
    expect(reasons.some((r) => r.includes('low-contrast source') && r.includes('20 %'))).toBe(true);
    for (const r of reasons) expect(r.length).toBeLessThan(200);
  });
});

describe('Auto Director on the test corpus (120 columns)', () => {
  it('inverts a synthetic white page of text lines, and says so', () => {
    // black strokes on white, in rows like text: 160 x 120
    const w = 160;
    const h = 120;
    const data = new Uint8Array(w * h * 4).fill(255);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        if (y % 12 >= 3 && y % 12 < 8 && x % 7 < 3 && x > 8 && x < 150)
          data.fill(20, (y * w + x) * 4, (y * w + x) * 4 + 3);
    const g = renderImage({ width: w, height: h, data }, resolveParams({ columns: 60 }, 'json'));
    expect(changeTo(g, 'invert')).toBe(true);
    expect(evidence(g).reasons.join(' ')).toMatch(/a page/);
    // the text is drawn: most cells are blank paper, the strokes are glyphs
    const blank = g.glyphs.filter((x) => x === 0).length / g.glyphs.length;
    expect(blank).toBeGreaterThan(0.3);
    expect(blank).toBeLessThan(0.9);
  });

  it('analyses the corpus as the look needs it: the smarties are a bright backdrop, the wood is pale', async () => {
    const analyse = async (name: string) => {
      const g = render(await image(name), {});
      return evidence(g).reasons.join(' ');
    };
    expect(await analyse('bright_smarties.png')).toMatch(/bright backdrop/);
    expect(await analyse('text_page.png')).toMatch(/high-key/);
    expect(await analyse('bright_wood.jpg')).toMatch(/low-contrast source/);
    expect(await analyse('portrait_baboon.jpg')).toMatch(/local contrast: shapes/);
    expect(await analyse('dark_rocket.jpg')).toMatch(/levels stretched from 1 %/);
  });

  it('balanced widens the tonal spread over autoOptimize 0 on photos, and says what it changed', async () => {
    for (const name of ['landscape_dune.jpg', 'portrait_baboon.jpg', 'texture_gravel.png', 'landscape_street.jpg']) {
      const img = await image(name);
      const off = render(img, { autoOptimize: 0 });
      const on = render(img, {});
      expect(metric(on, 'tonalSpread'), name).toBeGreaterThan(metric(off, 'tonalSpread'));
      expect(changeTo(on, 'localContrast'), name).toBeGreaterThan(0);
      expect(changeTo(on, 'glyphStrategy'), name).toBe('fixed');
      for (const m of evidence(on).metrics)
        expect(m.met).toBe(m.higherIsBetter ? m.value >= m.target : m.value <= m.target);
    }
  });

  it.each(['dark_hubble.jpg', 'dark_rocket.jpg'])('low-light raises shadow detail on %s', async (name) => {
    const img = await image(name);
    const off = render(img, { qualityTarget: 'low-light', autoOptimize: 0 });
    const on = render(img, { qualityTarget: 'low-light', autoOptimize: 0.9 });
    expect(metric(on, 'shadowDetail')).toBeGreaterThan(metric(off, 'shadowDetail'));
    expect(evidence(on).changes.map((c) => c.param)).toContain('gamma');
  });

  it.each(['landscape_street.jpg', 'portrait_baboon.jpg', 'dark_rocket.jpg'])(
    'round-trip lowers the reconstruction error on %s',
    async (name) => {
      const img = await image(name);
      const off = render(img, { qualityTarget: 'round-trip', autoOptimize: 0 });
      const on = render(img, { qualityTarget: 'round-trip', autoOptimize: 0.9 });
      expect(metric(on, 'toneRmse')).toBeLessThan(metric(off, 'toneRmse'));
      expect(metric(on, 'psnr')).toBeGreaterThan(metric(off, 'psnr'));
    },
  );

  it('motion lowers the glyph change rate of a noisy still stream', async () => {
    const img = await image('landscape_street.jpg');
    const off = render(img, { qualityTarget: 'motion', autoOptimize: 0 });
    const on = render(img, { qualityTarget: 'motion', autoOptimize: 0.9 });
    expect(metric(on, 'staticChangeRate')).toBeLessThan(metric(off, 'staticChangeRate'));
    expect(metric(on, 'stepFrames')).toBeLessThanOrEqual(3);
  });

  it('keeps a low-contrast photo visible: not one glyph everywhere', async () => {
    // the dune in grey, squeezed into sRGB 107..150 (a hazy photo)
    const hazy = await sharp(fs.readFileSync(path.join(CORPUS, 'landscape_dune.jpg')))
      .greyscale()
      .linear(43 / 255, 107)
      .png()
      .toBuffer();
    const grid = render(await decodeImage(hazy), { columns: 80 });
    const counts = new Map<number, number>();
    for (const g of grid.glyphs) counts.set(g, (counts.get(g) ?? 0) + 1);
    expect(counts.size).toBeGreaterThanOrEqual(4);
    expect(Math.max(...counts.values()) / grid.glyphs.length).toBeLessThan(0.75);
  });
});

describe('Auto Director evidence', () => {
  const flatGray = { width: 64, height: 48, data: new Uint8Array(64 * 48 * 4).fill(128) };

  it('a flat grey image is best_effort: its art cannot follow a source without layout', () => {
    const d = evidence(renderImage(flatGray, resolveParams({ columns: 40 }, 'json')));
    expect(d.status).toBe('best_effort');
    expect(d.metrics.filter((m) => !m.met).map((m) => m.name)).toEqual(['toneCorrelation']);
  });

  it('is deterministic: same input, same grid and evidence', async () => {
    const img = await image('texture_gravel.png');
    const a = render(img, { qualityTarget: 'portrait' });
    const b = render(img, { qualityTarget: 'portrait' });
    expect(b.glyphs).toEqual(a.glyphs);
    expect(b.colors).toEqual(a.colors);
    expect({ ...evidence(b), ms: 0 }).toEqual({ ...evidence(a), ms: 0 });
  });

  it.each(['balanced', 'portrait', 'low-light', 'round-trip'] as const)(
    '%s renders once: the look comes from the analysis, not from a search',
    async (qualityTarget) => {
      expect(evidence(render(await image('landscape_street.jpg'), { qualityTarget })).candidates).toBe(1);
    },
  );

  it('motion renders once more as a 4-frame noisy stream to measure flicker', async () => {
    expect(evidence(render(await image('landscape_street.jpg'), { qualityTarget: 'motion' })).candidates).toBe(5);
  });

  it('never changes columns, format, charset or color, nor an invert the caller set, and blends by autoOptimize', async () => {
    const img = await image('landscape_street.jpg');
    const params = { charset: 'standard', format: 'json', color: true, invert: true, columns: 96 } as const;
    const full = render(img, { ...params, autoOptimize: 1 });
    for (const autoOptimize of [0.3, 1]) {
      const g = render(img, { ...params, autoOptimize });
      const changed = evidence(g).changes.map((c) => c.param);
      for (const frozen of Object.keys(params)) expect(changed).not.toContain(frozen);
      expect(g.columns).toBe(96);
      expect(g.charset).toBe('standard');
      // numbers move from the caller's value towards the tuned one by autoOptimize
      expect(changeTo(g, 'localContrast')).toBeCloseTo(autoOptimize * (changeTo(full, 'localContrast') as number), 4);
      // choices switch at 0.5
      expect(changeTo(g, 'glyphStrategy')).toBe(autoOptimize >= 0.5 ? 'fixed' : undefined);
    }
  });

  it('measures inverted art against the source it inverts (dark ink on a light page)', () => {
    // a dark square and a dark-to-light ramp on white, and the same picture negated
    const w = 96;
    const h = 64;
    const picture = (negate: boolean) => {
      const data = new Uint8Array(w * h * 4);
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const v = x >= 16 && x < 48 && y >= 16 && y < 48 ? 0 : y < 8 ? Math.round((x * 255) / (w - 1)) : 255;
          data.fill(negate ? 255 - v : v, (y * w + x) * 4, (y * w + x) * 4 + 3);
          data[(y * w + x) * 4 + 3] = 255;
        }
      return { width: w, height: h, data };
    };
    const corr = (g: CellGrid) => metric(g, 'toneCorrelation');
    const inverted = renderImage(picture(false), resolveParams({ columns: 48, invert: true, autoOptimize: 0 }, 'json'));
    const negated = renderImage(picture(true), resolveParams({ columns: 48, autoOptimize: 0 }, 'json'));
    expect(corr(negated)).toBeGreaterThan(0.9);
    expect(corr(inverted)).toBeGreaterThan(0.9);
    expect(Math.abs(corr(inverted) - corr(negated))).toBeLessThan(0.03);
  });

  it('keeps every tunable parameter set away from its default exactly, and tunes only the rest', async () => {
    const img = await image('portrait_baboon.jpg');
    const defaults = render(img, {});
    const tunedByDefault = evidence(defaults).changes.map((c) => c.param);
    expect(tunedByDefault).toContain('localContrast'); // what is pinned below is what it would move
    for (const chosen of [
      { localContrast: 0.3, gamma: 1.2, sharpen: 0.8 },
      { brightness: 100, contrast: 1.4, autoLevels: 0.2, glyphStrategy: 'adaptive', maxGlyphRmse: 0.05 },
    ] as const) {
      for (const autoOptimize of [0.5, 0.9, 1]) {
        const g = render(img, { ...chosen, autoOptimize });
        const changed = evidence(g).changes.map((c) => c.param);
        for (const param of Object.keys(chosen)) {
          if (param === 'glyphStrategy') continue; // 'adaptive' is the default: the director's to change
          expect(changed, `${param} at ${autoOptimize}`).not.toContain(param);
        }
        // left at its default, local contrast is still the director's
        if (!('localContrast' in chosen)) expect(changed, `at ${autoOptimize}`).toContain('localContrast');
      }
    }
    // a value equal to the default is the director's to tune, however it was given
    const atDefault = render(img, { localContrast: 0 });
    expect(evidence(atDefault).changes).toEqual(evidence(defaults).changes);
  });

  it('with autoOptimize 0 it changes nothing, says nothing, and still measures the rubric', async () => {
    const d = evidence(render(await image('portrait_baboon.jpg'), { autoOptimize: 0 }));
    expect(d.changes).toEqual([]);
    expect(d.reasons).toEqual([]);
    expect(d.candidates).toBe(1);
    expect(d.metrics.map((m) => m.name)).toEqual(['tonalSpread', 'toneCorrelation']);
  });
});

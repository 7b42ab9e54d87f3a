import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CellGrid, DirectorEvidence } from '../../../engine/grid.js';
import { decodeImage } from '../../../engine/node/decode.js';
import { type RenderParamsInput, resolveParams } from '../../../engine/params.js';
import { renderImage } from '../../../engine/render.js';

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/bench/corpus/dev');
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

describe('Auto Director rubrics (dev corpus, 120 columns)', () => {
  it.each(['dark_hubble.jpg', 'dark_rocket.jpg'])(
    'low-light raises shadow detail on %s against autoOptimize=0',
    async (name) => {
      const img = await image(name);
      const off = render(img, { qualityTarget: 'low-light', autoOptimize: 0 });
      const on = render(img, { qualityTarget: 'low-light', autoOptimize: 0.9 });
      expect(metric(on, 'shadowDetail')).toBeGreaterThan(metric(off, 'shadowDetail'));
      expect(evidence(on).changes.map((c) => c.param)).toContain('gamma');
    },
  );

  it.each(['landscape_street.jpg', 'portrait_baboon.jpg', 'dark_rocket.jpg'])(
    'round-trip lowers the reconstruction error on %s',
    async (name) => {
      const img = await image(name);
      const off = render(img, { qualityTarget: 'round-trip', autoOptimize: 0 });
      const on = render(img, { qualityTarget: 'round-trip', autoOptimize: 0.9 });
      expect(metric(on, 'toneRmse')).toBeLessThan(metric(off, 'toneRmse') * 0.6);
      expect(metric(on, 'psnr')).toBeGreaterThan(metric(off, 'psnr'));
    },
  );

  it('keeps a low-contrast photo visible: not one glyph everywhere, however high its SSIM', async () => {
    // the dune in grey, squeezed into sRGB 107..150 (a hazy photo)
    const hazy = await sharp(fs.readFileSync(path.join(CORPUS, 'landscape_dune.jpg')))
      .greyscale()
      .linear(43 / 255, 107)
      .png()
      .toBuffer();
    const grid = render(await decodeImage(hazy), { columns: 80 });
    const counts = new Map<number, number>();
    for (const g of grid.glyphs) counts.set(g, (counts.get(g) ?? 0) + 1);
    const commonest = Math.max(...counts.values()) / grid.glyphs.length;
    expect(counts.size).toBeGreaterThanOrEqual(4);
    expect(commonest).toBeLessThan(0.75);
  });

  it('portrait keeps highlights unclipped where the defaults clip them', async () => {
    const img = await image('bright_smarties.png');
    const off = render(img, { qualityTarget: 'portrait', autoOptimize: 0 });
    const on = render(img, { qualityTarget: 'portrait', autoOptimize: 0.9 });
    expect(metric(off, 'highlightClip')).toBeGreaterThan(0.02); // the target the defaults miss
    expect(metric(on, 'highlightClip')).toBeLessThanOrEqual(0.02);
  });

  it('portrait on a portrait clips nothing and meets its targets', async () => {
    const on = render(await image('portrait_astronaut.png'), { qualityTarget: 'portrait' });
    expect(metric(on, 'highlightClip')).toBe(0);
    expect(evidence(on).status).toBe('target_met');
  });

  it('motion lowers the glyph change rate of a noisy still stream', async () => {
    const img = await image('landscape_street.jpg');
    const off = render(img, { qualityTarget: 'motion', autoOptimize: 0 });
    const on = render(img, { qualityTarget: 'motion', autoOptimize: 0.9 });
    expect(metric(on, 'staticChangeRate')).toBeLessThan(metric(off, 'staticChangeRate'));
    expect(metric(on, 'stepFrames')).toBeLessThanOrEqual(3);
  });

  it('balanced improves blurred SSIM over autoOptimize=0 and reports every metric against its target', async () => {
    const img = await image('landscape_dune.jpg');
    const off = render(img, { autoOptimize: 0 });
    const on = render(img, {});
    expect(metric(on, 'blurredSsim')).toBeGreaterThan(metric(off, 'blurredSsim'));
    for (const m of evidence(on).metrics) {
      expect(m.met).toBe(m.higherIsBetter ? m.value >= m.target : m.value <= m.target);
    }
  });
});

describe('Auto Director evidence', () => {
  const flatGray = { width: 64, height: 48, data: new Uint8Array(64 * 48 * 4).fill(128) };

  it('a flat grey image is best_effort and names the failing metric', () => {
    const d = evidence(renderImage(flatGray, resolveParams({ columns: 40 }, 'json')));
    expect(d.status).toBe('best_effort');
    const failing = d.metrics.filter((m) => !m.met).map((m) => m.name);
    expect(failing).toEqual(['tonalCoverage']);
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
    '%s holds its budget of 9 candidate renders plus the final one',
    async (qualityTarget) => {
      const d = evidence(render(await image('landscape_street.jpg'), { qualityTarget }));
      expect(d.candidates).toBeGreaterThan(1);
      expect(d.candidates).toBeLessThanOrEqual(10);
    },
  );

  it('motion holds its budget: 5 candidates of a 4-frame stream plus the final stream', async () => {
    const d = evidence(render(await image('landscape_street.jpg'), { qualityTarget: 'motion' }));
    expect(d.candidates).toBeLessThanOrEqual(6 * 5);
  });

  it('never changes columns, format, charset, color or invert, and blends by autoOptimize', async () => {
    const img = await image('landscape_street.jpg');
    const params = { charset: 'standard', format: 'json', color: true, invert: true, columns: 96 } as const;
    for (const autoOptimize of [0.3, 1]) {
      const g = render(img, { ...params, autoOptimize });
      const changed = evidence(g).changes.map((c) => c.param);
      for (const frozen of Object.keys(params)) expect(changed).not.toContain(frozen);
      expect(g.columns).toBe(96);
      expect(g.charset).toBe('standard');
      const contrast = evidence(g).changes.find((c) => c.param === 'contrast');
      // the caller's 1.15 moves towards the tuned 1.0 by autoOptimize
      if (contrast) expect(contrast.to).toBeCloseTo(1.15 + autoOptimize * (1 - 1.15), 4);
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
    const ssim = (g: CellGrid) => metric(g, 'blurredSsim');
    const inverted = renderImage(picture(false), resolveParams({ columns: 48, invert: true, autoOptimize: 0 }, 'json'));
    const negated = renderImage(picture(true), resolveParams({ columns: 48, autoOptimize: 0 }, 'json'));
    expect(ssim(negated)).toBeGreaterThan(0.9);
    expect(ssim(inverted)).toBeGreaterThan(0.9);
    expect(Math.abs(ssim(inverted) - ssim(negated))).toBeLessThan(0.03);
  });

  it('keeps every tunable parameter set away from its default exactly, and tunes only the rest', async () => {
    const img = await image('bright_smarties.png');
    const defaults = render(img, {});
    const tunedByDefault = evidence(defaults).changes.map((c) => c.param);
    expect(tunedByDefault).toContain('contrast'); // what is pinned below is what it would move
    for (const chosen of [
      { brightness: 20, gamma: 1.2, sharpen: 0.8 },
      { brightness: 100, contrast: 1.4, gamma: 1.37, dither: true, autoLevels: 0.2 },
    ]) {
      for (const autoOptimize of [0.5, 0.9, 1]) {
        const g = render(img, { ...chosen, autoOptimize });
        const changed = evidence(g).changes.map((c) => c.param);
        for (const param of Object.keys(chosen)) expect(changed, `${param} at ${autoOptimize}`).not.toContain(param);
        // left at its default, contrast is still the director's
        if (!('contrast' in chosen)) expect(changed, `at ${autoOptimize}`).toContain('contrast');
      }
    }
    // a value equal to the default is the director's to tune, however it was given
    const atDefault = render(img, { contrast: 1.15 });
    expect(evidence(atDefault).changes).toEqual(evidence(defaults).changes);
  });

  it('with autoOptimize 0 it changes nothing and still measures the rubric', async () => {
    const d = evidence(render(await image('portrait_baboon.jpg'), { autoOptimize: 0 }));
    expect(d.changes).toEqual([]);
    expect(d.candidates).toBe(1);
    expect(d.metrics.map((m) => m.name)).toEqual(['blurredSsim', 'tonalCoverage']);
  });
});

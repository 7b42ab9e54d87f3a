import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { glyphTable } from '../../../engine/glyphs/table.js';
import { resolveParams } from '../../../engine/index.js';
import { decodeImage } from '../../../engine/node/decode.js';
import { renderImage } from '../../../engine/render.js';

const CORPUS = path.resolve(import.meta.dirname, '../../fixtures/corpus/dev');

/** A hazy photo: the dune squeezed into sRGB 150..226 (30 % contrast, lifted). */
async function hazy(): Promise<Awaited<ReturnType<typeof decodeImage>>> {
  const src = fs.readFileSync(path.join(CORPUS, 'landscape_dune.jpg'));
  return decodeImage(await sharp(src).resize(640).linear(0.3, 150).png().toBuffer());
}

/** Pearson correlation of the art's cell ink with the source's mean cell luma. */
function cellCorrelation(
  img: { width: number; height: number; data: ArrayLike<number> },
  glyphs: Uint8Array,
  coverage: (g: number) => number,
  columns: number,
  rows: number,
): number {
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const x0 = Math.floor((c * img.width) / columns);
      const x1 = Math.floor(((c + 1) * img.width) / columns);
      const y0 = Math.floor((r * img.height) / rows);
      const y1 = Math.floor(((r + 1) * img.height) / rows);
      let s = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++)
          s +=
            0.2126 * img.data[(y * img.width + x) * 4] +
            0.7152 * img.data[(y * img.width + x) * 4 + 1] +
            0.0722 * img.data[(y * img.width + x) * 4 + 2];
      a.push(s / ((x1 - x0) * (y1 - y0)));
      b.push(coverage(glyphs[r * columns + c]));
    }
  const mean = (v: number[]) => v.reduce((x, y) => x + y, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < a.length; i++) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) ** 2;
    sbb += (b[i] - mb) ** 2;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : 0;
}

describe('Auto Director keeps the picture', () => {
  it.each(['balanced', 'low-light'] as const)(
    'a hazy photo in blocks keeps following the source (%s)',
    async (qualityTarget) => {
      const img = await hazy();
      const corr = (autoOptimize: number) => {
        const g = renderImage(
          img,
          resolveParams({ columns: 80, charset: 'blocks', qualityTarget, autoOptimize }, 'json'),
          { rows: 30 },
        );
        const ink = glyphTable(g.charset).coverage;
        return cellCorrelation(img, g.glyphs, (i) => ink[i], g.columns, g.rows);
      };
      expect(corr(0)).toBeGreaterThan(0.7); // the caller's render shows the dune
      expect(corr(0.9)).toBeGreaterThanOrEqual(0.5);
    },
  );
});

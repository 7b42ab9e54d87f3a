#!/usr/bin/env node
// Experiment (issue 35), the second try: every cell fitted at the 8 x 16 pixels a terminal with
// DejaVu Sans Mono at 8 x 16 draws it in, with the glyphs' own coverage measured from the font
// (block elements; LINES=1 adds the light box drawing lines), two colours per cell: the coverage-weighted
// means of the pixels each glyph inks and leaves; the glyph with the least squared error wins.
//   node bench/experiments/fine-blocks-8x16.mjs IMAGE COLUMNS ROWS  > art.ansi
import sharp from 'sharp';

const [input, columnsArg, rowsArg] = process.argv.slice(2);
const columns = Number(columnsArg);
const rows = Number(rowsArg);
const CW = 8;
const CH = 16;
const SS = 4;
const FONT_PX = CW / (1233 / 2048);
const ASCENT = (1901 / 2048) * FONT_PX;
const DESCENT = (483 / 2048) * FONT_PX;
const BASELINE = (CH - (ASCENT + DESCENT)) / 2 + ASCENT;
// LINES=1 adds the light box-drawing lines to the block elements
const GLYPHS = [...' ▀▁▂▃▄▅▆▇▉▊▋▌▍▎▏▐▔▕▖▗▘▙▚▛▜▝▞▟', ...(process.env.LINES === '1' ? [...'─│┌┐└┘├┤┬┴┼'] : [])];

/** Each glyph's coverage of its 8 x 16 cell (0..1), drawn as the panel's terminal draws it. */
async function measure(glyphs) {
  const cw = CW * SS;
  const chh = CH * SS;
  const W = 2 * cw * glyphs.length;
  const texts = glyphs
    .map((c, i) =>
      c === ' '
        ? ''
        : `<text x="${2 * i * cw}" y="${BASELINE * SS}" font-family="DejaVu Sans Mono" font-size="${FONT_PX * SS}" fill="#fff">${c}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${chh}"><rect width="${W}" height="${chh}" fill="#000"/>${texts}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return glyphs.map((glyph, i) => {
    const mask = new Float64Array(CW * CH);
    for (let y = 0; y < CH; y++)
      for (let x = 0; x < CW; x++) {
        let s = 0;
        for (let dy = 0; dy < SS; dy++)
          for (let dx = 0; dx < SS; dx++) s += data[((y * SS + dy) * W + 2 * i * cw + x * SS + dx) * info.channels];
        mask[y * CW + x] = s / (SS * SS * 255);
      }
    let ink = 0;
    for (const m of mask) ink += m;
    return { glyph, mask, ink };
  });
}

const shapes = await measure(GLYPHS);
const width = columns * CW;
const height = rows * CH;
// SHARPEN=sigma: an unsharp mask on the picture at the cells' pixels before the fit
const sharpen = Number(process.env.SHARPEN ?? 0);
let picture = sharp(input).resize(width, height, { fit: 'fill' }).removeAlpha();
if (sharpen > 0) picture = sharp(await picture.png().toBuffer()).sharpen({ sigma: sharpen });
const { data } = await picture.raw().toBuffer({ resolveWithObject: true });
// LUMA=k: the error weighs the pixels' luma k times more than their colour (0: plain RGB)
const LUMA = Number(process.env.LUMA ?? 0);
const N = CW * CH;
const px = new Float64Array(N * 3);
let out = '';
for (let r = 0; r < rows; r++) {
  let line = '';
  for (let c = 0; c < columns; c++) {
    const mean = [0, 0, 0];
    for (let y = 0; y < CH; y++)
      for (let x = 0; x < CW; x++)
        for (let ch = 0; ch < 3; ch++) {
          const v = data[((r * CH + y) * width + c * CW + x) * 3 + ch];
          px[(y * CW + x) * 3 + ch] = v;
          mean[ch] += v / N;
        }
    let best = null;
    for (const s of shapes) {
      const fg = [0, 0, 0];
      const bg = [0, 0, 0];
      for (let p = 0; p < N; p++) {
        const m = s.mask[p];
        for (let ch = 0; ch < 3; ch++) {
          fg[ch] += m * px[p * 3 + ch];
          bg[ch] += (1 - m) * px[p * 3 + ch];
        }
      }
      for (let ch = 0; ch < 3; ch++) {
        fg[ch] = s.ink > 0.5 ? fg[ch] / s.ink : mean[ch];
        bg[ch] = N - s.ink > 0.5 ? bg[ch] / (N - s.ink) : mean[ch];
      }
      let err = 0;
      for (let p = 0; p < N; p++) {
        const m = s.mask[p];
        let y = 0;
        for (let ch = 0; ch < 3; ch++) {
          const d = m * fg[ch] + (1 - m) * bg[ch] - px[p * 3 + ch];
          err += d * d;
          y += d * (ch === 0 ? 0.299 : ch === 1 ? 0.587 : 0.114);
        }
        err += LUMA * y * y;
      }
      if (!best || err < best.err - 1e-6) best = { s, err, fg, bg };
    }
    const fg = best.fg.map((v) => Math.max(0, Math.min(255, Math.round(v))));
    const bg = best.bg.map((v) => Math.max(0, Math.min(255, Math.round(v))));
    line += `\x1b[38;2;${fg.join(';')};48;2;${bg.join(';')}m${best.s.glyph}`;
  }
  out += `${line}\x1b[0m\n`;
}
process.stdout.write(out);

#!/usr/bin/env node
// Experiment (issue 35, blocks against chafa's symbols): is a finer sub-cell grid the look that
// beats chafa? Not the engine: a throwaway renderer to try the idea in the blind panel before it
// is built as twinned kernels. Each cell is fitted at 4 x 8 points (the engine's blocks use its
// 2 x 4 samples) with two colours, over the block elements those points can draw: halves,
// quadrants, eighths from the bottom, quarters from the left. For each shape the colours are the
// means of the points it covers and leaves; the shape with the least squared error wins.
// MIN_CONTRAST=L draws a shape only where its two colours differ by L levels in some channel.
// GRID=8x8 fits at 8 x 8 points, chafa's own work cell, over eighths both ways (left and bottom,
// the top and right eighth), halves and quadrants.
//   node bench/experiments/fine-blocks.mjs IMAGE COLUMNS ROWS  > art.ansi
import sharp from 'sharp';

const [input, columnsArg, rowsArg] = process.argv.slice(2);
const columns = Number(columnsArg);
const rows = Number(rowsArg);
const EIGHTHS = process.env.GRID === '8x8';
const SX = EIGHTHS ? 8 : 4;
const SY = 8;

/** Block elements as SX x 8 masks (true: the glyph's ink). */
const SHAPES = [
  [' ', () => false],
  ['▀', (_x, y) => y < 4],
  ['▔', (_x, y) => y < 1],
  ...[...'▁▂▃▄▅▆▇'].map((g, k) => [g, (_x, y) => y >= SY - (k + 1)]),
  ...(EIGHTHS
    ? [...[...'▏▎▍▌▋▊▉'].map((g, k) => [g, (x) => x < k + 1]), ['▕', (x) => x >= 7]]
    : [
        ['▎', (x) => x < 1],
        ['▌', (x) => x < 2],
        ['▊', (x) => x < 3],
      ]),
  ['▐', (x) => x >= SX / 2],
  ...[
    ['▘', [1, 0, 0, 0]],
    ['▝', [0, 1, 0, 0]],
    ['▖', [0, 0, 1, 0]],
    ['▗', [0, 0, 0, 1]],
    ['▚', [1, 0, 0, 1]],
    ['▞', [0, 1, 1, 0]],
    ['▙', [1, 0, 1, 1]],
    ['▛', [1, 1, 1, 0]],
    ['▜', [1, 1, 0, 1]],
    ['▟', [0, 1, 1, 1]],
  ].map(([g, q]) => [g, (x, y) => q[(y < 4 ? 0 : 2) + (x < SX / 2 ? 0 : 1)] === 1]),
].map(([glyph, inked]) => {
  const mask = [];
  for (let y = 0; y < SY; y++) for (let x = 0; x < SX; x++) mask.push(inked(x, y) ? 1 : 0);
  return { glyph, mask };
});

const width = columns * SX;
const height = rows * SY;
const { data } = await sharp(input)
  .resize(width, height, { fit: 'fill' })
  .removeAlpha()
  .raw()
  .toBuffer({ resolveWithObject: true });

const points = SX * SY;
const COST = Number(process.env.COST ?? 0);
const MIN_CONTRAST = Number(process.env.MIN_CONTRAST ?? 0);
const px = new Float64Array(points * 3);
let out = '';
for (let r = 0; r < rows; r++) {
  let line = '';
  for (let c = 0; c < columns; c++) {
    const total = [0, 0, 0];
    for (let y = 0; y < SY; y++)
      for (let x = 0; x < SX; x++) {
        const i = ((r * SY + y) * width + c * SX + x) * 3;
        const k = (y * SX + x) * 3;
        for (let ch = 0; ch < 3; ch++) {
          px[k + ch] = data[i + ch];
          total[ch] += data[i + ch];
        }
      }
    let best = null;
    for (const shape of SHAPES) {
      const ink = [0, 0, 0];
      let n = 0;
      for (let p = 0; p < points; p++)
        if (shape.mask[p]) {
          n++;
          for (let ch = 0; ch < 3; ch++) ink[ch] += px[p * 3 + ch];
        }
      // the error is what the two means leave: sum of squares less each part's squared sum over its size
      let gain = 0;
      for (let ch = 0; ch < 3; ch++) {
        const paper = total[ch] - ink[ch];
        gain += (n > 0 ? (ink[ch] * ink[ch]) / n : 0) + (n < points ? (paper * paper) / (points - n) : 0);
      }
      // COST: what a shape must win over a flat cell (squared error over the cell's points and
      // channels) to be drawn, which keeps noise, as on a dark night sky, flat
      if (n > 0 && n < points) gain -= COST;
      // MIN_CONTRAST: a shape is drawn only where its two colours differ by that much in some
      // channel (sRGB8 levels), so a faint gradient (a cloudy sky) stays flat instead of streaked
      if (n > 0 && n < points && MIN_CONTRAST > 0) {
        const visible = [0, 1, 2].some(
          (ch) => Math.abs(ink[ch] / n - (total[ch] - ink[ch]) / (points - n)) >= MIN_CONTRAST,
        );
        if (!visible) continue;
      }
      if (!best || gain > best.gain + 1e-9) best = { shape, gain, ink, n };
    }
    const { shape, ink, n } = best;
    const fg = ink.map((v) => Math.round(n > 0 ? v / n : 0));
    const bg = total.map((v, ch) => Math.round(n < points ? (v - ink[ch]) / (points - n) : 0));
    line += `\x1b[38;2;${fg.join(';')};48;2;${bg.join(';')}m${shape.glyph}`;
  }
  out += `${line}\x1b[0m\n`;
}
process.stdout.write(out);

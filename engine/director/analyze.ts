/**
 * Source analysis on the sample grid (cheap, integer counting): what the Auto Director knows
 * about an image before it tries anything. Tones are 0..4095 (perceptual, before any tone
 * processing); fractions are 0..1.
 */
import { TONE_MAX } from '../fixed.js';
import { interpolate } from '../kernels/luma.js';

export interface SourceAnalysis {
  readonly percentiles: {
    readonly p1: number;
    readonly p5: number;
    readonly p50: number;
    readonly p95: number;
    readonly p99: number;
  };
  readonly mean: number;
  /** (p99 - p1) / 4095. */
  readonly dynamicRange: number;
  /** Robust noise sigma in tone units: 1.4826 x the median |tone - 3x3 mean| over the samples. */
  readonly noise: number;
  /** Fraction of samples whose |gradient| (Sobel, L1) exceeds 10 % of the tone range. */
  readonly edgeDensity: number;
  /** Fractions of samples at or below 1 % / at or above 99 % of the tone range. */
  readonly shadowClip: number;
  readonly highlightClip: number;
  /** Hasler-Suesstrunk colorfulness of the sample colors (sRGB 0..255): 0 grey, ~100 vivid. */
  readonly colorfulness: number;
}

export function analyzeSource(
  tone: Uint16Array,
  lin: Uint16Array,
  width: number,
  height: number,
  linearToSrgb: Uint16Array,
): SourceAnalysis {
  const n = width * height;
  const hist = new Uint32Array(TONE_MAX + 1);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    hist[tone[i]]++;
    sum += tone[i];
  }
  const at = (q: number) => {
    const want = Math.floor(q * (n - 1));
    let cum = 0;
    for (let t = 0; t <= TONE_MAX; t++) {
      cum += hist[t];
      if (cum > want) return t;
    }
    return TONE_MAX;
  };
  const p1 = at(0.01);
  const p99 = at(0.99);
  let shadow = 0;
  let highlight = 0;
  for (let t = 0; t <= 41; t++) shadow += hist[t];
  for (let t = TONE_MAX - 41; t <= TONE_MAX; t++) highlight += hist[t];

  // noise: median absolute deviation from the 3x3 mean; edges: Sobel L1 over 10 % of range
  const dev = new Uint16Array(n);
  let edges = 0;
  const v = (x: number, y: number) =>
    tone[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) s += v(x + dx, y + dy);
      dev[y * width + x] = Math.abs(tone[y * width + x] * 9 - s) / 9;
      const gx =
        v(x + 1, y - 1) + 2 * v(x + 1, y) + v(x + 1, y + 1) - v(x - 1, y - 1) - 2 * v(x - 1, y) - v(x - 1, y + 1);
      const gy =
        v(x - 1, y + 1) + 2 * v(x, y + 1) + v(x + 1, y + 1) - v(x - 1, y - 1) - 2 * v(x, y - 1) - v(x + 1, y - 1);
      if (Math.abs(gx) + Math.abs(gy) > 4 * 0.1 * TONE_MAX) edges++;
    }
  dev.sort();
  const noise = 1.4826 * dev[n >> 1];

  // colorfulness (Hasler & Suesstrunk 2003) on sRGB8 sample colors
  let sRg = 0;
  let sYb = 0;
  let sRg2 = 0;
  let sYb2 = 0;
  for (let i = 0; i < n; i++) {
    const r = interpolate(linearToSrgb, lin[i * 3]);
    const g = interpolate(linearToSrgb, lin[i * 3 + 1]);
    const b = interpolate(linearToSrgb, lin[i * 3 + 2]);
    const rg = r - g;
    const yb = (r + g) / 2 - b;
    sRg += rg;
    sYb += yb;
    sRg2 += rg * rg;
    sYb2 += yb * yb;
  }
  const mRg = sRg / n;
  const mYb = sYb / n;
  const sdRg = Math.sqrt(Math.max(0, sRg2 / n - mRg * mRg));
  const sdYb = Math.sqrt(Math.max(0, sYb2 / n - mYb * mYb));
  const colorfulness = Math.hypot(sdRg, sdYb) + 0.3 * Math.hypot(mRg, mYb);

  return {
    percentiles: { p1, p5: at(0.05), p50: at(0.5), p95: at(0.95), p99 },
    mean: sum / n,
    dynamicRange: (p99 - p1) / TONE_MAX,
    noise,
    edgeDensity: edges / n,
    shadowClip: shadow / n,
    highlightClip: highlight / n,
    colorfulness,
  };
}

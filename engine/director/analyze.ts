/**
 * Source analysis on the sample grid (cheap, integer counting): what the Auto Director knows
 * about an image before it tries anything. Tones are 0..4095 (perceptual, before any tone
 * processing); fractions are 0..1.
 */
import { TONE_MAX } from '../fixed.js';
import { expanded } from '../kernels/luma.js';

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
  /** Fraction of samples in the top tenth of the image's own tonal range (p1..p99): a bright backdrop, paper. */
  readonly brightShare: number;
}

/** Histograms reused from call to call (a batch or a stream analyses many frames). */
const scratch = { hist: new Uint32Array(TONE_MAX + 1), devHist: new Uint32Array(TONE_MAX + 1) };

// Each pass over the samples is a function of its own: V8 optimizes a long loop while it runs
// (on-stack replacement), and code after that loop, not yet run, would have no type feedback;
// one function of several loops was thrown back to the interpreter at each of them, photo
// after photo of a batch.

export function analyzeSource(
  tone: Uint16Array,
  lin: Uint16Array,
  width: number,
  height: number,
  linearToSrgb: Uint16Array,
): SourceAnalysis {
  const n = width * height;
  const hist = scratch.hist.fill(0);
  const sum = toneHistogram(tone, n, hist);
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

  const devHist = scratch.devHist.fill(0);
  const edges = neighbourhoods(tone, width, height, devHist);
  // the median deviation, counted: deviations are whole tones (0..4095)
  let median = 0;
  for (let below = devHist[0]; below <= n >> 1; below += devHist[++median]);
  const noise = 1.4826 * median;

  let bright = 0;
  for (let t = Math.max(0, Math.ceil(p99 - 0.1 * (p99 - p1))); t <= TONE_MAX; t++) bright += hist[t];

  return {
    percentiles: { p1, p5: at(0.05), p50: at(0.5), p95: at(0.95), p99 },
    mean: sum / n,
    dynamicRange: (p99 - p1) / TONE_MAX,
    noise,
    edgeDensity: edges / n,
    shadowClip: shadow / n,
    highlightClip: highlight / n,
    colorfulness: colorfulness(lin, n, expanded(linearToSrgb)),
    brightShare: p99 > p1 ? bright / n : 0,
  };
}

/** Counts the tones into `hist`; returns their sum. */
function toneHistogram(tone: Uint16Array, n: number, hist: Uint32Array): number {
  let sum = 0;
  for (let i = 0; i < n; i++) {
    hist[tone[i]]++;
    sum += tone[i];
  }
  return sum;
}

/**
 * Noise and edges from each sample's 3 x 3 neighbourhood (the neighbours of border samples
 * replicated): counts into `devHist` the absolute deviation from the 3 x 3 mean, as whole tones
 * (0..4095), and returns how many samples have a Sobel L1 gradient over 10 % of the range.
 */
function neighbourhoods(tone: Uint16Array, width: number, height: number, devHist: Uint32Array): number {
  let edges = 0;
  const threshold = 4 * 0.1 * TONE_MAX;
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * width;
    const row = y * width;
    const down = Math.min(height - 1, y + 1) * width;
    // the 3 x 3 window slides along the row: each step reads only its new right-hand column
    let nw = tone[up];
    let north = nw;
    let west = tone[row];
    let centre = west;
    let sw = tone[down];
    let south = sw;
    for (let x = 0; x < width; x++) {
      const right = x < width - 1 ? x + 1 : x;
      const ne = tone[up + right];
      const east = tone[row + right];
      const se = tone[down + right];
      // |9c - sum| / 9, truncated: the product's top bits are floor(d / 9) for every d up to
      // 32767 (the test checks them all), and d <= 8 x 4095 = 32760
      devHist[(Math.abs(centre * 9 - (nw + north + ne + west + centre + east + sw + south + se)) * 7282) >>> 16]++;
      const gx = ne + 2 * east + se - nw - 2 * west - sw;
      const gy = sw + 2 * south + se - nw - 2 * north - ne;
      if (Math.abs(gx) + Math.abs(gy) > threshold) edges++;
      nw = north;
      north = ne;
      west = centre;
      centre = east;
      sw = south;
      south = se;
    }
  }
  return edges;
}

/** Hasler & Suesstrunk (2003) colorfulness of the samples' sRGB8 colors (`srgb`: linear u16 to sRGB8). */
function colorfulness(lin: Uint16Array, n: number, srgb: Uint16Array): number {
  let sRg = 0;
  let sYb = 0;
  let sRg2 = 0;
  let sYb2 = 0;
  for (let i = 0, p = 0; i < n; i++, p += 3) {
    const r = srgb[lin[p]];
    const g = srgb[lin[p + 1]];
    const b = srgb[lin[p + 2]];
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
  return Math.hypot(sdRg, sdYb) + 0.3 * Math.hypot(mRg, mYb);
}

/**
 * Rubric metrics of one render, measured against the source (the Auto Director's evidence).
 *
 * Everything is compared in perceptual tone (0..4095): the output is decoded back from the
 * glyphs through the same measured glyph table the engine matches with (ink / densest x
 * 4095), so a white source and the densest glyph both read 4095. Inverted art (dark glyphs
 * on a light page) decodes the other way round: a blank cell reads 4095, the densest 0.
 */
import { INK_ONE, SAMPLES_PER_CELL, SAMPLES_X, SAMPLES_Y, TONE_MAX } from '../fixed.js';
import type { GlyphTable } from '../glyphs/table.js';
import type { CellGrid } from '../grid.js';

/** One render seen by the metrics: source and decoded output at sample and cell level. */
export interface RenderView {
  readonly width: number;
  readonly height: number;
  readonly columns: number;
  readonly rows: number;
  /** Source tone per sample, and the decoded output tone per sample (glyph ink per sample). */
  readonly sourceSamples: Uint16Array;
  readonly outputSamples: Float32Array;
  /** Source cell mean tone, and the decoded output cell tone (glyph coverage). */
  readonly sourceCells: Float32Array;
  readonly outputCells: Float32Array;
  /**
   * The display's full white in tone units: 4095 is the densest glyph's ink, which is only a
   * fraction of a fully lit pixel (ASCII '@' ~27 %), so white = 4095 x 4096 / densest ink.
   */
  readonly displayWhite: number;
}

export function renderView(grid: CellGrid, table: GlyphTable, sourceTone: Uint16Array, invert = false): RenderView {
  const { columns, rows } = grid;
  const width = columns * SAMPLES_X;
  const height = rows * SAMPLES_Y;
  const scale = TONE_MAX / table.densest;
  // tone = base + sign x ink: ink reads as light, or as dark on the light page of inverted art
  const base = invert ? TONE_MAX : 0;
  const sign = invert ? -scale : scale;
  const outputSamples = new Float32Array(width * height);
  const sourceCells = new Float32Array(columns * rows);
  const outputCells = new Float32Array(columns * rows);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const i = r * columns + c;
      const g = grid.glyphs[i];
      let s = 0;
      for (let sy = 0; sy < SAMPLES_Y; sy++)
        for (let sx = 0; sx < SAMPLES_X; sx++) {
          const p = (r * SAMPLES_Y + sy) * width + c * SAMPLES_X + sx;
          outputSamples[p] = base + table.masks[g * SAMPLES_PER_CELL + sy * SAMPLES_X + sx] * sign;
          s += sourceTone[p];
        }
      sourceCells[i] = s / SAMPLES_PER_CELL;
      outputCells[i] = base + table.coverage[g] * sign;
    }
  const displayWhite = (TONE_MAX * INK_ONE) / table.densest;
  return {
    width,
    height,
    columns,
    rows,
    sourceSamples: sourceTone,
    outputSamples,
    sourceCells,
    outputCells,
    displayWhite,
  };
}

/**
 * Separable Gaussian blur (radius 3 sigma, edges replicated), in single precision. The Auto
 * Director blurs every candidate, so the loops are written for speed: a Float32Array input
 * only (one shape for the JIT), the clamped taps only near the edges. The sums are the same,
 * term for term in the same order, as the plain clamped loops.
 */
export function gaussianBlur(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const r = Math.ceil(sigma * 3);
  const taps = 2 * r + 1;
  const k = new Float32Array(taps);
  let ks = 0;
  for (let i = -r; i <= r; i++) ks += k[i + r] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < taps; i++) k[i] /= ks;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      let s = 0;
      if (x >= r && x + r < w) {
        const from = row + x - r;
        for (let i = 0; i < taps; i++) s += src[from + i] * k[i];
      } else {
        for (let i = 0; i < taps; i++) s += src[row + Math.min(w - 1, Math.max(0, x - r + i))] * k[i];
      }
      tmp[row + x] = s;
    }
  }
  for (let y = 0; y < h; y++)
    for (let i = 0; i < taps; i++) {
      const yy = Math.min(h - 1, Math.max(0, y - r + i)) * w;
      const ki = k[i];
      const row = y * w;
      for (let x = 0; x < w; x++) out[row + x] += tmp[yy + x] * ki;
    }
  return out;
}

/** Blur radius: half a cell, sqrt(2 x 4) / 2 samples, like a reader a step back from the screen. */
export const VIEW_BLUR = Math.sqrt(SAMPLES_X * SAMPLES_Y) / 2;
/** SSIM window: 7 x 7 samples (about 3.5 x 2 cells). */
const WINDOW = 7;

/** Box sums over every WINDOW x WINDOW window, from an integral image (row-major windows). */
function windowSums(v: ArrayLike<number>, w: number, h: number, win: number): Float64Array {
  const W = w + 1;
  const I = new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += v[y * w + x];
      I[(y + 1) * W + x + 1] = I[y * W + x + 1] + row;
    }
  }
  const ow = w - win + 1;
  const oh = h - win + 1;
  const out = new Float64Array(Math.max(0, ow * oh));
  for (let y = 0; y < oh; y++)
    for (let x = 0; x < ow; x++)
      out[y * ow + x] = I[(y + win) * W + x + win] - I[y * W + x + win] - I[(y + win) * W + x] + I[y * W + x];
  return out;
}

/** The source side of SSIM, computed once per image: its blur and window sums. */
export interface SsimReference {
  readonly blurred: Float32Array;
  readonly sum: Float64Array;
  readonly sumSq: Float64Array;
}

export function ssimReference(sourceSamples: ArrayLike<number>, w: number, h: number): SsimReference {
  // tones are integers under 2^16: exact in single precision
  const blurred = gaussianBlur(Float32Array.from(sourceSamples), w, h, VIEW_BLUR);
  const win = Math.min(WINDOW, w, h);
  return {
    blurred,
    sum: windowSums(blurred, w, h, win),
    sumSq: windowSums(
      blurred.map((x) => x * x),
      w,
      h,
      win,
    ),
  };
}

/**
 * Blurred SSIM (Wang et al. 2004, uniform 7 x 7 window) of the output against the source, both
 * blurred by half a cell: how well the art reproduces the picture seen from a step back. The
 * stabilizing constants take the display's dynamic range, L = displayWhite (glyph ink can only
 * light part of a cell), as SSIM's luminance-masking model intends.
 */
export function blurredSsim(
  v: RenderView,
  ref: SsimReference = ssimReference(v.sourceSamples, v.width, v.height),
): number {
  const { width: w, height: h } = v;
  const b = gaussianBlur(v.outputSamples, w, h, VIEW_BLUR);
  const a = ref.blurred;
  const win = Math.min(WINDOW, w, h);
  const n = win * win;
  // The integral images of b, b^2 (rounded to float32, as a Float32Array of squares would hold
  // it) and a x b, in one pass; windowSums' arithmetic in the same order, so the same sums.
  const W = w + 1;
  const Ib = new Float64Array(W * (h + 1));
  const Ibb = new Float64Array(W * (h + 1));
  const Iab = new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const above = y * W + 1;
    const here = above + W;
    let sb = 0;
    let sbb = 0;
    let sab = 0;
    for (let x = 0; x < w; x++) {
      const bv = b[row + x];
      sb += bv;
      sbb += Math.fround(bv * bv);
      sab += a[row + x] * bv;
      Ib[here + x] = Ib[above + x] + sb;
      Ibb[here + x] = Ibb[above + x] + sbb;
      Iab[here + x] = Iab[above + x] + sab;
    }
  }
  const c1 = (0.01 * v.displayWhite) ** 2;
  const c2 = (0.03 * v.displayWhite) ** 2;
  const ow = w - win + 1;
  const oh = h - win + 1;
  let total = 0;
  for (let y = 0; y < oh; y++)
    for (let x = 0; x < ow; x++) {
      const i = y * ow + x;
      const top = y * W + x;
      const bottom = top + win * W;
      const ma = ref.sum[i] / n;
      const mb = (Ib[bottom + win] - Ib[top + win] - Ib[bottom] + Ib[top]) / n;
      const va = ref.sumSq[i] / n - ma * ma;
      const vb = (Ibb[bottom + win] - Ibb[top + win] - Ibb[bottom] + Ibb[top]) / n - mb * mb;
      const cov = (Iab[bottom + win] - Iab[top + win] - Iab[bottom] + Iab[top]) / n - ma * mb;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
    }
  return ow * oh > 0 ? total / (ow * oh) : 1;
}

/** The value at `q` (0..1) of values sorted ascending, nearest rank below. */
const atQuantile = (sorted: Float64Array, q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))];

function percentile(values: ArrayLike<number>, q: number): number {
  return atQuantile(Float64Array.from(values).sort(), q);
}

/** Share of the glyph ramp's tonal range the art uses: 2nd to 98th percentile of its cell tones. */
export function tonalCoverage(v: RenderView): number {
  const sorted = Float64Array.from(v.outputCells).sort();
  return (atQuantile(sorted, 0.98) - atQuantile(sorted, 0.02)) / TONE_MAX;
}

/**
 * Pearson correlation of the output's cell tones with the source's: whether the art still
 * follows the picture. A uniform output (or a uniform source) has none: 0.
 */
export function toneCorrelation(v: RenderView): number {
  return pearson(v.sourceCells, v.outputCells) ?? 0;
}

/** Pearson correlation of two series of one length; null when either is flat (no spread). */
function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number | null {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i];
    mb += b[i];
  }
  ma /= n;
  mb /= n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i] - ma;
    const db = b[i] - mb;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : null;
}

/** Round trip: cell tones decoded from the glyph coverage against the source cell tones. */
export function toneRmse(v: RenderView): number {
  let s = 0;
  for (let i = 0; i < v.sourceCells.length; i++) s += (v.outputCells[i] - v.sourceCells[i]) ** 2;
  return Math.sqrt(s / v.sourceCells.length) / TONE_MAX;
}

export function psnr(rmse: number): number {
  return rmse <= 0 ? 99 : Math.min(99, -20 * Math.log10(rmse));
}

function std(values: number[]): number {
  if (values.length < 2) return 0;
  const m = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - m) ** 2, 0) / values.length);
}

/** Detail kept in a tonal band: output std over source std of the cells whose source tone is in it. */
export function bandDetail(v: RenderView, lo: number, hi: number): number {
  const src: number[] = [];
  const out: number[] = [];
  for (let i = 0; i < v.sourceCells.length; i++) {
    const t = v.sourceCells[i] / TONE_MAX;
    if (t >= lo && t < hi) {
      src.push(v.sourceCells[i]);
      out.push(v.outputCells[i]);
    }
  }
  const s = std(src);
  return src.length < 8 || s < 8 ? 1 : std(out) / s;
}

/**
 * Noise amplification in the shadows: among dark cells (source < 25 %) whose 3x3 neighbourhood
 * is flat in the source, the output's cell-to-neighbour differences over the source's.
 * 1 = no more grain than the source; 2 = twice as much.
 */
export function shadowNoise(v: RenderView): number {
  const { columns: C, rows: R } = v;
  let so = 0;
  let ss = 0;
  let n = 0;
  for (let r = 1; r < R - 1; r++)
    for (let c = 1; c < C - 1; c++) {
      const i = r * C + c;
      if (v.sourceCells[i] > 0.25 * TONE_MAX) continue;
      let flat = true;
      let ds = 0;
      let dout = 0;
      for (const j of [i - 1, i + 1, i - C, i + C]) {
        const d = Math.abs(v.sourceCells[j] - v.sourceCells[i]);
        if (d > 0.03 * TONE_MAX) flat = false;
        ds += d;
        dout += Math.abs(v.outputCells[j] - v.outputCells[i]);
      }
      if (!flat) continue;
      ss += ds;
      so += dout;
      n++;
    }
  return n < 8 ? 1 : so / Math.max(ss, 0.01 * TONE_MAX * n);
}

/** Highlights clipped by processing: cells below 95 % in the source decoded at 99 % or more. */
export function highlightClip(v: RenderView): number {
  let bright = 0;
  let clipped = 0;
  for (let i = 0; i < v.sourceCells.length; i++) {
    const s = v.sourceCells[i] / TONE_MAX;
    if (s < 0.7 || s >= 0.95) continue;
    bright++;
    if (v.outputCells[i] >= 0.99 * TONE_MAX) clipped++;
  }
  return bright === 0 ? 0 : clipped / bright;
}

function cellGradient(cells: Float32Array, C: number, R: number, i: number): number {
  const r = Math.floor(i / C);
  const c = i % C;
  const at = (rr: number, cc: number) => cells[Math.min(R - 1, Math.max(0, rr)) * C + Math.min(C - 1, Math.max(0, cc))];
  return Math.abs(at(r, c + 1) - at(r, c - 1)) + Math.abs(at(r + 1, c) - at(r - 1, c));
}

/** Edge fidelity: correlation of cell gradient magnitudes, output vs source, on the strongest 20 % of contours. */
export function edgeFidelity(v: RenderView): number {
  const n = v.sourceCells.length;
  const gs = new Float32Array(n);
  const go = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    gs[i] = cellGradient(v.sourceCells, v.columns, v.rows, i);
    go[i] = cellGradient(v.outputCells, v.columns, v.rows, i);
  }
  const cut = percentile(gs, 0.8);
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < n; i++)
    if (gs[i] >= cut && gs[i] > 0.05 * TONE_MAX) {
      a.push(gs[i]);
      b.push(go[i]);
    }
  if (a.length < 8) return 1;
  // on contours the output should be at least as strong as the source: report the recall-like ratio
  // of mean magnitudes when the spread is too small to correlate
  const mean = (v: number[]) => v.reduce((x, y) => x + y, 0) / v.length;
  return pearson(a, b) ?? Math.min(1, mean(b) / Math.max(1, mean(a)));
}

/**
 * Smooth gradients: over cells where the source changes gently (neighbour steps between 0.5 %
 * and 4 % of the range), the mean |output step - source step| as a fraction of the range.
 */
export function gradientError(v: RenderView): number {
  const { columns: C, rows: R } = v;
  let err = 0;
  let n = 0;
  for (let r = 0; r < R; r++)
    for (let c = 0; c + 1 < C; c++) {
      const i = r * C + c;
      for (const j of r + 1 < R ? [i + 1, i + C] : [i + 1]) {
        const ds = v.sourceCells[j] - v.sourceCells[i];
        if (Math.abs(ds) < 0.005 * TONE_MAX || Math.abs(ds) > 0.04 * TONE_MAX) continue;
        err += Math.abs(v.outputCells[j] - v.outputCells[i] - ds);
        n++;
      }
    }
  return n < 8 ? 0 : err / n / TONE_MAX;
}

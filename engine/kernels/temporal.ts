import { SAMPLES_PER_CELL } from '../fixed.js';
import { CELL_MEAN, CELL_STRIDE, CELL_SWITCH } from './cells.js';

/**
 * temporal: per-sample Bayesian (scalar Kalman) filter on ink targets, for streams (DESIGN 3).
 *
 * State per sample, kept between frames: m = ink x 16 (Q4, <= 2^16), p = variance in ink^2.
 * Constants from the plan: r = observation noise variance, q = static process variance,
 * qMotion = extra process variance at full motion, cap = 16 r (p never exceeds it),
 * sensitivity = motionSensitivity in Q12, switchScale = the glyph-switching cost per r.
 * With densest ink < 2^12, r <= (2^12 / 40)^2 < 2^14, so p' <= cap + q + qMotion < 2^19.
 *
 *   d  = z * 16 - m                      innovation (Q4), |d| < 2^17
 *   s  = (d >> 4)^2                      < 2^26
 *   v  = p + r                        <= cap + r = 17 r
 *   start = (((4096 - sensitivity) * 640) + 6144) / 12288
 *        where motion starts, in v / 16: 64 (2 sigma) at the default 0.7, 0 at 1, 213 at 0
 *   lo = (v * start) >> 4             4v at 0.7; 0 at 1: every change is motion, frames pass
 *                                     through (no smoothing, no switching cost); 13.3v at 0
 *   w  = motion evidence, Q12: 0 when s <= lo, 4096 when s >= 4 lo, else
 *        (((s - lo) * 256) / (3 lo)) << 4   ((s - lo) * 256 < 3 lo * 256 <= 17 r * 213 * 48 < 2^31)
 *        raised to the cell's evidence wc: the same ramp on the cell's mean innovation
 *        dc = (sum d) >> 7 (ink), sc = dc^2 < 2^26, vc = (sum p >> 3) + r, whose noise variance
 *        is vc / 8: the same ramp of 8 sc against vc (vc <= 17 r, the same bound). A real change
 *        moves all of a cell's samples; noise averages down over eight.
 *   p' = p + q + ((w * qMotion) >> 12)
 *   k  = (p' * 4096) / (p' + r)          Kalman gain, Q12 (p' * 4096 < 2^31)
 *   kf = k + (((4096 - k) * ((w * sensitivity) >> 12)) >> 12)
 *        the final posterior update: motion, scaled by motionSensitivity, pulls the gain to 1
 *   m  = m + ((kf * d) >> 12)            (|kf * d| < 2^29)
 *   p  = min(cap, ((4096 - k) * p') >> 12)
 *        the Kalman posterior: the motion pull moves the mean but is no information, so the
 *        variance stays open and what is left of a step is taken up in the next frames
 *   z' = (m + 8) >> 4                    the filtered target
 *
 * A cell's switching cost (the discount its previous glyph gets in matching) is
 * (switchScale * r * (4096 - wmax)) >> 12, wmax the largest w of its samples: static cells
 * keep their glyph unless another is clearly better; moving cells switch freely.
 * `fresh` (first frame or after reset) sets m = z * 16, p = cap / 4 and no switching cost.
 */
export interface TemporalConstants {
  readonly r: number;
  readonly q: number;
  readonly qMotion: number;
  readonly cap: number;
  readonly sensitivity: number;
  readonly switchScale: number;
}

/** The switching cost below which a cell counts as moving (wmax above half): what the codebook's cut test reads. */
export function movingSwitchCost(c: TemporalConstants): number {
  return (c.switchScale * c.r) >> 1;
}

/** Where motion starts, in v / 16, for motionSensitivity `sensitivity` (Q12): 64 (2 sigma) at 0.7, 0 at 1. */
export function motionStart(sensitivity: number): number {
  return Math.floor(((4096 - sensitivity) * 640 + 6144) / 12288);
}

/** Motion evidence (Q12) of a squared innovation s against the variance v: the ramp from lo to 4 lo. */
function evidence(s: number, v: number, start: number): number {
  const lo = (v * start) >> 4;
  if (s >= 4 * lo) return 4096;
  if (s > lo) return Math.floor(((s - lo) * 256) / (3 * lo)) << 4;
  return 0;
}

export function temporal(
  cellData: Int32Array,
  cellCount: number,
  c: TemporalConstants,
  fresh: boolean,
  stateM: Int32Array,
  stateP: Int32Array,
): void {
  const start = motionStart(c.sensitivity);
  for (let i = 0; i < cellCount; i++) {
    const base = i * CELL_STRIDE;
    const first = i * SAMPLES_PER_CELL;
    if (fresh) {
      let sum = 0;
      for (let j = 0; j < SAMPLES_PER_CELL; j++) {
        const z = cellData[base + j];
        stateM[first + j] = z * 16;
        stateP[first + j] = c.cap >> 2;
        sum += z;
      }
      cellData[base + CELL_MEAN] = (sum + 4) >> 3;
      cellData[base + CELL_SWITCH] = 0;
      continue;
    }
    let sumD = 0;
    let sumP = 0;
    for (let j = 0; j < SAMPLES_PER_CELL; j++) {
      sumD += cellData[base + j] * 16 - stateM[first + j];
      sumP += stateP[first + j];
    }
    const dc = sumD >> 7;
    const wc = evidence(8 * dc * dc, (sumP >> 3) + c.r, start);
    let sum = 0;
    let wmax = 0;
    for (let j = 0; j < SAMPLES_PER_CELL; j++) {
      const k = first + j;
      const m = stateM[k];
      const p = stateP[k];
      const d = cellData[base + j] * 16 - m;
      const di = d >> 4;
      const w = Math.max(wc, evidence(di * di, p + c.r, start));
      if (w > wmax) wmax = w;
      const pp = p + c.q + ((w * c.qMotion) >> 12);
      const kg = Math.floor((pp * 4096) / (pp + c.r));
      const kf = kg + (((4096 - kg) * ((w * c.sensitivity) >> 12)) >> 12);
      const nm = m + ((kf * d) >> 12);
      stateM[k] = nm;
      stateP[k] = Math.min(c.cap, ((4096 - kg) * pp) >> 12);
      const zf = (nm + 8) >> 4;
      cellData[base + j] = zf;
      sum += zf;
    }
    cellData[base + CELL_MEAN] = (sum + 4) >> 3;
    cellData[base + CELL_SWITCH] = (c.switchScale * c.r * (4096 - wmax)) >> 12;
  }
}

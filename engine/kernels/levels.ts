import { TONE_MAX } from '../fixed.js';
import { HISTOGRAM_BINS } from './histogram.js';

/** Largest auto-levels stretch: 8x, so a nearly flat image is not blown up into noise. */
export const MAX_LEVELS_GAIN = 8 * 65536;
/** The tones a capped stretch spreads over the output: 4096 * 65536 / MAX_LEVELS_GAIN. */
export const CAPPED_SPAN = 512;
/** Percentiles are given in 1/10000 of the samples. */
export const PERCENTILE_SCALE = 10000;

/**
 * levels: percentile auto-levels from a 256-bin tone histogram -> [low, gain].
 *
 * low/high = the tone at the `lowPer10k` / `highPer10k` percentiles (bin start / bin end),
 * blended towards the identity by `blend` (Q8): low' = low * blend, high' = 4095 - (4095 -
 * high) * blend. gain (Q16) = 4095 * 65536 / (high' - low') <= 2^28; identity (low 0, gain
 * 65536) when high' <= low'. A gain over MAX_LEVELS_GAIN (a nearly flat image) is capped, and
 * the capped stretch pivots on the data's middle, mid = (low + high) >> 1, which it leaves in
 * place: low' = mid - mid * 65536 / MAX_LEVELS_GAIN, as far as the window stays on the output:
 * low' = min(lo, max(that, hi - CAPPED_SPAN)), CAPPED_SPAN = 4096 * 65536 / MAX_LEVELS_GAIN
 * (the tones the capped gain spreads over the output). Anchored at low' alone, it darkened a
 * flat image (white came out at 84 % of white); at the middle alone, it clipped up to 44 % of a
 * window just under the cap (tones 0..511 at autoLevels 1), where one bin more was stretched
 * whole. Percentile counts are computed as
 * (total / 10000) * p + (total % 10000) * p / 10000 so nothing exceeds 2^32.
 * out: Int32Array [low', gain]. A single invocation on the GPU.
 */
export function levels(
  hist: Uint32Array,
  total: number,
  lowPer10k: number,
  highPer10k: number,
  blend: number,
  out: Int32Array,
): void {
  const quantile = (p: number) =>
    Math.floor(total / PERCENTILE_SCALE) * p + Math.floor(((total % PERCENTILE_SCALE) * p) / PERCENTILE_SCALE);
  const lowCount = quantile(lowPer10k);
  const highCount = quantile(highPer10k);
  let low = 0;
  let high = TONE_MAX;
  let cum = 0;
  let foundLow = false;
  for (let b = 0; b < HISTOGRAM_BINS; b++) {
    cum += hist[b];
    if (!foundLow && cum > lowCount) {
      low = b * 16;
      foundLow = true;
    }
    if (cum > highCount) {
      high = b * 16 + 15;
      break;
    }
  }
  const lo = (low * blend + 128) >> 8;
  const hi = TONE_MAX - (((TONE_MAX - high) * blend + 128) >> 8);
  if (hi <= lo) {
    out[0] = 0;
    out[1] = 65536;
    return;
  }
  const gain = Math.floor((TONE_MAX * 65536) / (hi - lo));
  if (gain <= MAX_LEVELS_GAIN) {
    out[0] = lo;
    out[1] = gain;
    return;
  }
  const mid = (low + high) >> 1;
  const pivot = mid - Math.floor((mid * 65536) / MAX_LEVELS_GAIN);
  // hi - lo < CAPPED_SPAN here, so the bounds meet or leave room between them
  out[0] = Math.min(lo, Math.max(pivot, hi - CAPPED_SPAN));
  out[1] = MAX_LEVELS_GAIN;
}

// levels: percentile auto-levels from a 256-bin tone histogram -> [low, gain].
//
// low/high = the tone at the `lowPer10k` / `highPer10k` percentiles (bin start / bin end),
// blended towards the identity by `blend` (Q8): low' = low * blend, high' = 4095 - (4095 -
// high) * blend. gain (Q16) = 4095 * 65536 / (high' - low') <= 2^28; identity (low 0, gain
// 65536) when high' <= low'. A gain over MAX_LEVELS_GAIN (a nearly flat image) is capped, and
// the capped stretch pivots on the data's middle, mid = (low + high) >> 1, which it leaves in
// place: low' = mid - mid * 65536 / MAX_LEVELS_GAIN, as far as the window stays on the output:
// low' = min(lo, max(that, hi - CAPPED_SPAN)), CAPPED_SPAN = 4096 * 65536 / MAX_LEVELS_GAIN
// (the tones the capped gain spreads over the output). Anchored at low' alone, it darkened a
// flat image (white came out at 84 % of white); at the middle alone, it clipped up to 44 % of a
// window just under the cap (tones 0..511 at autoLevels 1), where one bin more was stretched
// whole. Percentile counts are computed as
// (total / 10000) * p + (total % 10000) * p / 10000 so nothing exceeds 2^32.
// out: Int32Array [low', gain]. A single invocation on the GPU.
//
// GPU: one invocation (the 256-bin walk is serial by nature and tiny); total = Frame.samples,
// percentiles and blend from Frame (levelsLow, levelsHigh, levelsBlend).

@group(1) @binding(0) var<storage, read> hist: array<u32>;
@group(1) @binding(1) var<storage, read_write> levels: array<i32>;

fn quantile(total: u32, p: u32) -> u32 {
  return (total / PERCENTILE_SCALE) * p + ((total % PERCENTILE_SCALE) * p) / PERCENTILE_SCALE;
}

@compute @workgroup_size(1)
fn main() {
  let total = frame.samples;
  let lowCount = quantile(total, frame.levelsLow);
  let highCount = quantile(total, frame.levelsHigh);
  var low = 0u;
  var high = u32(TONE_MAX);
  var cum = 0u;
  var foundLow = false;
  for (var b = 0u; b < HISTOGRAM_BINS; b++) {
    cum += hist[b];
    if (!foundLow && cum > lowCount) {
      low = b * 16u;
      foundLow = true;
    }
    if (cum > highCount) {
      high = b * 16u + 15u;
      break;
    }
  }
  let blend = frame.levelsBlend;
  let lo = (low * blend + 128u) >> 8u;
  let hi = TONE_MAX - (((TONE_MAX - high) * blend + 128u) >> 8u);
  if (hi <= lo) {
    levels[0] = 0;
    levels[1] = 65536;
    return;
  }
  let gain = (TONE_MAX * 65536u) / (hi - lo);
  if (gain <= u32(MAX_LEVELS_GAIN)) {
    levels[0] = i32(lo);
    levels[1] = i32(gain);
    return;
  }
  let mid = (low + high) >> 1u;
  let pivot = mid - (mid * 65536u) / u32(MAX_LEVELS_GAIN);
  // hi - lo < CAPPED_SPAN here, so the bounds meet or leave room between them; max first, as
  // hi - CAPPED_SPAN would wrap below 0 in u32
  levels[0] = i32(min(lo, max(pivot + u32(CAPPED_SPAN), hi) - u32(CAPPED_SPAN)));
  levels[1] = MAX_LEVELS_GAIN;
}

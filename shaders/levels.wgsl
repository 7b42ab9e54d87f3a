// levels: percentile auto-levels from a 256-bin tone histogram -> [low, gain].
//
// low/high = the tone at the `lowPer10k` / `highPer10k` percentiles (bin start / bin end),
// blended towards the identity by `blend` (Q8): low' = low * blend, high' = 4095 - (4095 -
// high) * blend. gain (Q16) = 4095 * 65536 / (high' - low') <= 2^28; identity (low 0, gain
// 65536) when high' <= low'. A gain over MAX_LEVELS_GAIN (a nearly flat image) is capped, and
// the capped stretch pivots on the data's middle, mid = (low + high) >> 1, which it leaves in
// place: low' = mid - mid * 65536 / MAX_LEVELS_GAIN. Anchored at low' instead, it darkened a
// flat image (white came out at 84 % of white). Percentile counts are computed as
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
  levels[0] = i32(mid - (mid * 65536u) / u32(MAX_LEVELS_GAIN));
  levels[1] = MAX_LEVELS_GAIN;
}

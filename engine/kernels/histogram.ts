/**
 * histogram: 256 bins of tone >> 4 over a tone plane.
 *
 * in tone u16 0..4095 (count values); out u32[256] counts (<= count <= 2^24).
 * On the GPU workgroup histograms merge with atomics; counts are exact either way.
 */
/** Bins of the tone histogram: tone >> 4 (4096 tones / 16). */
export const HISTOGRAM_BINS = 256;

export function histogram(tone: Uint16Array, count: number, out: Uint32Array): void {
  out.fill(0);
  for (let i = 0; i < count; i++) out[tone[i] >> 4]++;
}

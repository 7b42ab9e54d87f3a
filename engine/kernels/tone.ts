import { TONE_MAX } from '../fixed.js';

/**
 * tone: auto-levels mapping then the plan's tone curve (contrast, brightness, gamma, invert).
 *
 * in/out tone u16 0..4095; lv = [low, gain Q16]. t = min(4095, (max(0, v - low) * gain) >>> 16)
 * with (v - low) * gain <= 4095 * 2^19 < 2^32 (unsigned); out = toneCurve[t].
 */
export function tone(src: Uint16Array, count: number, lv: Int32Array, toneCurve: Uint16Array, out: Uint16Array): void {
  const low = lv[0];
  const gain = lv[1];
  for (let i = 0; i < count; i++) {
    const d = src[i] - low;
    const t = d <= 0 ? 0 : Math.min(TONE_MAX, Math.floor((d * gain) / 65536));
    out[i] = toneCurve[t];
  }
}

/**
 * The tone curve as two-colour cells read it (luma.ts `pointColor`), tabled once a frame:
 * per tone t, its curved tone T (4095 - T under invert) and the shift (T - t) * 255 / 4095,
 * truncated, that moves a color by what the curve did to its tone.
 */
export function toneTables(toneCurve: Uint16Array, invert: boolean): { curvedOf: Int32Array; shiftOf: Int32Array } {
  const curvedOf = new Int32Array(TONE_MAX + 1);
  const shiftOf = new Int32Array(TONE_MAX + 1);
  for (let t = 0; t <= TONE_MAX; t++) {
    curvedOf[t] = invert ? TONE_MAX - toneCurve[t] : toneCurve[t];
    shiftOf[t] = Math.trunc(((curvedOf[t] - t) * 255) / TONE_MAX);
  }
  return { curvedOf, shiftOf };
}

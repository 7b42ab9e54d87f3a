/**
 * Easing between two parameter sets, for the Auto Director on streams: the studio re-tunes at a
 * low rate and moves from the params on screen to the new tuned ones in a few steps, so a
 * re-tune never makes the picture jump. Numbers move linearly (rounded to 4 decimals, integers
 * to integers, as the director rounds); anything else (charset, strategy, booleans) switches
 * at the halfway step. Pure.
 */
import type { ParamChange, RenderParams } from '../../engine/index.js';

/** Steps from one tune to the next (one step at most every EASE_STEP_MS). */
export const EASE_STEPS = 6;
export const EASE_STEP_MS = 100;

const round4 = (v: number) => Math.round(v * 1e4) / 1e4;

/** `from` moved towards `to` by `t` (0..1); returns `to` itself at t >= 1 and `from` at t <= 0. */
export function easeParams(from: RenderParams, to: RenderParams, t: number): RenderParams {
  if (t >= 1) return to;
  if (t <= 0) return from;
  const out: Record<string, unknown> = { ...to };
  for (const name of Object.keys(to) as (keyof RenderParams)[]) {
    const a = from[name];
    const b = to[name];
    if (typeof a === 'number' && typeof b === 'number') {
      const v = a + t * (b - a);
      out[name] = Number.isInteger(a) && Number.isInteger(b) ? Math.round(v) : round4(v);
    } else out[name] = t >= 0.5 ? b : a;
  }
  return Object.freeze(out) as unknown as RenderParams;
}

/**
 * What to show after the user changed a parameter while a stream is tuned, until the re-tune
 * answers: the user's params, with the director's adjustments (`changes` of the last tune)
 * still applied as they are on screen, except where the user has just changed that parameter.
 */
export function keepAdjustments(
  user: RenderParams,
  onScreen: RenderParams,
  changes: readonly ParamChange[],
): RenderParams {
  const out: Record<string, unknown> = { ...user };
  for (const c of changes) {
    const name = c.param as keyof RenderParams;
    if (user[name] === c.from) out[name] = onScreen[name];
  }
  return Object.freeze(out) as unknown as RenderParams;
}

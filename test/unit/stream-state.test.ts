import { describe, expect, it } from 'vitest';
import { CpuExecutor, StreamState } from '../../engine/cpu/executor.js';
import { resolveParams } from '../../engine/index.js';
import { planFrame } from '../../engine/plan.js';
import { synthetic, withNoise } from '../support/synthetic.js';

describe('StreamState', () => {
  it('starts afresh when the charset changes mid-stream (glyph indexes and ink units are per charset)', () => {
    const image = synthetic(96, 64, 'gradient', 3);
    const cpu = new CpuExecutor();
    const state = new StreamState();
    const render = (charset: 'detailed' | 'blocks', frame: number, s: StreamState) => {
      const params = resolveParams({ columns: 24, charset }, 'json');
      return cpu.render(planFrame(params, image), withNoise(image, 8, frame), s);
    };
    render('detailed', 1, state);
    render('detailed', 2, state);
    const switched = render('blocks', 3, state);
    const fresh = render('blocks', 3, new StreamState());
    expect(state.key).toBe(`24x${fresh.rows}:blocks`);
    expect(switched.glyphs).toEqual(fresh.glyphs);
    expect(switched.colors).toEqual(fresh.colors);
  });
});

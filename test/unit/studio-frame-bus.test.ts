/**
 * The frame bus and the HUD's statistics when a stream's frames stay on the GPU: the frame on
 * screen is read back only when asked for, consumers that need every frame say so, and the
 * glyph-change rate compares only frames read in a row.
 */
import { describe, expect, it } from 'vitest';
import { type CellGrid, renderImage, resolveParams } from '../../engine/index.js';
import { FrameStats } from '../../studio/render/frame-stats.js';
import { FrameBus } from '../../studio/state/frame-bus.js';
import { synthetic } from '../support/synthetic.js';

const params = resolveParams({ columns: 16 }, 'json');
const gridOf = (seed: number): CellGrid => renderImage(synthetic(64, 48, 'noise', seed), params);

describe('FrameBus', () => {
  it('publishes grids to listeners; a frame shown from the GPU is read back only when current() asks', async () => {
    const bus = new FrameBus();
    const heard: CellGrid[] = [];
    bus.subscribe((f) => heard.push(f.grid));
    const first = gridOf(1);
    bus.publish(first, params, true, 0.1);
    expect(await bus.current()).toBe(bus.latest);
    expect(bus.latest?.grid).toBe(first);

    const onScreen = gridOf(2);
    let reads = 0;
    const read = async () => {
      reads++;
      return onScreen;
    };
    bus.shownOnDevice(read, params, 0.2);
    // nothing read, nothing heard, the latest read frame still the latest
    expect(reads).toBe(0);
    expect(heard).toEqual([first]);
    expect(bus.latest?.grid).toBe(first);
    const frame = await bus.current();
    expect(reads).toBe(1);
    expect(frame?.grid).toBe(onScreen);
    expect(frame?.mediaTime).toBe(0.2);
    expect(heard).toEqual([first, onScreen]);
    // read once: asked again, it is the latest
    await bus.current();
    expect(reads).toBe(1);
  });

  it('reads the newer frame when the one asked for was replaced meanwhile', async () => {
    const bus = new FrameBus();
    const newer = gridOf(3);
    bus.shownOnDevice(
      async () => {
        // a later frame arrives while this one is being read, and replaces it on the GPU
        bus.shownOnDevice(async () => newer, params, 2);
        throw new Error('stale');
      },
      params,
      1,
    );
    expect((await bus.current())?.grid).toBe(newer);
  });

  it('says whether a consumer wants every frame, and forgets the frame on screen when cleared', async () => {
    const bus = new FrameBus();
    const recorder = {};
    const handoff = {};
    expect(bus.wantsEveryFrame).toBe(false);
    bus.want(recorder, true);
    bus.want(handoff, true);
    bus.want(recorder, false);
    expect(bus.wantsEveryFrame).toBe(true);
    bus.want(handoff, false);
    expect(bus.wantsEveryFrame).toBe(false);
    bus.shownOnDevice(async () => gridOf(4), params, null);
    bus.clear();
    expect(await bus.current()).toBeNull();
  });
});

describe('FrameStats with frames left on the GPU', () => {
  it('counts every frame for the rate, and the glyph changes only between frames read in a row', () => {
    const stats = new FrameStats();
    const a = gridOf(5);
    const b = gridOf(6);
    let changed = 0;
    for (let i = 0; i < a.glyphs.length; i++) if (a.glyphs[i] !== b.glyphs[i]) changed++;
    expect(changed).toBeGreaterThan(0);
    stats.record(a, 5, 100);
    stats.record(null, 5, 110); // on the GPU: a and the next read frame are not consecutive
    stats.record(b, 5, 120);
    expect(stats.changeRate).toBe(0);
    expect(stats.frames).toBe(3);
    stats.record(a, 5, 130); // b then a, in a row
    expect(stats.changeRate).toBeCloseTo(0.2 * (changed / a.glyphs.length), 10);
    expect(stats.fps(140)).toBe(4);
  });
});

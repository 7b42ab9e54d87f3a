import { describe, expect, it } from 'vitest';
import { resolveParams } from '../../engine/params.js';
import { engineStatus } from '../../studio/components/studio-app/engine-status.js';
import { EASE_STEPS, easeParams, keepAdjustments } from '../../studio/state/ease-params.js';

const ready = { status: 'ready', device: {} as GPUDevice, adapter: 'google swiftshader' } as const;

describe('studio: easing between Auto Director tunes', () => {
  const from = resolveParams({ contrast: 1, gamma: 1, columns: 100, charset: 'standard', dither: false }, 'json');
  const to = resolveParams({ contrast: 1.6, gamma: 1.3, columns: 120, charset: 'blocks', dither: true }, 'json');

  it('moves numbers linearly (integers stay integers) and switches choices at half way', () => {
    const a = easeParams(from, to, 1 / EASE_STEPS);
    expect(a).toMatchObject({ contrast: 1.1, gamma: 1.05, columns: 103, charset: 'standard', dither: false });
    const half = easeParams(from, to, 0.5);
    expect(half).toMatchObject({ contrast: 1.3, gamma: 1.15, columns: 110, charset: 'blocks', dither: true });
    expect(Object.isFrozen(half)).toBe(true);
  });

  it('returns the end points themselves (the renderers keep their plans for an unchanged object)', () => {
    expect(easeParams(from, to, 1)).toBe(to);
    expect(easeParams(from, to, 0)).toBe(from);
  });

  it("keeps the director's adjustments on screen after a change, except the parameter the user changed", () => {
    const user = resolveParams({ contrast: 1, gamma: 1 }, 'json');
    const onScreen = resolveParams({ contrast: 1.4, gamma: 1.2 }, 'json');
    const changes = [
      { param: 'contrast', from: 1, to: 1.5 },
      { param: 'gamma', from: 1, to: 1.25 },
    ];
    const kept = keepAdjustments({ ...user, columns: 90 }, onScreen, changes);
    expect(kept).toMatchObject({ columns: 90, contrast: 1.4, gamma: 1.2 });
    const changedGamma = keepAdjustments({ ...user, gamma: 2 }, onScreen, changes);
    expect(changedGamma).toMatchObject({ contrast: 1.4, gamma: 2 });
  });
});

describe('studio: the engine pill', () => {
  it('names the executor and the drawing path', () => {
    expect(engineStatus('gpu', ready, 'auto').label).toBe('WebGPU · drawn with WebGPU');
    expect(engineStatus('gpu', ready, 'canvas2d').label).toBe('WebGPU · drawn with Canvas 2D');
    expect(engineStatus('cpu-worker', ready, 'auto').label).toBe('CPU (Worker) · drawn with WebGPU');
    expect(engineStatus('gpu', ready, 'auto').detail).toContain('WebGPU compute executor');
    expect(engineStatus('cpu-worker', ready, 'auto', null, 'the WebGPU executor did not start: x').detail).toContain(
      'did not start',
    );
    expect(engineStatus('gpu', ready, 'auto', null, null, 'external').detail).toContain(
      'video frames imported with importExternalTexture (no CPU copy)',
    );
    expect(engineStatus('gpu', ready, 'auto', null, null, 'cpu-copy').detail).toContain('read on the CPU');
  });

  it('says so when WebGPU is missing or the device is lost (reported by the controller or the executor)', () => {
    expect(engineStatus('cpu-worker', { status: 'unavailable', reason: 'no adapter' }, 'auto')).toEqual({
      label: 'CPU (Worker) — WebGPU unavailable',
      detail: 'Drawn with Canvas 2D: no adapter',
      fallback: true,
    });
    expect(engineStatus('cpu-worker', { status: 'lost', reason: 'gone' }, 'auto').label).toBe(
      'CPU (Worker) — WebGPU device lost',
    );
    const lostFirst = engineStatus('cpu-worker', ready, 'auto', 'the WebGPU device was lost (reset)');
    expect(lostFirst).toMatchObject({ label: 'CPU (Worker) — WebGPU device lost', fallback: true });
  });
});

import { describe, expect, it } from 'vitest';
import type { DirectorEvidence } from '../../engine/grid.js';
import { resolveParams } from '../../engine/index.js';
import { clauses, engineStatus } from '../../studio/components/studio-app/engine-status.js';
import { EASE_STEP_MS, EASE_STEPS, easeParams, keepAdjustments } from '../../studio/state/ease-params.js';
import { cpuWorkerReason, stageDraw } from '../../studio/state/engine-choice.js';
import { RETUNE_MS, TuneSchedule } from '../../studio/state/tune-schedule.js';

const ready = { status: 'ready', device: {} as GPUDevice, adapter: 'nvidia ampere', fallbackAdapter: false } as const;
const software = {
  status: 'ready',
  device: {} as GPUDevice,
  adapter: 'google swiftshader',
  fallbackAdapter: true,
} as const;

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
  it('shows its reason a clause a line: split at the semicolons outside brackets', () => {
    expect(clauses('Rendered by X (a; b); drawn with Y; adapter: Z')).toEqual([
      'Rendered by X (a; b)',
      'drawn with Y',
      'adapter: Z',
    ]);
    expect(clauses('one clause')).toEqual(['one clause']);
    expect(clauses('')).toEqual([]);
  });

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
    const failed = engineStatus('gpu', ready, 'webgpu', null, null, null, 'no swap chain');
    expect(failed).toMatchObject({ label: 'WebGPU · drawn with Canvas 2D', fallback: true });
    expect(failed.detail).toContain('drawing with WebGPU failed (no swap chain), so Canvas 2D draws');
  });

  it('auto renders with the CPU Worker and draws with Canvas 2D on a software fallback adapter only', () => {
    expect(cpuWorkerReason('auto', ready)).toBeNull();
    expect(stageDraw('auto', ready)).toBe('auto');
    expect(cpuWorkerReason('auto', software)).toContain('software fallback');
    expect(stageDraw('auto', software)).toBe('canvas2d');
    // the link forces either way
    expect(cpuWorkerReason('webgpu', software)).toBeNull();
    expect(stageDraw('webgpu', software)).toBe('webgpu');
    expect(cpuWorkerReason('cpu', ready)).toBe('chosen by the link (executor=cpu)');
    expect(stageDraw('canvas2d', ready)).toBe('canvas2d');
    // before a device is ready there is nothing to choose against
    expect(cpuWorkerReason('auto', { status: 'pending' })).toBeNull();
    const status = engineStatus('cpu-worker', software, 'auto', null, cpuWorkerReason('auto', software));
    expect(status.label).toBe('CPU (Worker) · drawn with Canvas 2D');
    expect(status.detail).toContain(
      'Rendered by the CPU engine in a Worker (the WebGPU adapter is a software fallback',
    );
    expect(status.detail).toContain(
      'the adapter is a software fallback (add draw=webgpu to the link to draw with WebGPU)',
    );
    expect(engineStatus('gpu', software, 'canvas2d').detail).toContain('Canvas 2D chosen by the link (draw=canvas2d)');
  });

  it('says so when WebGPU is missing or the device is lost (reported by the controller or the executor)', () => {
    const unavailable = { status: 'unavailable', reason: 'this browser has no WebGPU' } as const;
    expect(engineStatus('cpu-worker', unavailable, 'auto')).toEqual({
      label: 'CPU (Worker) — WebGPU unavailable',
      detail:
        'This browser has no WebGPU; rendered by the CPU engine in a Worker, whatever the link asks; drawn with Canvas 2D',
      fallback: true,
    });
    // the executor's note (advice for a working GPU) is no longer said once the device is gone
    const note = cpuWorkerReason('auto', software);
    expect(engineStatus('cpu-worker', { status: 'lost', reason: 'gone' }, 'auto', null, note)).toEqual({
      label: 'CPU (Worker) — WebGPU device lost',
      detail:
        'The WebGPU device was lost (gone); rendered by the CPU engine in a Worker from now on (reload the page to try WebGPU again), whatever the link asks; drawn with Canvas 2D',
      fallback: true,
    });
    const lostFirst = engineStatus('cpu-worker', ready, 'auto', 'the WebGPU device was lost (reset)');
    expect(lostFirst).toMatchObject({ label: 'CPU (Worker) — WebGPU device lost', fallback: true });
  });
});

describe('studio: when a stream is tuned, and with which params each frame renders', () => {
  const user = resolveParams({ contrast: 1, gamma: 1 }, 'json');
  const tunedParams = resolveParams({ contrast: 1.6, gamma: 1.3 }, 'json');
  const evidence = {
    status: 'target_met',
    changes: [
      { param: 'contrast', from: 1, to: 1.6 },
      { param: 'gamma', from: 1, to: 1.3 },
    ],
  } as unknown as DirectorEvidence;

  it('tunes the first frame at once, then every RETUNE_MS, never two at a time', () => {
    const s = new TuneSchedule(user);
    s.start(user);
    const job = s.begin(1000);
    expect(job?.params).toBe(user);
    expect(s.begin(1001)).toBeNull(); // one at a time
    s.finish(job?.token as number, { params: tunedParams, evidence });
    expect(s.begin(1000 + RETUNE_MS - 1)).toBeNull();
    expect(s.begin(1000 + RETUNE_MS)).not.toBeNull();
    expect(s.tunes).toBe(1);
    expect(s.evidence).toBe(evidence);
  });

  it('eases to the result in EASE_STEPS steps at most EASE_STEP_MS apart, one object per step', () => {
    const s = new TuneSchedule(user);
    s.start(user);
    expect(s.frameParams(0)).toBe(user); // nothing tuned yet
    const job = s.begin(0);
    s.finish(job?.token as number, { params: tunedParams, evidence });
    const seen: number[] = [];
    let t = 10;
    let last = s.frameParams(t);
    seen.push(last.contrast);
    expect(s.frameParams(t + 1)).toBe(last); // same object within a step
    for (let i = 1; i < EASE_STEPS; i++) {
      t += EASE_STEP_MS;
      last = s.frameParams(t);
      seen.push(last.contrast);
    }
    expect(seen).toEqual([1.1, 1.2, 1.3, 1.4, 1.5, 1.6]);
    expect(last).toBe(tunedParams);
    expect(s.frameParams(t + 10 * EASE_STEP_MS)).toBe(tunedParams);
  });

  it('drops a result that answers for params changed meanwhile, and tunes again at once', () => {
    const s = new TuneSchedule(user);
    s.start(user);
    const job = s.begin(0);
    const changed = resolveParams({ contrast: 1, gamma: 1, columns: 90 }, 'json');
    s.setUser(changed);
    s.finish(job?.token as number, { params: tunedParams, evidence });
    expect(s.tunes).toBe(0);
    expect(s.frameParams(50)).toBe(changed);
    expect(s.begin(60)?.params).toBe(changed);
  });

  it('keeps the adjustments on screen after a change until the re-tune answers', () => {
    const s = new TuneSchedule(user);
    s.start(user);
    s.finish((s.begin(0) as { token: number }).token, { params: tunedParams, evidence });
    for (let t = 0; t <= EASE_STEPS * EASE_STEP_MS; t += EASE_STEP_MS) s.frameParams(t);
    s.setUser({ ...user, columns: 90 });
    expect(s.frameParams(10_000)).toMatchObject({ columns: 90, contrast: 1.6, gamma: 1.3 });
    expect(s.begin(10_000)).not.toBeNull();
  });

  it('with autoOptimize = 0 never tunes and renders the user params; a failed tune retries or stops', () => {
    const off = resolveParams({ autoOptimize: 0 }, 'json');
    const s = new TuneSchedule(off);
    s.start(off);
    expect(s.begin(0)).toBeNull();
    expect(s.frameParams(0)).toBe(off);
    s.setUser(user);
    s.begin(0);
    s.fail(true); // no frame yet: next frame
    expect(s.begin(1)).not.toBeNull();
    s.fail(false); // the worker failed: no more tuning on this stream
    expect(s.begin(10 * RETUNE_MS)).toBeNull();
    s.start(user);
    expect(s.begin(0)).not.toBeNull();
  });
});

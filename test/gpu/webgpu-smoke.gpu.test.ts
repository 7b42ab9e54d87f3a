import { describe, expect, it } from 'vitest';
import { nodeGpuDevice } from '../support/node-gpu.js';
import { runSmoke, smokeInput, smokeReference } from '../support/smoke-shader.js';

describe('WebGPU in Node (Dawn)', () => {
  it('finds an adapter and runs an integer compute shader bit-identical to TypeScript', async (ctx) => {
    const device = await nodeGpuDevice();
    if (!device) return ctx.skip();
    const input = smokeInput(10_000);
    const out = await runSmoke(device, input);
    expect(out).toEqual(smokeReference(input));
  });
});

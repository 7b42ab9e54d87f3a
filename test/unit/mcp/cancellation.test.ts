/**
 * Cancellation (MCP 2025-11-25 basic/utilities/cancellation: the receiver SHOULD stop
 * processing a cancelled request and free its resources): a `notifications/cancelled` for a
 * `render_ascii` call reaches the render as an aborted signal, and the render pool drops it
 * from its queue, so cancelled renders no longer hold glyphcast-mcp's one worker while the
 * next call waits behind them (a render already running finishes: a thread inside sharp
 * cannot be stopped safely).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultParams } from '../../../engine/index.js';
import { createMcpServer } from '../../../service/mcp/mcp-server.js';
import { createRenderPool, type RenderPool } from '../../../service/render-pool.js';
import type { RenderOutcome } from '../../../service/render-service.js';
import { DEV_DIR } from '../../support/corpus.js';

describe('a cancelled tools/call', () => {
  it('aborts the signal its render was given', async () => {
    let seen: AbortSignal | undefined;
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const server = createMcpServer({
      render: (_intake, _span, signal) => {
        seen = signal;
        started();
        return new Promise<RenderOutcome>(() => {});
      },
      maxImageBytes: 1 << 20,
      urlFetching: false,
      telemetry: null,
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'cancel-test', version: '1.0.0' });
    await client.connect(clientSide);
    const ac = new AbortController();
    const call = client.callTool(
      { name: 'render_ascii', arguments: { imageBase64: 'iVBORw0KGgo=' } },
      { signal: ac.signal },
    );
    await running;
    expect(seen?.aborted).toBe(false);
    ac.abort('the user gave up');
    await expect(call).rejects.toThrow();
    await expect.poll(() => seen?.aborted, { timeout: 2000 }).toBe(true);
    await client.close();
    await server.close();
  });
});

describe('the render pool', () => {
  let pool: RenderPool;
  let bytes: Uint8Array;
  beforeAll(() => {
    pool = createRenderPool({ workers: 1, queueLimit: 4 });
    bytes = fs.readFileSync(path.join(DEV_DIR, 'landscape_dune.jpg'));
  });
  afterAll(() => pool.close());

  const heavy = () => ({
    bytes,
    params: { ...defaultParams(), columns: 400, autoOptimize: 1, qualityTarget: 'motion' as const },
    maxPixels: 40_000_000,
  });

  it('drops queued renders when their signals abort; the running one finishes', async () => {
    const controllers = [0, 1, 2].map(() => new AbortController());
    const runs = controllers.map((ac) => pool.run(heavy(), ac.signal));
    expect(pool.stats()).toMatchObject({ running: 1, queued: 2 });
    for (const ac of controllers) ac.abort(new Error('cancelled'));
    // the queued two leave at once; the running one (a thread inside sharp cannot be stopped safely) completes
    expect(pool.stats()).toMatchObject({ running: 1, queued: 0 });
    await expect(runs[1]).rejects.toThrow();
    await expect(runs[2]).rejects.toThrow();
    expect((await runs[0]).columns).toBe(400);
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
    const small = await pool.run({
      bytes,
      params: { ...defaultParams(), columns: 16, autoOptimize: 0 },
      maxPixels: 40e6,
    });
    expect(small.columns).toBe(16);
  }, 60_000);

  it('refuses a render whose signal is already aborted', async () => {
    const ac = new AbortController();
    ac.abort(new Error('cancelled'));
    await expect(pool.run(heavy(), ac.signal)).rejects.toThrow(/went away/);
  });
});

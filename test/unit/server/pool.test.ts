/**
 * The render worker pool under load: a full queue answers 503 with Retry-After at once, the
 * event loop keeps answering health checks while renders run, and a graceful shutdown lets an
 * in-flight render finish. Latency figures belong to bench/server-load.mjs; the bounds here
 * only catch a blocked event loop.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveParams } from '../../../engine/index.js';
import { abortedWhenClientLeaves } from '../../../server/routes/render.js';
import { createRenderPool } from '../../../service/render-pool.js';
import { errorOf, postJson, type Running, startServer, testImage } from './support.js';

let bigB64: string;
beforeAll(async () => {
  bigB64 = (await testImage(2000, 1500, 'jpeg')).toString('base64');
});

/** A large image without the Auto Director's search: long enough to keep a worker busy, short enough for a test. */
const renderBig = (s: Running) => postJson(s.base, '/api/v1/render?autoOptimize=0', { imageBase64: bigB64 });

async function untilRunning(s: Running): Promise<void> {
  for (;;) {
    const { renderPool } = await (await fetch(`${s.base}/api/health`)).json();
    if (renderPool.running > 0) return;
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('a full queue', () => {
  let s: Running;
  beforeAll(async () => {
    s = await startServer({ RENDER_WORKERS: '1', RENDER_QUEUE_LIMIT: '1' });
  });
  afterAll(() => s.app.close());

  it('is answered 503 overloaded with Retry-After, and the accepted renders all succeed', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => renderBig(s)));
    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 503);
    expect(ok.length + refused.length).toBe(8);
    expect(ok.length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    const bodies = new Set(await Promise.all(ok.map((r) => r.text())));
    expect(bodies.size).toBe(1);
    for (const r of refused) {
      expect(r.headers.get('retry-after')).toBe('2');
      expect((await errorOf(r)).code).toBe('overloaded');
    }
  });
});

describe('health under load', () => {
  let s: Running;
  beforeAll(async () => {
    s = await startServer({ RENDER_WORKERS: '1', RENDER_QUEUE_LIMIT: '16' });
  });
  afterAll(() => s.app.close());

  it('answers while every worker is busy', async () => {
    // Three clients keep renders queued for as long as the health checks last, however fast the engine is.
    let stop = false;
    const statuses: number[] = [];
    const client = async () => {
      while (!stop) statuses.push((await renderBig(s)).status);
    };
    const clients = [client(), client(), client()];
    await untilRunning(s);
    // answered while busy: the answers themselves say a render ran and others waited
    let answeredBusy = 0;
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${s.base}/api/health`);
      const body = await res.json();
      if (res.status === 200 && body.renderPool.running === 1 && body.renderPool.queued > 0) answeredBusy++;
    }
    stop = true;
    await Promise.all(clients);
    expect(answeredBusy).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});

describe('graceful shutdown', () => {
  it('finishes the render in flight before closing', async () => {
    const s = await startServer({ RENDER_WORKERS: '1' });
    const answer = renderBig(s);
    await untilRunning(s);
    const closed = s.app.close();
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.headers.get('x-glyphcast-grid')).toBe('120x45');
    expect((await res.text()).length).toBeGreaterThanOrEqual(120 * 45);
    await closed;
  });
});

describe('a render whose client went away', () => {
  it('leaves the queue at once, freeing its place, while the others run', async () => {
    const pool = createRenderPool({ workers: 1, queueLimit: 2 });
    try {
      const task = { bytes: await testImage(), params: resolveParams({ autoOptimize: 0 }, 'json'), maxPixels: 1e6 };
      // all in one tick: the first render cannot have finished (its answer needs an event-loop turn)
      const first = pool.run(task);
      const gone = new AbortController();
      const abandoned = pool.run(task, gone.signal);
      const second = pool.run(task);
      expect(pool.stats()).toMatchObject({ running: 1, queued: 2 });
      gone.abort();
      expect(pool.stats()).toMatchObject({ running: 1, queued: 1 });
      const third = pool.run(task); // the abandoned render's place
      await expect(abandoned).rejects.toMatchObject({ code: 'bad_request' });
      const done = await Promise.all([first, second, third]);
      expect(done.map((d) => d.ok)).toEqual([true, true, true]);
      expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
    } finally {
      await pool.close();
    }
  });

  it('is told by the route: the signal aborts when the connection closes unanswered, not after an answer', async () => {
    const app = Fastify({ forceCloseConnections: true });
    const signals: AbortSignal[] = [];
    let arrived = () => {};
    app.get('/hang', (_request, reply) => {
      const signal = abortedWhenClientLeaves(reply);
      signals.push(signal);
      arrived();
      return new Promise((resolve) => signal.addEventListener('abort', () => resolve('late')));
    });
    app.get('/ok', (_request, reply) => {
      signals.push(abortedWhenClientLeaves(reply));
      return 'ok';
    });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      expect(await (await fetch(`${base}/ok`)).text()).toBe('ok');
      const gone = new AbortController();
      const hung = new Promise<void>((resolve) => (arrived = resolve));
      const request = fetch(`${base}/hang`, { signal: gone.signal }).catch(() => 'aborted');
      await hung;
      gone.abort();
      expect(await request).toBe('aborted');
      const hang = signals[1];
      if (!hang.aborted) await new Promise<void>((resolve) => hang.addEventListener('abort', () => resolve()));
      expect(signals.map((s) => s.aborted)).toEqual([false, true]);
    } finally {
      await app.close();
    }
  });
});

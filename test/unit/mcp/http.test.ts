/**
 * /api/mcp on the wire, for what the SDK clients never send: the bounded batch (answers in
 * order, per-element errors, the array shape, the refusals), bodies Fastify refuses before
 * the SDK (invalid JSON, wrong media type, over the body limit), Host/Origin validation,
 * GET/DELETE, 2026-07-28 batches, and the trace headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsJson } from '../../../server/mcp/route.js';
import { MCP_PROTOCOL_VERSIONS } from '../../../service/mcp/versions.js';
import { type Running, rawRequest, startServer, testImage } from '../server/support.js';
import { ACCEPT, call, MCP, rpc, textOf } from './support.js';

let s: Running;
let png: string;
const T = '4bf92f3577b34da6a3ce929d0e0e4736';

beforeAll(async () => {
  s = await startServer({ MCP_MAX_BATCH: '8', MAX_IMAGE_BYTES: '65536', RENDER_WORKERS: '2' });
  png = (await testImage(48, 32)).toString('base64');
});
afterAll(() => s.app.close());

const render = (id: number | string, columns: number) => call(id, { imageBase64: png, columns, autoOptimize: 0 });

describe('a single 2025-era message', () => {
  it('is answered with one application/json JSON-RPC response', async () => {
    const res = await rpc(s.base, render(1, 12));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 1, result: { structuredContent: { columns: 12 } } });
    expect(res.headers.get('mcp-session-id')).toBeNull();
  });

  it('a notification is accepted with 202 and no body', async () => {
    const res = await rpc(s.base, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
  });
});

describe('the bounded batch (2025 era)', () => {
  it('8 renders come back as 8 results in request order', async () => {
    const batch = [12, 9, 20, 8, 15, 10, 30, 11].map((columns, i) => render(`r${i}`, columns));
    const res = await rpc(s.base, batch);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; result: { structuredContent: { columns: number } } }[];
    expect(body.map((r) => r.id)).toEqual(batch.map((b) => b.id));
    expect(body.map((r) => r.result.structuredContent.columns)).toEqual([12, 9, 20, 8, 15, 10, 30, 11]);
  });

  it('an Accept header that admits JSON (*/*, as curl and fetch send, application/*, or JSON alone) is served', async () => {
    for (const accept of ['*/*', 'application/*', 'application/json', 'text/html, */*;q=0.1']) {
      const res = await rpc(s.base, { jsonrpc: '2.0', id: 1, method: 'ping' }, { accept });
      expect([accept, res.status, await res.json()]).toEqual([accept, 200, { jsonrpc: '2.0', id: 1, result: {} }]);
    }
    for (const accept of [
      'text/html',
      'text/event-stream',
      'application/json;q=0',
      'application/json;q=0, */*',
      'application/*;q=0.0, */*',
      'application/json;q=abc',
    ]) {
      expect([accept, (await rpc(s.base, { jsonrpc: '2.0', id: 1, method: 'ping' }, { accept })).status]).toEqual([
        accept,
        406,
      ]);
    }
    expect(acceptsJson(undefined)).toBe(true);
  });

  it('a batch whose Accept header refuses JSON is refused whole with 406, as one message is', async () => {
    const one = await rpc(s.base, render(1, 10), { accept: 'text/html' });
    const batch = await rpc(s.base, [render(1, 10), render(2, 10)], { accept: 'text/html' });
    expect([one.status, batch.status]).toEqual([406, 406]);
    const body = await batch.json();
    expect(body).toEqual(await one.json());
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
  });

  it('the 406 asks for what is served: an Accept that admits JSON, not also text/event-stream', async () => {
    const body = await (await rpc(s.base, { jsonrpc: '2.0', id: 1, method: 'ping' }, { accept: 'text/html' })).json();
    expect(body.error.message).toContain('application/json');
    expect(body.error.message).not.toContain('text/event-stream');
  });

  it('one element is still answered as an array', async () => {
    const body = await (await rpc(s.base, [render(7, 10)])).json();
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(1);
    expect(body[0].id).toBe(7);
  });

  it('each element is answered on its own: results, tool errors, protocol errors, invalid elements', async () => {
    const batch = [
      render(1, 10),
      call(2, { imageBase64: png, columns: 1000 }),
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'nope', arguments: {} } },
      { jsonrpc: '2.0', id: 4, method: 'ping' },
      { foo: 1, id: 5 },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 6, method: 'tools/list' },
    ];
    const res = await rpc(s.base, batch);
    expect(res.status).toBe(200);
    const [a, b, c, d, e, f, ...rest] = await res.json();
    expect(rest).toEqual([]);
    expect(a.result.structuredContent.columns).toBe(10);
    expect(b.result.isError).toBe(true);
    expect(JSON.parse(textOf(b.result)).error.code).toBe('invalid_params');
    expect(c).toMatchObject({ id: 3, error: { code: -32602 } });
    expect(d).toEqual({ jsonrpc: '2.0', id: 4, result: {} });
    expect(e).toMatchObject({ id: 5, error: { code: -32600 } });
    expect(f.id).toBe(6);
    expect(f.result.tools.map((t: { name: string }) => t.name)).toEqual(['render_ascii']);
  });

  it('runs under the pool limits: beyond one worker and one queued render, an element is an overloaded tool error', async () => {
    const tight = await startServer({ RENDER_WORKERS: '1', RENDER_QUEUE_LIMIT: '1' });
    try {
      const body = await (
        await rpc(
          tight.base,
          [1, 2, 3, 4].map((i) => render(i, 40)),
        )
      ).json();
      expect(body.map((a: { id: number }) => a.id)).toEqual([1, 2, 3, 4]);
      const codes = body.map((a: { result: { isError?: boolean } }) =>
        a.result.isError ? JSON.parse(textOf(a.result)).error.code : 'ok',
      );
      // Which two are refused depends on arrival order at the pool; how many does not.
      expect([...codes].sort()).toEqual(['ok', 'ok', 'overloaded', 'overloaded']);
    } finally {
      await tight.app.close();
    }
  });

  it('notifications only: 202 without a body', async () => {
    const res = await rpc(s.base, [{ jsonrpc: '2.0', method: 'notifications/initialized' }]);
    expect(res.status).toBe(202);
  });

  it('responses get no entry, as one alone gets 202: only responses 202, beside a request its answer alone', async () => {
    const result = { jsonrpc: '2.0', id: 7, result: {} };
    const error = { jsonrpc: '2.0', id: 8, error: { code: -32601, message: 'no' } };
    expect((await rpc(s.base, result)).status).toBe(202);
    const only = await rpc(s.base, [result, error]);
    expect([only.status, await only.text()]).toEqual([202, '']);
    const mixed = await rpc(s.base, [result, { jsonrpc: '2.0', id: 1, method: 'ping' }]);
    expect([mixed.status, await mixed.json()]).toEqual([200, [{ jsonrpc: '2.0', id: 1, result: {} }]]);
  });

  const refusals: [string, unknown[], RegExp][] = [
    ['an empty batch', [], /empty/],
    [
      'more than MCP_MAX_BATCH',
      Array.from({ length: 9 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' })),
      /at most 8/,
    ],
    [
      'a duplicate id',
      [
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      ],
      /id 1 appears twice/,
    ],
    [
      'an initialize',
      [
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
        },
        { jsonrpc: '2.0', id: 2, method: 'ping' },
      ],
      /initialize cannot be batched/,
    ],
  ];
  it.each(refusals)('%s is refused with one JSON-RPC -32600 error', async (_name, batch, message) => {
    const res = await rpc(s.base, batch);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(body.error.message).toMatch(message);
  });

  it('a 2026-07-28 batch is refused by the SDK, as the revision says', async () => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const res = await rpc(s.base, [{ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } }], {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/list',
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/batch/i);
  });
});

describe('2026-07-28 requests are checked by the SDK', () => {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  };
  const modern = (method: string, params: Record<string, unknown> = {}) => ({
    jsonrpc: '2.0',
    id: 1,
    method,
    params: { ...params, _meta: meta },
  });

  it('server/discover answers with the supported versions and a complete resultType', async () => {
    const res = await rpc(s.base, modern('server/discover'), {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'server/discover',
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.supportedVersions).toContain('2026-07-28');
    expect(body.result.resultType).toBe('complete');
  });

  it('a missing Mcp-Method header is 400 -32020 (header mismatch)', async () => {
    const res = await rpc(s.base, modern('tools/list'), { 'mcp-protocol-version': '2026-07-28' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(-32020);
  });

  it('an unknown method is 404 -32601', async () => {
    const res = await rpc(s.base, modern('nope/nothing'), {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'nope/nothing',
    });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe(-32601);
  });
});

describe('bodies refused before the SDK', () => {
  it('invalid JSON is a JSON-RPC -32700 body, not a framework error', async () => {
    const res = await rpc(s.base, '{"jsonrpc": "2.0", "id": 1,');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: expect.any(String) },
    });
  });

  it('a method that is not a string is -32600 with the id, and a null id is -32600 saying why, alone or in a batch', async () => {
    const cases = [
      [{ jsonrpc: '2.0', id: 1, method: 5 }, 1, 'Invalid Request: method must be a string'],
      [
        { jsonrpc: '2.0', id: null, method: 'ping' },
        null,
        'Invalid Request: a request id must be a string or a number, not null (MCP)',
      ],
    ] as const;
    for (const [message, id, text] of cases) {
      const alone = await rpc(s.base, message);
      expect(alone.status).toBe(400);
      expect(await alone.json()).toEqual({ jsonrpc: '2.0', id, error: { code: -32600, message: text } });
      const batch = await rpc(s.base, [message, { jsonrpc: '2.0', id: 9, method: 'ping' }]);
      expect(await batch.json()).toEqual([
        { jsonrpc: '2.0', id, error: { code: -32600, message: text } },
        { jsonrpc: '2.0', id: 9, result: {} },
      ]);
    }
  });

  it('a body over the limit is 413 with a JSON-RPC error', async () => {
    const res = await rpc(s.base, call(1, { imageBase64: 'A'.repeat(200_000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      id: null,
      error: { code: -32600, message: expect.stringMatching(/limit/) },
    });
  });

  it('a body that is not JSON is 415', async () => {
    const res = await fetch(s.base + MCP, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', accept: ACCEPT },
      body: 'ping',
    });
    expect(res.status).toBe(415);
    expect((await res.json()).error.code).toBe(-32600);
  });

  it('GET and DELETE are 405: no sessions, no server stream', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(s.base + MCP, { method, headers: { accept: ACCEPT } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  it('every other method is the same JSON-RPC 405, never the HTTP API error body', async () => {
    for (const method of ['PUT', 'PATCH']) {
      const res = await fetch(s.base + MCP, { method, headers: { accept: ACCEPT } });
      expect([method, res.status, res.headers.get('allow')]).toEqual([method, 405, 'POST']);
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    }
    // whatever the body: the method is refused before the body is read
    for (const [type, body] of [
      ['text/plain', 'hello'],
      ['application/json', '{bad'],
      ['application/json', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })],
    ]) {
      const res = await fetch(s.base + MCP, { method: 'PUT', headers: { accept: ACCEPT, 'content-type': type }, body });
      expect([type, body, res.status]).toEqual([type, body, 405]);
    }
  });

  it('a method no route has (TRACE, PROPFIND) is the same JSON-RPC 405', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL']) {
      const res = await rawRequest(s.base, MCP, { method });
      expect([method, res.status, res.headers.allow]).toEqual([method, 405, 'POST']);
      expect(JSON.parse(res.body)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    }
  });
});

describe('protocol versions', () => {
  const SERVED = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
  const initialize = (protocolVersion: string) => ({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });

  it('/api/v1/interoperability lists exactly the revisions served, back to 2024-11-05', async () => {
    const doc = await (await fetch(`${s.base}/api/v1/interoperability`)).json();
    const mcp = doc.protocols.find((p: { name: string }) => p.name === 'Model Context Protocol');
    expect(mcp.protocolVersions).toEqual(SERVED);
    expect(mcp.batch.eras).toEqual(SERVED.slice(1));
  });

  it('initialize agrees to each 2025-era revision listed, and to no draft (2024-10-07)', async () => {
    for (const version of SERVED.slice(1)) {
      const body = await (await rpc(s.base, initialize(version))).json();
      expect(body.result.protocolVersion, version).toBe(version);
    }
    const draft = await (await rpc(s.base, initialize('2024-10-07'))).json();
    expect(draft.result.protocolVersion).toBe('2025-11-25');
  });

  it('the MCP-Protocol-Version header takes a listed revision and refuses the draft', async () => {
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    expect((await rpc(s.base, ping, { 'mcp-protocol-version': '2024-11-05' })).status).toBe(200);
    const draft = await rpc(s.base, ping, { 'mcp-protocol-version': '2024-10-07' });
    expect(draft.status).toBe(400);
    expect((await draft.json()).error.message).toMatch(/Unsupported protocol version: 2024-10-07/);
  });

  it('an MCP-Protocol-Version header that names no revision is refused the same way, listing the served ones', async () => {
    for (const version of ['garbage', '2099-01-01', '']) {
      const res = await rpc(
        s.base,
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { 'mcp-protocol-version': version },
      );
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(
        `Bad Request: Unsupported protocol version: ${version} (supported versions: ${MCP_PROTOCOL_VERSIONS.join(', ')})`,
      );
    }
  });
});

describe('Host and Origin', () => {
  it('a foreign Origin is refused with 403', async () => {
    const res = await rpc(s.base, { jsonrpc: '2.0', id: 1, method: 'ping' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toMatch(/Origin/);
  });

  it('a localhost Origin is served', async () => {
    const res = await rpc(s.base, { jsonrpc: '2.0', id: 1, method: 'ping' }, { origin: 'http://localhost:6274' });
    expect(res.status).toBe(200);
  });

  /** POSTs a ping to `base` with a Host header of our own (fetch sets its own). */
  const pingWithHost = (base: string, host: string) =>
    rawRequest(base, MCP, {
      method: 'POST',
      headers: { host, 'content-type': 'application/json', accept: ACCEPT },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });

  it('a foreign Host on a loopback server is refused with 403 (DNS rebinding)', async () => {
    expect((await pingWithHost(s.base, 'rebound.example')).status).toBe(403);
  });

  it('a server on every interface answers a Host no URL can hold as any other, not with a 500', async () => {
    const open = await startServer({ HOST: '0.0.0.0' });
    try {
      for (const host of ['a b', 'x:99999', '[zz]', '[::1', 'ex@mple', 'ascii.example:8080']) {
        const { status, body } = await pingWithHost(open.base, host);
        expect([host, status, JSON.parse(body).result]).toEqual([host, 200, {}]);
      }
    } finally {
      await open.app.close();
    }
  });
});

describe('trace context', () => {
  it('continues the caller traceparent header and answers with the server span', async () => {
    const res = await rpc(
      s.base,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { traceparent: `00-${T}-00f067aa0ba902b7-01` },
    );
    expect(res.headers.get('traceparent')).toMatch(new RegExp(`^00-${T}-[0-9a-f]{16}-0[0-3]$`));
    expect(res.headers.get('server-timing')).toMatch(/^trace;desc=00-/);
  });
});

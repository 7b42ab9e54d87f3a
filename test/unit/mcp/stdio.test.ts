/**
 * `glyphcast-mcp`, the stdio entry, spawned from the sources and driven by the SDK's stdio
 * clients of both eras: the same tool as /api/mcp, and `imagePath` only with `--root`, only
 * inside that folder (no `..`, no symbolic link out of it). Raw lines the clients never send
 * (not JSON, not a message, a batch, a repeated key, too long) get their JSON-RPC answer;
 * --help and --version print on stdout.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { droppedId, ScreenedStdioTransport } from '../../../bin/mcp/screened-stdio.js';
import { ROOT } from '../../support/cli.js';
import { PACKAGE_VERSION } from '../../support/version.js';
import { testImage } from '../server/support.js';
import { textOf } from './support.js';

const ENTRY = path.join(ROOT, 'bin', 'glyphcast-mcp.ts');
const serverArgs = (...args: string[]) => ({
  command: process.execPath,
  args: ['--import', 'tsx', ENTRY, ...args],
  cwd: ROOT,
  env: { PATH: process.env.PATH ?? '', RENDER_WORKERS: '1' },
  stderr: 'pipe' as const,
});

let dir: string;
let root: string;
let png: Buffer;
let rooted: LegacyClient;
let plain: ModernClient;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-mcp-'));
  root = path.join(dir, 'root');
  fs.mkdirSync(path.join(root, 'pics'), { recursive: true });
  png = await testImage(48, 32);
  fs.writeFileSync(path.join(root, 'pics', 'a.png'), png);
  fs.writeFileSync(path.join(dir, 'secret.png'), png);
  fs.symlinkSync(path.join(dir, 'secret.png'), path.join(root, 'link.png'));
  rooted = new LegacyClient({ name: 'stdio-v1', version: '1.0.0' });
  await rooted.connect(new LegacyStdio(serverArgs('--root', root)));
  plain = new ModernClient({ name: 'stdio-v2', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await plain.connect(new ModernStdio(serverArgs()));
}, 60_000);
afterAll(async () => {
  await Promise.all([rooted?.close(), plain?.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

const args = { columns: 16, autoOptimize: 0 };

describe('glyphcast-mcp over stdio', () => {
  it('serves both eras: the v2 client negotiates 2026-07-28, the v1 client 2025-11-25', async () => {
    expect(plain.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(rooted.getServerVersion()?.name).toBe('glyphcast');
  });

  it('without --root the tool has no imagePath and refuses one', async () => {
    const { tools } = await plain.listTools();
    expect(Object.keys(tools[0].inputSchema.properties ?? {})).not.toContain('imagePath');
    const result = await plain.callTool({ name: 'render_ascii', arguments: { imagePath: 'pics/a.png', ...args } });
    expect(result.isError).toBe(true);
    expect(JSON.parse(textOf(result)).error).toMatchObject({ code: 'invalid_image_source', message: /--root/ });
  });

  it('with --root, imagePath inside the folder renders what imageBase64 renders', async () => {
    const { tools } = await rooted.listTools();
    expect(tools[0].inputSchema.oneOf).toContainEqual({ required: ['imagePath'] });
    const byPath = await rooted.callTool({ name: 'render_ascii', arguments: { imagePath: 'pics/a.png', ...args } });
    const byBytes = await plain.callTool({
      name: 'render_ascii',
      arguments: { imageBase64: png.toString('base64'), ...args },
    });
    expect(byPath.isError).toBeFalsy();
    expect((byPath.structuredContent as { output: string }).output).toBe(
      (byBytes.structuredContent as { output: string }).output,
    );
  });

  it('an `image` argument (the HTTP API multipart field name) is answered with the arguments this server takes', async () => {
    const image = png.toString('base64');
    for (const [client, sources, more] of [
      [plain, 'imageBase64 or imageUrl', {}],
      [rooted, 'imagePath, imageBase64 or imageUrl', { imagePath: 'pics/a.png' }],
    ] as const) {
      const result = await client.callTool({ name: 'render_ascii', arguments: { image, ...more, ...args } });
      expect(result.isError).toBe(true);
      const { error } = JSON.parse(textOf(result));
      expect(error.code).toBe('invalid_params');
      expect(error.message).toBe(
        `image: expected the image as ${sources} (image is a multipart file field of the HTTP API)`,
      );
      expect(error.message).not.toMatch(/not the tool arguments/);
    }
  });

  it.each([
    ['a path out through ..', '../secret.png', /outside the root folder/],
    ['an absolute path elsewhere', '/etc/hostname', /outside the root folder|does not exist/],
    ['a symbolic link out of the root', 'link.png', /outside the root folder/],
    ['a missing file', 'pics/none.png', /does not exist/],
    ['a folder', 'pics', /not a file/],
  ])('refuses %s', async (_name, imagePath, message) => {
    const result = await rooted.callTool({ name: 'render_ascii', arguments: { imagePath, ...args } });
    expect(result.isError).toBe(true);
    const { error } = JSON.parse(textOf(result));
    expect(error.code).toBe('invalid_image_source');
    expect(error.message).toMatch(message);
  });
});

/**
 * Writes `lines` to a fresh glyphcast-mcp and reads its stdout until `count` lines came (or
 * 15 s passed), then closes stdin; with `count` 0, closes stdin right after the lines and
 * reads stdout until the process exits.
 */
async function rawExchange(lines: readonly string[], count: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', RENDER_WORKERS: '1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 15_000);
    child.stdout.on('data', (d) => {
      stdout += d;
      if (stdout.split('\n').length > count) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stdin.write(lines.map((l) => `${l}\n`).join(''));
    if (count === 0) resolve();
  });
  child.stdin.end();
  await closed;
  const answers = stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  return { answers, stderr };
}

const rpcError = (id: number | string | null, code: number, message: RegExp) => ({
  jsonrpc: '2.0',
  id,
  error: { code, message: expect.stringMatching(message) },
});

describe('glyphcast-mcp answers malformed lines as JSON-RPC 2.0 says', () => {
  it('not JSON -32700; not a message, a batch or a repeated envelope key -32600; the rest is served', async () => {
    const repeatedArgument =
      '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"render_ascii",' +
      '"arguments":{"imageUrl":"https://x.example/a.png","columns":10,"columns":12}}}';
    const { answers, stderr } = await rawExchange(
      [
        '{bad json',
        '{"jsonrpc":"2.0","id":2}',
        '[{"jsonrpc":"2.0","id":3,"method":"ping"}]',
        '',
        '{"jsonrpc":"2.0","id":1,"method":"ping"}',
        repeatedArgument,
        '{"jsonrpc":"2.0","id":5,"method":"ping","method":"ping"}',
        '{"jsonrpc":"2.0","id":6,"id":7,"method":"ping"}',
        'x'.repeat(70_000),
        '{"jsonrpc":"2.0","id":8,"method":"ping"}',
        `{"jsonrpc":"2.0","id":9,"method":"ping","params":{"n":${'['.repeat(70)}${']'.repeat(70)}}}`,
        `{"jsonrpc":"2.0","id":10,"method":"ping","params":{${Array.from({ length: 1001 }, (_, i) => `"k${i}":1`)}}}`,
        // too long, its id first (as most clients write it) or last (as the TypeScript SDK does)
        `{"jsonrpc":"2.0","id":11,"method":"ping","params":{"x":"${'a'.repeat(70_000)}"}}`,
        `{"method":"ping","params":{"x":"${'a'.repeat(70_000)}"},"jsonrpc":"2.0","id":"twelve"}`,
        // a prototype key is refused with its id, as over HTTP (JSON.parse alone would let it through)
        '{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"render_ascii","arguments":{"__proto__":{}}}}',
        '{"jsonrpc":"2.0","id":14,"method":"ping","params":{"constructor":{"prototype":1}}}',
        // a byte-order mark before a message (PowerShell writes one)
        '\uFEFF{"jsonrpc":"2.0","id":15,"method":"ping"}',
      ],
      16,
      // the longest line is the HTTP API's JSON body limit: b + ceil(b / 64) * 4 + 64 KiB, b = ceil(1024 / 3) * 4
      { MAX_IMAGE_BYTES: '1024' },
    );
    expect(answers).toHaveLength(16);
    expect(answers).toEqual(
      expect.arrayContaining([
        rpcError(null, -32700, /^Parse error/),
        rpcError(2, -32600, /^Invalid Request: not a JSON-RPC 2.0 request/),
        rpcError(null, -32600, /^Invalid Request: batches are not part of MCP over stdio/),
        { jsonrpc: '2.0', id: 1, result: {} },
        rpcError(5, -32600, /"method" twice/),
        rpcError(null, -32600, /"id" twice/),
        rpcError(null, -32600, /exceeds the limit of 66992 bytes/),
        { jsonrpc: '2.0', id: 8, result: {} },
        rpcError(9, -32600, /nests objects and arrays more than 64 deep/),
        rpcError(10, -32600, /more than 1000 keys/),
        rpcError(11, -32600, /exceeds the limit of 66992 bytes/),
        rpcError('twelve', -32600, /exceeds the limit of 66992 bytes/),
        rpcError(13, -32600, /a prototype key, at params\.arguments\.__proto__: refused/),
        rpcError(14, -32600, /a prototype key, at params\.constructor\.prototype: refused/),
        { jsonrpc: '2.0', id: 15, result: {} },
      ]),
    );
    // a tool argument given twice is the HTTP API's parameter given twice
    const call = answers.find((a) => a.id === 4);
    expect(call.result.isError).toBe(true);
    expect(JSON.parse(textOf(call.result)).error).toMatchObject({
      code: 'invalid_params',
      details: { issues: [{ param: 'columns', received: 'it in the tool arguments twice' }] },
    });
    expect(stderr).toBe('');
  }, 30_000);
});

describe('glyphcast-mcp initialize', () => {
  it('with malformed params is -32602 in words (the SDK says -32603 with its validator JSON); a good one is served', async () => {
    const { answers } = await rawExchange(
      [
        '{"jsonrpc":"2.0","id":1,"method":"initialize"}',
        '{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":5,"capabilities":{},"clientInfo":{"name":"x","version":"1"}}}',
        '{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}',
      ],
      3,
    );
    const byId = new Map(answers.map((a) => [a.id, a]));
    for (const id of [1, 2]) {
      expect(byId.get(id).error).toEqual({
        code: -32602,
        message:
          'Invalid params: initialize needs params {protocolVersion: a string, capabilities: an object, clientInfo: {name, version: strings}}',
      });
    }
    expect(byId.get(3).result.protocolVersion).toBe('2025-06-18');
  }, 30_000);
});

describe('glyphcast-mcp tools/call and tools/list', () => {
  it('with malformed params are -32602 in words (the SDK says -32603 or -32602 with its validator JSON)', async () => {
    const { answers } = await rawExchange(
      [
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}',
        '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":5}}',
        '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"arguments":{}}}',
      ],
      3,
    );
    const byId = new Map(answers.map((a) => [a.id, a]));
    expect(byId.get(2).error).toEqual({
      code: -32602,
      message: 'Invalid params: tools/list takes params {cursor: a string (optional)}',
    });
    expect(byId.get(3).error).toEqual({
      code: -32602,
      message:
        'Invalid params: tools/call needs params {name: a string, arguments: an object of render parameters (optional)}',
    });
  }, 30_000);
});

describe('glyphcast-mcp at the end of its input', () => {
  it('answers every request still rendering before it exits (printf ... | glyphcast-mcp)', async () => {
    const call = (id: number) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'render_ascii', arguments: { imageBase64: png.toString('base64'), columns: 40 + id } },
      });
    const { answers, stderr } = await rawExchange(
      [call(1), call(2), call(3), call(4), '{"jsonrpc":"2.0","id":5,"method":"ping"}'],
      0,
    );
    expect(answers.map((a) => a.id).sort()).toEqual([1, 2, 3, 4, 5]);
    for (const answer of answers.filter((a) => a.id !== 5)) {
      expect(answer.result.isError).toBeFalsy();
      expect(answer.result.structuredContent.columns).toBe(40 + answer.id);
    }
    expect(stderr).toBe('');
  }, 30_000);

  it('a refused line or a second request under an in-flight id does not stop the wait for that request', async () => {
    const call = (id: number, columns: number) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'render_ascii', arguments: { imageBase64: png.toString('base64'), columns } },
      });
    // id 1 rendering, then a line refused under id 1 (-32600) and a repeated-key ping under id 2,
    // then a second render reusing id 2: every render is answered before the exit
    const { answers, stderr } = await rawExchange(
      [call(1, 41), '{"id":1}', '{"jsonrpc":"2.0","id":2,"method":"ping","method":"ping"}', call(2, 42), call(2, 43)],
      0,
    );
    const rendered = answers.filter((a) => a.result?.structuredContent).map((a) => a.result.structuredContent.columns);
    expect(rendered.sort()).toEqual([41, 42, 43]);
    expect(answers.filter((a) => a.error?.code === -32600)).toHaveLength(2);
    expect(stderr).toBe('');
  }, 30_000);

  it('the transport closes once the pending requests are answered or cancelled, or after drainMs, saying what it dropped', async () => {
    const open = (drainMs: number) => {
      const stdin = new PassThrough();
      const stdout = new PassThrough();
      const transport = new ScreenedStdioTransport({ maxLineBytes: 1024, drainMs, stdin, stdout });
      const errors: string[] = [];
      transport.onerror = (err) => errors.push(err.message);
      let closed = false;
      void transport.closed.then(() => {
        closed = true;
      });
      return { stdin, transport, errors, isClosed: () => closed };
    };
    const settle = () => new Promise((resolve) => setImmediate(resolve));

    const answered = open(60_000);
    answered.transport.onmessage = () => {};
    await answered.transport.start();
    answered.stdin.end(
      '{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n',
    );
    await settle();
    expect(answered.isClosed()).toBe(false); // request 1 is still unanswered
    await answered.transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    expect(await answered.transport.closed).toBe(0);
    expect(answered.errors).toEqual([]);

    // a request the client cancelled gets no answer from the SDK (as MCP asks): it is not waited for
    const cancelled = open(60_000);
    cancelled.transport.onmessage = () => {};
    await cancelled.transport.start();
    cancelled.stdin.end(
      '{"jsonrpc":"2.0","id":7,"method":"ping"}\n' +
        '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"user"}}\n',
    );
    expect(await cancelled.transport.closed).toBe(0);
    expect(cancelled.errors).toEqual([]);

    const dropped = open(50);
    dropped.transport.onmessage = () => {}; // never answers
    await dropped.transport.start();
    dropped.stdin.end('{"jsonrpc":"2.0","id":"a","method":"ping"}\n{"jsonrpc":"2.0","id":"b","method":"ping"}\n');
    // the count dropped is what glyphcast-mcp's exit status is made from (1 when any)
    expect(await dropped.transport.closed).toBe(2);
    expect(dropped.errors).toEqual(['the input ended; 2 request(s) still unanswered after 50 ms are dropped']);
  });
});

describe('glyphcast-mcp --help and --version', () => {
  const run = (...args: string[]) =>
    new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', ENTRY, ...args], { cwd: ROOT }, (err, stdout, stderr) =>
        resolve({ status: err ? Number(err.code) : 0, stdout, stderr }),
      );
    });

  it('print on stdout and exit 0, as glyphcast --help does', async () => {
    const help = await run('--help');
    expect([help.status, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toMatch(/^Usage: glyphcast-mcp \[--root <folder>\]\n/);
    const version = await run('--version');
    expect(version).toEqual({ status: 0, stdout: `glyphcast-mcp ${PACKAGE_VERSION}\n`, stderr: '' });
  });

  it('a usage error is one line on stderr, exit 2, nothing on stdout', async () => {
    expect(await run('--bogus')).toEqual({
      status: 2,
      stdout: '',
      stderr: 'glyphcast-mcp: unknown argument "--bogus" (see --help)\n',
    });
  });
});

describe('the id of a line too long to read', () => {
  it('is read from its first bytes or its last, only where it is the top-level id', () => {
    expect(droppedId('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"argu', '')).toBe(7);
    expect(droppedId('{ "id" : "a\\"b", "jsonrpc":"2.0"', '')).toBe('a"b');
    expect(droppedId('{"method":"tools/call","par', 'AAAA"}},"jsonrpc":"2.0","id":-3}')).toBe(-3);
    expect(droppedId('{"method":"tools/call","par', 'AAAA"}},"id":"x1"} ')).toBe('x1');
    // an id inside the arguments is not the request's
    expect(droppedId('{"method":"x","params":{"id":5,', '"params":{"x":{"id":5}}}')).toBeNull();
    expect(droppedId('xxxxxxxx', 'xxxxxx')).toBeNull();
  });
});

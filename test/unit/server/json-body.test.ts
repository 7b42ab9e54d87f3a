/**
 * A key given twice in a JSON body: found by the scanner (json-body.ts), reported by the
 * render route and the MCP tool as a parameter given twice, refused elsewhere as invalid_json.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../service/errors.js';
import {
  MAX_JSON_DEPTH,
  MAX_JSON_KEYS,
  markRepeatedKeys,
  repeatedKeys,
  repeatedKeysOf,
} from '../../../service/json-body.js';
import { call, rpc, textOf } from '../mcp/support.js';
import { errorOf, postJson, type Running, startServer, testImage } from './support.js';

describe('repeatedKeys', () => {
  it('finds a repeated key in each object, with its path, and nothing in unique ones', () => {
    expect(repeatedKeys('{"a":1,"b":2}')).toEqual([]);
    expect(repeatedKeys('{"a":1,"a":2}')).toEqual([{ path: [], key: 'a' }]);
    expect(repeatedKeys('[{"a":1},{"a":2},{"b":{"c":1,"c":2}}]')).toEqual([{ path: [2, 'b'], key: 'c' }]);
    expect(repeatedKeys('{"x":[1,{"y":[{"z":0,"z":0}]}]}')).toEqual([{ path: ['x', 1, 'y', 0], key: 'z' }]);
  });
  it('compares keys after unescaping, and is not fooled by quotes, braces or commas in strings', () => {
    expect(repeatedKeys('{"columns":1,"col\\u0075mns":2}')).toEqual([{ path: [], key: 'columns' }]);
    expect(repeatedKeys('{"a":"\\"a\\":1,{\\\\","b":"}","c":"\\\\"}')).toEqual([]);
    expect(repeatedKeys('{"a":"x","b":"a","a":"\\\\\\""}')).toEqual([{ path: [], key: 'a' }]);
    // a value equal to an earlier key is not a key
    expect(repeatedKeys('{"a":"b","b":1}')).toEqual([]);
  });
  // fast-check generates prototype keys on purpose: those are refused (the next test)
  const PROTOTYPE_KEY = /"(?:__proto__|prototype)"/;
  const jsonValue = fc.jsonValue().filter((v) => !PROTOTYPE_KEY.test(JSON.stringify(v)));
  it('finds nothing in any JSON.stringify output, and the one key a generated object repeats', () => {
    fc.assert(
      fc.property(jsonValue, (value) => {
        expect(repeatedKeys(JSON.stringify(value))).toEqual([]);
      }),
    );
    const dictionary = fc.dictionary(fc.string(), jsonValue, { minKeys: 1 });
    fc.assert(
      fc.property(
        dictionary.filter((o) => !PROTOTYPE_KEY.test(JSON.stringify(o))),
        jsonValue,
        (object, again) => {
          const key = Object.keys(object)[0];
          // the same key once more at the end of the object, with any value
          const text = `${JSON.stringify(object).slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(again)}}`;
          expect(repeatedKeys(`[${text}]`)).toEqual([{ path: [0], key }]);
        },
      ),
    );
  });
  it('refuses a __proto__ key, or constructor.prototype, wherever a generated value holds it', () => {
    fc.assert(
      fc.property(
        jsonValue,
        fc.constantFrom('"__proto__":1', '"\\u005f_proto__":{}', '"constructor":{"prototype":[]}'),
        (value, poison) => {
          // the key in an object inside the value, at the top level and one level down
          for (const text of [
            `{${poison},"v":${JSON.stringify(value)}}`,
            `[${JSON.stringify(value)},{"a":{${poison}}}]`,
          ]) {
            expect(() => repeatedKeys(text), text).toThrow(/^the body holds a prototype key, at /);
          }
        },
      ),
    );
  });
});

describe('deep or many-keyed bodies', () => {
  const nested = (depth: number, inner = '0') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
  it(`takes nesting ${MAX_JSON_DEPTH} deep, with the path of a repeat at the bottom`, () => {
    const text = nested(MAX_JSON_DEPTH - 1, '{"a":1,"a":2}');
    expect(repeatedKeys(text)).toEqual([{ path: Array(MAX_JSON_DEPTH - 1).fill(0), key: 'a' }]);
  });
  it('refuses deeper nesting as invalid_json, at once however deep (100,000 levels here)', () => {
    for (const text of [nested(MAX_JSON_DEPTH + 1), nested(100_000)]) {
      const refusal = (() => {
        try {
          repeatedKeys(text);
        } catch (err) {
          return err;
        }
      })();
      expect(refusal).toBeInstanceOf(ApiError);
      expect((refusal as ApiError).code).toBe('invalid_json');
      expect((refusal as ApiError).message).toMatch(`more than ${MAX_JSON_DEPTH} deep`);
    }
  });
  it(`lists each of ${MAX_JSON_KEYS} keys given twice once`, () => {
    const keys = Array.from({ length: MAX_JSON_KEYS }, (_, i) => `"k${i}":1`).join(',');
    const text = `{${keys},${keys}}`;
    const value = markRepeatedKeys(text, JSON.parse(text), () => true) as Record<string, unknown>;
    const names = repeatedKeysOf(value);
    expect(names).toHaveLength(MAX_JSON_KEYS);
    // beside the object, never in it: the caller's data keeps exactly its own keys
    expect(Object.keys(value)).toHaveLength(MAX_JSON_KEYS);
    expect(new Set(names).size).toBe(MAX_JSON_KEYS);
  });
  it(`refuses an object of more than ${MAX_JSON_KEYS} keys as invalid_json`, () => {
    const object = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',')}}`;
    expect(repeatedKeys(`[${object(MAX_JSON_KEYS)}]`)).toEqual([]);
    expect(() => repeatedKeys(`[${object(MAX_JSON_KEYS + 1)}]`)).toThrow(`more than ${MAX_JSON_KEYS} keys`);
  });
});

describe('a key given twice, over HTTP and MCP', () => {
  let s: Running;
  let png: string;
  beforeAll(async () => {
    s = await startServer();
    png = (await testImage()).toString('base64');
  });
  afterAll(() => s.app.close());
  const body = (extra: string) => `{"imageBase64":"${png}",${extra}}`;

  it('a render parameter given twice in the body is invalid_params naming it', async () => {
    const e = await errorOf(await postJson(s.base, '/api/v1/render', body('"columns":80,"columns":90')));
    expect([e.status, e.code]).toEqual([400, 'invalid_params']);
    expect(e.body.error.details?.issues).toEqual([
      expect.objectContaining({ param: 'columns', received: 'it in the JSON body twice' }),
    ]);
  });
  it('an image source given twice is multiple_images', async () => {
    const e = await errorOf(await postJson(s.base, '/api/v1/render', body(`"imageBase64":"${png}"`)));
    expect([e.status, e.code]).toEqual([400, 'multiple_images']);
    expect(e.body.error.message).toMatch(/imageBase64 is given twice/);
  });
  it('a key repeated inside a nested value is invalid_json naming it', async () => {
    const e = await errorOf(await postJson(s.base, '/api/v1/render', body('"charset":{"a":1,"a":2}')));
    expect([e.status, e.code]).toEqual([400, 'invalid_json']);
    expect(e.body.error.message).toMatch(/"a" twice/);
  });
  it('a body nested 100,000 deep is invalid_json, over HTTP and MCP, and the server lives on', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const e = await errorOf(await postJson(s.base, '/api/v1/render', body(`"n":${deep}`)));
    expect([e.status, e.code]).toEqual([400, 'invalid_json']);
    const res = await rpc(s.base, `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"n":${deep}}}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/more than \d+ deep/);
    expect((await fetch(`${s.base}/api/health`)).status).toBe(200);
  });
  it('900 unknown keys are invalid_params listing 20 of them and counting the rest', async () => {
    const keys = Array.from({ length: 900 }, (_, i) => `"x${i}":1`).join(',');
    const e = await errorOf(await postJson(s.base, '/api/v1/render', body(keys)));
    expect([e.status, e.code]).toEqual([400, 'invalid_params']);
    expect(e.body.error.details?.issues).toHaveLength(20);
    expect(e.body.error.details?.unlisted).toBe(880);
    expect(e.body.error.message).toMatch(/; and 880 more$/);
  });
  it('200,000 keys are invalid_json, over HTTP and MCP', async () => {
    const keys = Array.from({ length: 200_000 }, (_, i) => `"x${i}":1`).join(',');
    const e = await errorOf(await postJson(s.base, '/api/v1/render', body(keys)));
    expect([e.status, e.code, e.body.error.message]).toEqual([
      400,
      'invalid_json',
      `an object in the body has more than ${MAX_JSON_KEYS} keys`,
    ]);
    const text = JSON.stringify(call(1, { imageBase64: png })).replace('"imageBase64"', `${keys},"imageBase64"`);
    const res = await rpc(s.base, text);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(`more than ${MAX_JSON_KEYS} keys`);
  });
  it("a client's key #repeated (the name the scanner once kept its list under) is an unknown parameter like any other", async () => {
    const cases: [string, string[]][] = [
      ['"#repeated":"x"', ['#repeated']],
      ['"#repeated":["columns"],"columns":80', ['#repeated']],
      ['"#repeated":["imageBase64"]', ['#repeated']],
      ['"columns":80,"columns":80,"#repeated":"x"', ['#repeated', 'columns']],
      ['"#repeated":{},"columns":80,"columns":80', ['#repeated', 'columns']],
    ];
    for (const [keys, params] of cases) {
      const e = await errorOf(await postJson(s.base, '/api/v1/render', body(keys)));
      expect([keys, e.status, e.code]).toEqual([keys, 400, 'invalid_params']);
      const issues = (e.body.error.details?.issues ?? []) as { param: string }[];
      const named = issues.map((i) => i.param);
      expect([keys, [...new Set(named)].sort()]).toEqual([keys, params]);
    }
    const text = JSON.stringify(call(1, { imageBase64: png, columns: 80 })).replace(
      '"columns":80',
      '"columns":80,"columns":80,"#repeated":"x"',
    );
    for (const answer of [await (await rpc(s.base, text)).json(), (await (await rpc(s.base, `[${text}]`)).json())[0]]) {
      expect(answer.result.isError).toBe(true);
      const error = JSON.parse(textOf(answer.result)).error;
      expect(error.code).toBe('invalid_params');
      expect(error.details.issues.map((i: { param: string }) => i.param).sort()).toEqual(['#repeated', 'columns']);
    }
  });
  it('a body without repeats renders as before', async () => {
    const res = await postJson(s.base, '/api/v1/render', body('"columns":40'));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-glyphcast-grid')).toMatch(/^40x/);
  });

  it('a tool argument given twice is a tool error naming it, in a message and in a batch', async () => {
    const text = JSON.stringify(call(1, { imageBase64: png, columns: 80 })).replace(
      '"columns":80',
      '"columns":80,"columns":9',
    );
    const one = await (await rpc(s.base, text)).json();
    const batch = await (await rpc(s.base, `[${text}]`)).json();
    for (const answer of [one, batch[0]]) {
      expect(answer.result.isError).toBe(true);
      const error = JSON.parse(textOf(answer.result)).error;
      expect(error.code).toBe('invalid_params');
      expect(error.details.issues).toEqual([expect.objectContaining({ param: 'columns' })]);
    }
  });
  it('a key repeated in the JSON-RPC envelope is refused, with the id unless the id is what is repeated', async () => {
    const res = await rpc(s.base, '{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: the message gives the key "id" twice in one object' },
    });
    const kept = await rpc(s.base, '{"jsonrpc":"2.0","id":9,"method":"ping","method":"tools/list"}');
    expect(kept.status).toBe(400);
    expect(await kept.json()).toMatchObject({ id: 9, error: { code: -32600, message: /"method" twice/ } });
  });
  it('in a batch, only the element with a repeated envelope key is refused; the others are served', async () => {
    const res = await rpc(
      s.base,
      '[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping","method":"tools/list"},' +
        '{"jsonrpc":"2.0","id":3,"method":"ping","id":4}]',
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, error: { code: -32600, message: expect.stringMatching(/"method" twice/) } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/"id" twice/) } },
    ]);
  });
  it('an initialize with malformed params is -32602 with its id, in words', async () => {
    const res = await rpc(s.base, '{"jsonrpc":"2.0","id":"i","method":"initialize","params":{"capabilities":{}}}');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      id: 'i',
      error: { code: -32602, message: /^Invalid params: initialize needs params/ },
    });
  });
  it('a tools/call or tools/list with malformed params is -32602 in words, alone or in a batch', async () => {
    const call = await rpc(s.base, '{"jsonrpc":"2.0","id":"c","method":"tools/call","params":{"name":5}}');
    expect(call.status).toBe(400);
    expect(await call.json()).toEqual({
      jsonrpc: '2.0',
      id: 'c',
      error: {
        code: -32602,
        message:
          'Invalid params: tools/call needs params {name: a string, arguments: an object of render parameters (optional)}',
      },
    });
    const batch = await rpc(
      s.base,
      '[{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":5}},' +
        '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"render_ascii","arguments":[]}},' +
        '{"jsonrpc":"2.0","id":3,"method":"tools/list"}]',
    );
    expect(batch.status).toBe(200);
    const [list, args, served] = await batch.json();
    expect(list).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32602, message: 'Invalid params: tools/list takes params {cursor: a string (optional)}' },
    });
    expect(args).toMatchObject({
      id: 2,
      error: { code: -32602, message: /^Invalid params: tools\/call needs params/ },
    });
    expect(served.result.tools[0].name).toBe('render_ascii');
  });
  it('a prototype key refuses the message with its id, or a batch whole', async () => {
    const one = await rpc(s.base, '{"jsonrpc":"2.0","id":5,"method":"ping","params":{"__proto__":{}}}');
    expect(one.status).toBe(400);
    expect(await one.json()).toMatchObject({
      id: 5,
      error: { code: -32600, message: /prototype key, at params\.__proto__/ },
    });
    const batch = await rpc(s.base, '[{"jsonrpc":"2.0","id":6,"method":"ping","params":{"__proto__":{}}}]');
    expect(batch.status).toBe(400);
    expect(await batch.json()).toMatchObject({
      id: null,
      error: { code: -32600, message: /prototype key, at 0\.params/ },
    });
  });
  it('a repeat inside arguments that a repeated params replaced is refused for the params, not a crash', async () => {
    const text =
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"render_ascii","arguments":{"a":1,"a":2}},"params":{"name":"render_ascii"}}';
    const res = await rpc(s.base, text);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/"params" twice/);
  });
});

/**
 * Every refusal of POST /api/v1/render (and of the framework around it) in the one error
 * shape, with its documented code and status. The server runs with MAX_IMAGE_BYTES = 64 KiB.
 */
import http from 'node:http';
import net from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_PIXELS } from '../../../engine/node/decode.js';
import { ERROR_CODES } from '../../../service/errors.js';
import { errorOf, form, pngBomb, postJson, type Running, startServer, testImage } from './support.js';

const LIMIT = 64 * 1024;
let s: Running;
let png: Buffer;
beforeAll(async () => {
  s = await startServer({ MAX_IMAGE_BYTES: String(LIMIT) });
  png = await testImage();
});
afterAll(() => s.app.close());

const render = (init: RequestInit, query = '') => fetch(`${s.base}/api/v1/render${query}`, { method: 'POST', ...init });
const json = (body: unknown, headers: Record<string, string> = {}) => postJson(s.base, '/api/v1/render', body, headers);

async function expectError(res: Response, status: number, code: string) {
  const e = await errorOf(res);
  expect([e.status, e.code]).toEqual([status, code]);
  expect(ERROR_CODES[code as keyof typeof ERROR_CODES][0]).toBe(status);
  expect(Object.keys(e.body)).toEqual(['error']);
  expect(typeof e.body.error.message).toBe('string');
  expect(JSON.stringify(e.body)).not.toMatch(/\bat .+\.(ts|js):\d+|statusCode|FST_/);
  return e.body.error;
}

describe('no image, several images, bad carriers', () => {
  it('an empty POST is no_image', () => render({}).then((r) => expectError(r, 400, 'no_image')));
  it('an empty POST still has its query string checked: an unknown or misplaced name is invalid_params', async () => {
    const error = await expectError(await render({}, '?bogus=1&imageUrl=x'), 400, 'invalid_params');
    const issues = error.details?.issues as { param: string }[];
    expect(issues.map((i) => i.param)).toEqual(['imageUrl', 'bogus']);
  });
  it('an empty POST with good query parameters is no_image', () =>
    render({}, '?columns=80').then((r) => expectError(r, 400, 'no_image')));
  it('a JSON body without a source is no_image', () =>
    json({ columns: 80 }).then((r) => expectError(r, 400, 'no_image')));
  it('a form without a file is no_image', () =>
    render({ body: form(null, { columns: '80' }) }).then((r) => expectError(r, 400, 'no_image')));
  it('imageBase64 and imageUrl together are multiple_images', () =>
    json({ imageBase64: png.toString('base64'), imageUrl: 'https://a.example/x.png' }).then((r) =>
      expectError(r, 400, 'multiple_images'),
    ));
  it('two image files are multiple_images', async () => {
    const fd = form(png);
    fd.append('image', new Blob([new Uint8Array(png)]), 'second.png');
    await expectError(await render({ body: fd }), 400, 'multiple_images');
  });
  it('a file in another field is bad_request, before or after the image', async () => {
    for (const imageFirst of [false, true]) {
      const fd = new FormData();
      if (imageFirst) fd.set('image', new Blob([new Uint8Array(png)]), 'x.png');
      fd.append('picture', new Blob([new Uint8Array(png)]), 'y.png');
      await expectError(await render({ body: fd }), 400, 'bad_request');
    }
  });
  it('a form field named like an Object.prototype member is invalid_params, as the same query key is', async () => {
    for (const name of ['constructor', '__proto__', 'toString']) {
      const error = await expectError(await render({ body: form(png, { [name]: '1' }) }), 400, 'invalid_params');
      expect(error.message).toMatch(/^a form field: expected a known parameter, received a field named like/);
    }
  });
  it('a file part without a field name is bad_request saying so', async () => {
    const body =
      '--b\r\nContent-Disposition: form-data; filename="x.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n--b--\r\n';
    const headers = { 'content-type': 'multipart/form-data; boundary=b' };
    const error = await expectError(await render({ headers, body }), 400, 'bad_request');
    expect(error.message).toBe('unexpected file part without a field name; send the image as `image`');
  });
  it('a text part without a field name is bad_request saying so, whatever its length (not a parameter "undefined")', async () => {
    for (const value of ['short', 'x'.repeat(300)]) {
      const body = `--b\r\nContent-Disposition: form-data\r\n\r\n${value}\r\n--b--\r\n`;
      const headers = { 'content-type': 'multipart/form-data; boundary=b' };
      const error = await expectError(await render({ headers, body }), 400, 'bad_request');
      expect(error.message).toBe('unexpected text part without a field name; name every part of the form');
    }
  });
  it('a text field named image is invalid_params naming it', async () => {
    const error = await expectError(await render({ body: form(png, { image: 'x' }) }), 400, 'invalid_params');
    expect(error.details?.issues).toEqual([expect.objectContaining({ param: 'image' })]);
  });
  it('a text field named image and no file is invalid_params naming it, not no_image', async () => {
    const error = await expectError(await render({ body: form(null, { image: 'x' }) }), 400, 'invalid_params');
    expect(error.details?.issues).toEqual([expect.objectContaining({ param: 'image' })]);
  });
  it('a JSON key named image and no source is invalid_params naming it and the keys JSON takes, not no_image', async () => {
    const error = await expectError(await json({ image: 'x' }), 400, 'invalid_params');
    expect(error.details?.issues).toEqual([
      expect.objectContaining({
        param: 'image',
        expected: 'the image as imageBase64 or imageUrl (image is a multipart file field of the HTTP API)',
      }),
    ]);
  });
  it("another API's name for an image source is invalid_params naming the source it means", async () => {
    const url = 'https://a.example/x.png';
    const error = await expectError(
      await json({ url, image_url: url, data: 'abc', Base64: 'abc', columns: 80 }),
      400,
      'invalid_params',
    );
    const issues = error.details?.issues as { param: string; expected: string }[];
    expect(issues.map((i) => [i.param, i.expected])).toEqual([
      ['url', 'a known parameter (did you mean imageUrl?)'],
      ['image_url', 'a known parameter (did you mean imageUrl?)'],
      ['data', 'a known parameter (did you mean imageBase64?)'],
      ['Base64', 'a known parameter (did you mean imageBase64?)'],
    ]);
    // in the query string too, beside a real image
    const query = await expectError(await render({ body: form(png) }, `?src=${url}`), 400, 'invalid_params');
    expect(query.message).toBe(`src: expected a known parameter (did you mean imageUrl?), received "${url}"`);
  });
  it('a null imageUrl is invalid_image_source, alone or beside imageBase64', async () => {
    for (const body of [{ imageUrl: null }, { imageBase64: png.toString('base64'), imageUrl: null }]) {
      const error = await expectError(await json(body), 400, 'invalid_image_source');
      expect(error.details).toEqual({ field: 'imageUrl' });
    }
  });
  it('a JSON array is bad_request', () => json([1, 2]).then((r) => expectError(r, 400, 'bad_request')));
  it('imageBase64 that is not base64 is invalid_image_source', () =>
    json({ imageBase64: 'not base64!' }).then((r) => expectError(r, 400, 'invalid_image_source')));
  it('imageBase64 that is not a string is invalid_image_source', () =>
    json({ imageBase64: 42 }).then((r) => expectError(r, 400, 'invalid_image_source')));
  it('imageUrl that is not a URL is invalid_image_source saying what is wrong with it', async () => {
    const said = async (imageUrl: unknown) =>
      (await expectError(await json({ imageUrl }), 400, 'invalid_image_source')).message;
    expect(await said('not a url')).toMatch(/^imageUrl is not an absolute URL/);
    expect(await said('https://example.com:99999/x.png')).toMatch(/port up to 65535/);
    expect(await said(7)).toBe('imageUrl must be an absolute URL string, not number');
    expect(await said(`https://example.com/${'a'.repeat(5000)}`)).toBe(
      'imageUrl must be at most 4096 characters long, received 5020',
    );
  });
});

describe('parameters', () => {
  it('a JSON number too big for a double is reported as what it became, not as null', async () => {
    const body = `{"imageBase64":"${png.toString('base64')}","columns":1e400,"gamma":-1e400}`;
    const error = await expectError(await json(body), 400, 'invalid_params');
    expect(error.details?.issues).toEqual([
      expect.objectContaining({ param: 'columns', received: 'Infinity' }),
      expect.objectContaining({ param: 'gamma', received: '-Infinity' }),
    ]);
    expect(error.message).toMatch(/^columns: expected an integer from 8 to 400, received Infinity; /);
  });
});

describe('bodies and content types', () => {
  it('invalid JSON is invalid_json', () => json('{"imageBase64": ').then((r) => expectError(r, 400, 'invalid_json')));
  it('an empty JSON body is invalid_json', () => json('').then((r) => expectError(r, 400, 'invalid_json')));
  it.each([
    ['a __proto__ key', '{"imageBase64":"AA","__proto__":{"x":1}}', '__proto__'],
    ['an escaped __proto__ key', '{"imageBase64":"AA","\\u005f_proto__":{"x":1}}', '__proto__'],
    ['a __proto__ key deeper', '{"imageBase64":"AA","charset":[{"__proto__":1}]}', 'charset.0.__proto__'],
    ['a constructor holding prototype', '{"imageBase64":"AA","constructor":{"prototype":{}}}', 'constructor.prototype'],
  ])('JSON prototype poisoning (%s) is invalid_json, naming the key', async (_name, body, named) => {
    const error = await expectError(await json(body), 400, 'invalid_json');
    expect(error.message).toBe(
      `the body holds a prototype key, at ${named}: refused, as it could change the prototype of every object`,
    );
  });
  it('a key constructor or prototype alone is a parameter like any other (unknown)', async () => {
    for (const body of ['{"imageBase64":"AA","constructor":1}', '{"imageBase64":"AA","prototype":{}}']) {
      await expectError(await json(body), 400, 'invalid_params');
    }
  });
  it('broken JSON is not called poisoning', async () => {
    const error = await expectError(await json('{"__proto__":{}'), 400, 'invalid_json');
    expect(error.message).toBe('the body is not valid JSON');
  });
  it.each(['text/plain', 'application/xml', 'image/png', 'application/x-www-form-urlencoded'])(
    'content type %s is unsupported_media_type, saying where the image goes in the bodies taken',
    async (type) => {
      const headers = { 'content-type': type };
      const error = await expectError(await render({ headers, body: 'x' }), 415, 'unsupported_media_type');
      expect(error.message).toBe(
        'send multipart/form-data (the image in the file field `image`) or application/json (the image as imageBase64 or imageUrl)',
      );
    },
  );
  it('a broken multipart body is bad_request', async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\n\r\nabc';
    await expectError(
      await render({ headers: { 'content-type': 'multipart/form-data; boundary=b' }, body }),
      400,
      'bad_request',
    );
  });
  it('a form field value over 256 bytes is invalid_params naming it', async () => {
    const error = await expectError(
      await render({ body: form(png, { charset: 'x'.repeat(300) }) }),
      400,
      'invalid_params',
    );
    expect(error.details?.issues).toEqual([
      expect.objectContaining({
        param: 'charset',
        message: 'charset: expected at most 256 bytes, received a longer value',
      }),
    ]);
  });
  it('an unknown form field over 256 bytes is refused as unknown, with the parameter it may mean', async () => {
    const error = await expectError(
      await render({ body: form(png, { colour: 'x'.repeat(300) }) }),
      400,
      'invalid_params',
    );
    expect(error.details?.issues).toEqual([
      expect.objectContaining({ param: 'colour', expected: 'a known parameter (did you mean color?)' }),
    ]);
  });
  it('an image source as a long text field is refused for its carrier, not its length', async () => {
    for (const [param, expected] of [
      ['image', 'a multipart file field, not the form fields'],
      ['imageUrl', 'a JSON body key, not the form fields'],
    ]) {
      const body = form(png, { [param]: `https://images.test/${'x'.repeat(300)}.png` });
      const error = await expectError(await render({ body }), 400, 'invalid_params');
      expect(error.details?.issues).toEqual([expect.objectContaining({ param, expected })]);
    }
  });
});

describe('size and pixel limits', () => {
  const big = Buffer.alloc(LIMIT + 1, 7);
  it('a multipart image over MAX_IMAGE_BYTES is image_too_large', () =>
    render({ body: form(big) }).then((r) => expectError(r, 413, 'image_too_large')));
  it('a multipart upload far over MAX_IMAGE_BYTES is answered and cut off, not read to its end', async () => {
    // 256 MiB offered as fast as the socket takes it; the server must stop taking it after the 413
    const total = 256 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const head = '--b\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\n\r\n';
    const { port } = new URL(s.base);
    const outcome = await new Promise<{ status: number; sent: number; body: string }>((resolve, reject) => {
      const req = http.request({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/v1/render',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      });
      let sent = 0;
      let status = 0;
      let body = '';
      req.on('response', (res) => {
        status = res.statusCode ?? 0;
        res.setEncoding('utf8');
        res.on('data', (d) => {
          body += d;
        });
      });
      // the end of the upload: the server closed the connection, or it took every byte
      req.on('close', () => resolve({ status, sent, body }));
      req.on('error', () => {}); // the reset of the cut-off upload; 'close' follows
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end('\r\n--b--\r\n');
      };
      // written only once connected: until then a request takes every write into its buffer
      req.on('socket', (socket) => socket.once('connect', () => req.write(head) && pump()));
      req.flushHeaders();
      setTimeout(() => reject(new Error(`no end after sending ${sent} bytes`)), 30_000).unref();
    });
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body).error.code).toBe('image_too_large');
    expect(outcome.sent).toBeLessThan(total / 4);
  }, 40_000);
  it('a base64 image over MAX_IMAGE_BYTES after decoding is image_too_large', () =>
    json({ imageBase64: big.toString('base64') }).then((r) => expectError(r, 413, 'image_too_large')));
  it('a base64 image at exactly MAX_IMAGE_BYTES passes the size check (and is then not an image)', () =>
    json({ imageBase64: Buffer.alloc(LIMIT, 7).toString('base64') }).then((r) => expectError(r, 400, 'not_an_image')));
  it('so does one wrapped in lines as PEM wraps it, whose breaks outgrow the room for the parameters', async () => {
    // 2 MiB: the 64-character lines' CR LF (4 bytes each in JSON) add 170 KiB to its 2.7 MB of base64
    const limit = 2 * 1024 * 1024;
    const big = await startServer({ MAX_IMAGE_BYTES: String(limit) });
    try {
      const wrapped = Buffer.alloc(limit, 7)
        .toString('base64')
        .replace(/(.{64})/g, '$1\r\n');
      const res = await postJson(big.base, '/api/v1/render', { imageBase64: wrapped });
      await expectError(res, 400, 'not_an_image');
    } finally {
      await big.app.close();
    }
  });
  it('a JSON body over the body limit is image_too_large, naming the body limit it crossed', async () => {
    const error = await expectError(await json({ imageBase64: 'A'.repeat(LIMIT * 3) }), 413, 'image_too_large');
    const base64 = Math.ceil(LIMIT / 3) * 4;
    const bodyLimit = base64 + Math.ceil(base64 / 64) * 4 + 64 * 1024;
    expect(error.message).toMatch(new RegExp(`^the JSON body exceeds its limit of ${bodyLimit} bytes`));
    expect(error.details).toEqual({ limit: LIMIT, bodyLimit });
  });
  it('a 68-byte PNG claiming 50000 x 50000 is image_pixels_exceeded, in every intake', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBe(68);
    for (const res of [await render({ body: form(bomb) }), await json({ imageBase64: bomb.toString('base64') })]) {
      const error = await expectError(res, 413, 'image_pixels_exceeded');
      // the limit in details, as image_too_large gives its own
      expect(error.details).toEqual({ limit: DEFAULT_MAX_PIXELS });
      expect(error.message).toBe(`image is 50000 x 50000 pixels; the decode limit is ${DEFAULT_MAX_PIXELS} pixels`);
    }
  });
});

describe('images the decoder refuses', () => {
  it('bytes that are no image are not_an_image', () =>
    render({ body: form(Buffer.from('hello, this is text')) }).then((r) => expectError(r, 400, 'not_an_image')));
  it("a truncated PNG or JPEG is corrupt_image, said in our words, not the decoder's", async () => {
    const cut = (bytes: Buffer) => form(bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const pngError = await expectError(await render({ body: cut(png) }), 400, 'corrupt_image');
    expect(pngError.message).toBe('the image could not be decoded: the file is damaged or truncated');
    const jpeg = await testImage(96, 64, 'jpeg');
    const jpegError = await expectError(await render({ body: cut(jpeg) }), 400, 'corrupt_image');
    expect(jpegError.message).toBe('the image could not be decoded: the file ends early (truncated)');
  });
  it('an SVG is unsupported_image (415)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    await expectError(await render({ body: form(svg) }), 415, 'unsupported_image');
  });
  it('an image too tall for its width is grid_too_large', async () => {
    const tall = await sharp({ create: { width: 2, height: 4000, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const error = await expectError(await render({ body: form(tall) }, '?columns=400'), 400, 'grid_too_large');
    // the hint names what an API client can change: no rows (a CLI option only)
    expect(error.message).toMatch(/the limit is 2000: no width from the minimum of 8 columns fits: crop the image$/);
  });
});

describe('framework errors in the one shape', () => {
  it('an unknown route is not_found, without Allow, pointing to the list of routes', async () => {
    for (const path of ['/api/v2/nothing', '/api/v1/render/x', '/api']) {
      const res = await fetch(s.base + path, { method: 'PUT' });
      expect(res.headers.get('allow')).toBeNull();
      const error = await expectError(res, 404, 'not_found');
      expect(error.message).toBe(`no route for PUT ${path} (the routes are listed in /api/openapi.json)`);
    }
  });
  it('a route asked for with a slash at its end is not_found naming the route', async () => {
    const error = await expectError(await render({}, '/'), 404, 'not_found');
    expect(error.message).toBe('no route for POST /api/v1/render/ (did you mean /api/v1/render?)');
    const health = await expectError(await fetch(`${s.base}/api/health//`), 404, 'not_found');
    expect(health.message).toBe('no route for GET /api/health// (did you mean /api/health?)');
  });
  it.each([
    ['GET', '/api/v1/render', 'POST'],
    ['PUT', '/api/v1/render', 'POST'],
    ['POST', '/api/health', 'GET, HEAD'],
    ['DELETE', '/api/v1/agent', 'GET, HEAD'],
    // /api/mcp answers every method but POST with its own JSON-RPC 405 (test/unit/mcp/http.test.ts)
  ])('%s %s is method_not_allowed with Allow: %s', async (method, path, allow) => {
    const res = await fetch(s.base + path, { method });
    expect(res.headers.get('allow')).toBe(allow);
    const error = await expectError(res, 405, 'method_not_allowed');
    expect(error.message).toBe(`${path} does not take ${method}; it takes ${allow}`);
  });
  it('a malformed percent-encoding in the path is bad_request', () =>
    fetch(`${s.base}/api/%zz`).then((r) => expectError(r, 400, 'bad_request')));

  async function raw(request: string, base = s.base): Promise<string> {
    const { port } = new URL(base);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
      let out = '';
      socket.on('data', (d) => {
        out += d;
      });
      socket.on('close', () => resolve(out));
      socket.on('error', reject);
    });
  }
  it('malformed HTTP gets 400 with the error body, not the framework default', async () => {
    const out = await raw('GARBAGE / HTTP/1.1\r\n\r\n');
    expect(out).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(out.split('\r\n\r\n')[1])).toEqual({
      error: { code: 'bad_request', message: expect.any(String) },
    });
  });
  it('oversized headers get 431 with the error body', async () => {
    const out = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`);
    expect(out).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(out.split('\r\n\r\n')[1]).error.code).toBe('headers_too_large');
  });
  it('a body that stops arriving gets 408 once REQUEST_TIMEOUT_MS has passed (no slow-body hold)', async () => {
    const slow = await startServer({ REQUEST_TIMEOUT_MS: '1000' });
    try {
      const head =
        'POST /api/v1/render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
      const out = await raw(`${head}{`, slow.base);
      expect(out).toMatch(/^HTTP\/1\.1 408 /);
      expect(JSON.parse(out.split('\r\n\r\n')[1]).error.code).toBe('request_timeout');
    } finally {
      await slow.app.close();
    }
  });
});

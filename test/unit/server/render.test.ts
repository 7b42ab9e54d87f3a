/**
 * POST /api/v1/render over real HTTP: the intake modes, every format, the evidence headers and
 * parameter precedence. Bodies are compared with the engine called directly on the same bytes,
 * never with hard-coded art.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_INFO, FORMATS } from '../../../engine/index.js';
import {
  engineRender,
  errorOf,
  form,
  postJson,
  type Running,
  startServer,
  testImage,
  withoutTimings,
} from './support.js';

let s: Running;
let png: Buffer;
beforeAll(async () => {
  s = await startServer();
  png = await testImage();
});
afterAll(() => s.app.close());

const render = (path = '/api/v1/render', init: RequestInit = {}) => fetch(s.base + path, { method: 'POST', ...init });
const mediaType = (res: Response) => (res.headers.get('content-type') ?? '').split(';')[0];

describe('intake modes', () => {
  it('multipart file field `image` with form-field parameters', async () => {
    const res = await render('/api/v1/render', { body: form(png, { columns: '40', charset: 'blocks' }) });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe((await engineRender(png, { columns: 40, charset: 'blocks' })).body);
  });

  it('JSON imageBase64 with JSON parameters', async () => {
    const res = await postJson(s.base, '/api/v1/render', {
      imageBase64: png.toString('base64'),
      columns: 33,
      invert: true,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe((await engineRender(png, { columns: 33, invert: true })).body);
  });

  it('JSON imageBase64 as a data: URL, URL-safe alphabet, unpadded, line-wrapped, blanks around it', async () => {
    const b64 = png.toString('base64url').replace(/(.{76})/g, '$1\n');
    const expected = (await engineRender(png)).body;
    for (const imageBase64 of [`data:image/png;base64,${b64}`, ` \n\tdata:image/png;base64,${b64}\n`]) {
      const res = await postJson(s.base, '/api/v1/render', { imageBase64 });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(expected);
    }
  });

  it('a JPEG and a WebP decode the same way the engine decodes them', async () => {
    for (const format of ['jpeg', 'webp'] as const) {
      const bytes = await testImage(120, 80, format);
      const res = await render('/api/v1/render?columns=30', { body: form(bytes) });
      expect(await res.text()).toBe((await engineRender(bytes, { columns: 30 })).body);
    }
  });
});

describe('formats', () => {
  it.each(FORMATS)('format=%s: content type, file extension, evidence headers and the engine body', async (format) => {
    const res = await render(`/api/v1/render?format=${format}&color=true&columns=24`, { body: form(png) });
    expect(res.status).toBe(200);
    const info = FORMAT_INFO[format];
    expect(mediaType(res)).toBe(info.contentType.split(';')[0]);
    const expected = await engineRender(png, { format, color: true, columns: 24 });
    const body = await res.text();
    if (format.startsWith('json')) expect(withoutTimings(body)).toEqual(withoutTimings(expected.body));
    else expect(body).toBe(expected.body);
    const [columns, rows] = (res.headers.get('x-glyphcast-grid') ?? '').split('x').map(Number);
    expect(columns).toBe(24);
    expect(rows).toBeGreaterThan(0);
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="glyphcast-24x${rows}.${info.extension}"`);
    expect(res.headers.get('x-glyphcast-source')).toBe('96x64');
    expect(JSON.parse(res.headers.get('x-glyphcast-codebook') ?? '')).toMatchObject({ size: expect.any(Number) });
    expect(JSON.parse(res.headers.get('x-glyphcast-director') ?? '')).not.toBeUndefined();
    expect(res.headers.get('server-timing')).toMatch(
      /^trace;desc=00-[0-9a-f]{32}-[0-9a-f]{16}-0[0-3], decode;dur=[\d.]+, plan;dur=[\d.]+, kernels;dur=[\d.]+.*encode;dur=[\d.]+$/,
    );
    expect(res.headers.get('access-control-expose-headers')).toContain('x-glyphcast-director');
  });

  it('json formats carry grid size and evidence in the body', async () => {
    const res = await postJson(s.base, '/api/v1/render', { imageBase64: png.toString('base64'), format: 'json' });
    const body = await res.json();
    expect(body).toMatchObject({ format: 'json', columns: 120, evidence: { source: { width: 96, height: 64 } } });
    expect(res.headers.get('x-glyphcast-grid')).toBe(`${body.columns}x${body.rows}`);
  });

  it('answers each format with its content type exactly as SPEC 2.3 and the formats table give it', async () => {
    for (const format of FORMATS) {
      const res = await render(`/api/v1/render?format=${format}&columns=12`, { body: form(png) });
      expect(res.headers.get('content-type'), format).toBe(FORMAT_INFO[format].contentType);
    }
  });

  it('markup formats may not load anything (content security policy)', async () => {
    for (const format of ['html', 'svg']) {
      const res = await render(`/api/v1/render?format=${format}`, { body: form(png) });
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('parameter sources and precedence', () => {
  const b64 = () => png.toString('base64');

  it('query parameters apply to a multipart upload and to a JSON body', async () => {
    const expected = (await engineRender(png, { columns: 20, charset: 'minimal', invert: true })).body;
    const a = await render('/api/v1/render?columns=20&invert=1', { body: form(png, { charset: 'minimal' }) });
    expect(await a.text()).toBe(expected);
    const b = await postJson(s.base, '/api/v1/render?columns=20&invert=true', {
      imageBase64: b64(),
      charset: 'minimal',
    });
    expect(await b.text()).toBe(expected);
  });

  const twice: [string, () => Promise<Response>, string][] = [
    [
      'query and JSON',
      () => postJson(s.base, '/api/v1/render?columns=20', { imageBase64: b64(), columns: 20 }),
      'columns',
    ],
    ['query and form', () => render('/api/v1/render?gamma=1', { body: form(png, { gamma: '2' }) }), 'gamma'],
    [
      'a form field twice',
      () => {
        const fd = form(png);
        fd.append('dither', 'true');
        fd.append('dither', 'false');
        return render('/api/v1/render', { body: fd });
      },
      'dither',
    ],
    ['a query key twice', () => postJson(s.base, '/api/v1/render?invert=1&invert=0', { imageBase64: b64() }), 'invert'],
  ];
  it.each(twice)('the same parameter in %s is 400 naming it', async (_where, send, param) => {
    const { status, code, body } = await errorOf(await send());
    expect([status, code]).toEqual([400, 'invalid_params']);
    expect(body.error.details?.issues).toEqual([
      expect.objectContaining({ param, expected: 'a parameter given once' }),
    ]);
    expect(body.error.message).toContain(param);
  });
  it('a query key three times is said so, in the words of a form field twice', async () => {
    const { body } = await errorOf(await postJson(s.base, '/api/v1/render?x=1&x=2&x=3', { imageBase64: b64() }));
    expect(body.error.message).toBe('x: expected a parameter given once, received it in the query string 3 times');
  });

  it('image sources only in their own carrier', async () => {
    const { code, body } = await errorOf(
      await postJson(s.base, `/api/v1/render?imageUrl=${encodeURIComponent('https://x.example/a.png')}`, {
        imageBase64: b64(),
      }),
    );
    expect(code).toBe('invalid_params');
    expect(body.error.details?.issues).toEqual([expect.objectContaining({ param: 'imageUrl' })]);
  });

  it('reports __proto__ and constructor as unknown parameters, not as object keys', async () => {
    const res = await postJson(s.base, '/api/v1/render?__proto__=1&constructor=2', { imageBase64: b64() });
    const { status, body } = await errorOf(res);
    expect(status).toBe(400);
    const issues = body.error.details?.issues as { param: string }[];
    expect(issues.map((i) => i.param)).toEqual(['__proto__', 'constructor']);
  });

  it('reports every bad parameter of every source at once', async () => {
    const res = await postJson(s.base, '/api/v1/render?columns=999&charset=nope', {
      imageBase64: b64(),
      gamma: '2',
      colour: true,
    });
    const { status, body } = await errorOf(res);
    expect(status).toBe(400);
    const issues = body.error.details?.issues as { param: string; message: string }[];
    expect(issues.map((i) => i.param).sort()).toEqual(['charset', 'colour', 'columns', 'gamma']);
    expect(issues.find((i) => i.param === 'columns')?.message).toBe(
      'columns: expected an integer from 8 to 400, received "999"',
    );
  });
});

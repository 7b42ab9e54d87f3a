import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHROMA_ENCODING } from '../../../engine/encode/formats.js';
import { encode } from '../../../engine/encode/index.js';
import { encodeJsonCompact, toBase64 } from '../../../engine/encode/json.js';
import { gridLines } from '../../../engine/grid.js';
import { resolveParams } from '../../../engine/index.js';
import { EVIDENCE, gridArbitrary, params, textGrid } from '../../support/grids.js';
import { validParamsArbitrary } from '../../support/params-arbitrary.js';

const RED = [255, 0, 0] as const;
const BLUE = [0, 0, 255] as const;

const TAIL =
  '"params":{"columns":120,"charset":"detailed","format":"json-compact","color":COLOR,"background":false,"invert":false,' +
  '"contrast":1.15,"brightness":0,"saturation":1.4,"gamma":1,"edges":false,"edgeStrength":1.8,"dither":false,' +
  '"sharpen":0.35,"localContrast":0,"autoLevels":0.9,"structure":0.55,"denoise":0.35,"motionSensitivity":0.7,"autoOptimize":0.9,' +
  '"qualityTarget":"balanced","glyphStrategy":"adaptive","maxGlyphRmse":0.03,"monoColor":"#e5e5e5"},' +
  '"evidence":{"source":{"width":4,"height":4},"samplesPerCell":{"x":2,"y":4},' +
  '"codebook":{"strategy":"fixed","glyphs":" .#","size":3,"rmse":0.01,"bound":0.03,"status":"target_met"},' +
  '"director":null,"timings":{"cells":0.5}}}';

const grid = textGrid(
  ['.#.', '#<&'],
  [
    [RED, RED, BLUE],
    [BLUE, BLUE, BLUE],
  ],
);

describe('json-compact encoder', () => {
  it('writes one line: the lines, the chroma as rgb24-b64-v1 base64, the params and the evidence', () => {
    // ff0000 ff0000 0000ff | 0000ff 0000ff 0000ff = 18 bytes = 24 base64 characters
    expect(encode(grid, params({ format: 'json-compact', color: 'true' })).body).toBe(
      '{"format":"json-compact","columns":3,"rows":2,"charset":"standard","lines":[".#.","#<&"],' +
        '"chroma":{"encoding":"rgb24-b64-v1","data":"/wAA/wAAAAD/AAD/AAD/AAD/"},' +
        TAIL.replace('COLOR', 'true'),
    );
  });

  it('has chroma null without color', () => {
    expect(encode(grid, params({ format: 'json-compact' })).body).toBe(
      '{"format":"json-compact","columns":3,"rows":2,"charset":"standard","lines":[".#.","#<&"],"chroma":null,' +
        TAIL.replace('COLOR', 'false'),
    );
  });

  it('is served as application/json with the extension json (SPEC 2.3)', () => {
    const out = encode(grid, params({ format: 'json-compact' }));
    expect(out).toMatchObject({ contentType: 'application/json', extension: 'json', label: 'Compact JSON + chroma' });
  });

  it('encodes base64 exactly like RFC 4648 (Buffer), for every length mod 3', () => {
    expect(toBase64(new Uint8Array([]))).toBe('');
    expect(toBase64(new Uint8Array([0xff]))).toBe('/w==');
    expect(toBase64(new Uint8Array([0xff, 0xee]))).toBe('/+4=');
    expect(toBase64(new Uint8Array([0, 0, 0]))).toBe('AAAA');
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      }),
    );
  });

  it('parses back, for any glyphs, colors and params: lines round-trip and the chroma decodes to the colors', () => {
    fc.assert(
      fc.property(gridArbitrary({ anyCodePoints: true }), validParamsArbitrary, (g, input) => {
        const p = { ...resolveParams(input, 'json'), color: true };
        const body = encodeJsonCompact(g, p);
        expect(body).not.toContain('\n');
        const parsed = JSON.parse(body);
        expect(Object.keys(parsed)).toEqual([
          'format',
          'columns',
          'rows',
          'charset',
          'lines',
          'chroma',
          'params',
          'evidence',
        ]);
        expect(parsed).toMatchObject({ format: 'json-compact', columns: g.columns, rows: g.rows, charset: g.charset });
        expect(parsed.lines).toEqual(gridLines(g));
        expect(parsed.params).toEqual(p);
        expect(parsed.evidence).toEqual(EVIDENCE);
        expect(parsed.chroma.encoding).toBe(CHROMA_ENCODING);
        const bytes = new Uint8Array(Buffer.from(parsed.chroma.data, 'base64'));
        expect(bytes).toHaveLength(g.columns * g.rows * 3);
        expect(bytes).toEqual(g.colors);
      }),
    );
  });
});

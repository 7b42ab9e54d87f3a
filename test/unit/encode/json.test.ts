import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encode } from '../../../engine/encode/index.js';
import { encodeJson } from '../../../engine/encode/json.js';
import { gridLines } from '../../../engine/grid.js';
import { resolveParams } from '../../../engine/index.js';
import { EVIDENCE, gridArbitrary, params, rgbOf, textGrid } from '../../support/grids.js';
import { validParamsArbitrary } from '../../support/params-arbitrary.js';

const RED = [255, 0, 0] as const;
const BLUE = [0, 0, 255] as const;

const PARAMS_BLOCK = `  "params": {
    "columns": 120,
    "charset": "detailed",
    "format": "json",
    "color": COLOR,
    "background": false,
    "invert": false,
    "contrast": 1.15,
    "brightness": 0,
    "saturation": 1.4,
    "gamma": 1,
    "edges": false,
    "edgeStrength": 1.8,
    "dither": false,
    "sharpen": 0.35,
    "localContrast": 0,
    "autoLevels": 0.9,
    "structure": 0.55,
    "denoise": 0.35,
    "motionSensitivity": 0.7,
    "autoOptimize": 0.9,
    "qualityTarget": "balanced",
    "glyphStrategy": "adaptive",
    "maxGlyphRmse": 0.03,
    "monoColor": "#e5e5e5"
  },
  "evidence": {
    "source": {
      "width": 4,
      "height": 4
    },
    "samplesPerCell": {
      "x": 2,
      "y": 4
    },
    "codebook": {
      "strategy": "fixed",
      "glyphs": " .#",
      "size": 3,
      "rmse": 0.01,
      "bound": 0.03,
      "status": "target_met"
    },
    "director": null,
    "timings": {
      "cells": 0.5
    }
  }
}`;

const grid = textGrid(
  ['.#.', '#<"'],
  [
    [RED, RED, BLUE],
    [BLUE, BLUE, BLUE],
  ],
);

describe('json encoder', () => {
  it('writes the size, the lines, one row of #rrggbb colors per line, the params and the evidence', () => {
    expect(encode(grid, params({ format: 'json', color: 'true' })).body).toBe(`{
  "format": "json",
  "columns": 3,
  "rows": 2,
  "charset": "standard",
  "lines": [
    ".#.",
    "#<\\""
  ],
  "colors": [
    ["#ff0000", "#ff0000", "#0000ff"],
    ["#0000ff", "#0000ff", "#0000ff"]
  ],
${PARAMS_BLOCK.replace('COLOR', 'true')}`);
  });

  it('has colors null without color', () => {
    expect(encode(grid, params({ format: 'json' })).body).toBe(`{
  "format": "json",
  "columns": 3,
  "rows": 2,
  "charset": "standard",
  "lines": [
    ".#.",
    "#<\\""
  ],
  "colors": null,
${PARAMS_BLOCK.replace('COLOR', 'false')}`);
  });

  it('is served as application/json with the extension json (SPEC 2.3)', () => {
    const out = encode(grid, params({ format: 'json' }));
    expect(out).toMatchObject({ contentType: 'application/json', extension: 'json', label: 'JSON' });
  });

  it('parses back, for any glyphs, colors and params: lines, colors and params round-trip exactly', () => {
    fc.assert(
      fc.property(gridArbitrary({ anyCodePoints: true }), validParamsArbitrary, (g, input) => {
        const p = resolveParams(input, 'json');
        const body = JSON.parse(encodeJson(g, p));
        expect(Object.keys(body)).toEqual([
          'format',
          'columns',
          'rows',
          'charset',
          'lines',
          'colors',
          'params',
          'evidence',
        ]);
        expect(body).toMatchObject({ format: 'json', columns: g.columns, rows: g.rows, charset: g.charset });
        expect(body.lines).toEqual(gridLines(g));
        expect(body.params).toEqual(p);
        expect(body.evidence).toEqual(EVIDENCE);
        if (!p.color) {
          expect(body.colors).toBeNull();
          return;
        }
        expect(body.colors).toHaveLength(g.rows);
        for (const row of body.colors) expect(row).toHaveLength(g.columns);
        expect(Uint8Array.from(body.colors.flat().flatMap(rgbOf))).toEqual(g.colors);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { FrameUniform, TableImage } from '../../engine/gpu/frame-uniform.js';
import { FRAME_FIELDS, wgslPreamble } from '../../engine/gpu/preamble.js';
import { resolveParams } from '../../engine/index.js';
import { planFrame } from '../../engine/plan.js';

describe('GPU frame uniform', () => {
  const plan = planFrame(resolveParams({ columns: 40, charset: 'standard' }, 'json'), { width: 300, height: 200 });

  it('fill() sets every field of the generated Frame struct', () => {
    const set = new Set<string>();
    const uniform = new FrameUniform();
    const original = uniform.set.bind(uniform);
    uniform.set = (field, value) => {
      set.add(field);
      original(field, value);
    };
    const tables = new TableImage();
    tables.pack(plan);
    uniform.fill(plan, 300, tables, {
      temporal: true,
      fresh: false,
      usePrevGlyphs: true,
      usePrevBook: true,
      usePrevColors: false,
    });
    expect([...FRAME_FIELDS].filter((f) => !set.has(f))).toEqual([]);
  });

  it('the WGSL struct lists the fields in the order the host writes them', () => {
    const struct = wgslPreamble().match(/struct Frame \{([^}]*)\}/)?.[1] ?? '';
    expect(struct.match(/\w+(?=: u32)/g)).toEqual([...FRAME_FIELDS]);
  });

  it('packs the directional glyphs as two s complement, so -1 survives the u32 table', () => {
    const dots = planFrame(resolveParams({ columns: 40, charset: 'dots' }, 'json'), { width: 300, height: 200 });
    const tables = new TableImage();
    tables.pack(dots);
    const at = tables.at.directionalAt;
    expect(Array.from(tables.words.subarray(at, at + 4), (w) => w | 0)).toEqual([-1, -1, -1, -1]);
    expect(tables.pack(dots)).toBeNull();
  });

  it('repacks only from the first table that changed: a new tone curve leaves the constant tables alone', () => {
    const tables = new TableImage();
    expect(tables.pack(plan)).toBe(0);
    const pairs = tables.words.subarray(tables.at.srgbPairToLinearAt, tables.at.linearToToneAt);
    expect(pairs).toHaveLength(65536);
    // red 255 and green 0 in one entry: srgbToLinear[255] | srgbToLinear[0] << 16
    expect(pairs[255]).toBe(plan.srgbToLinear[255]);
    expect(pairs[0xff00]).toBe(((plan.srgbToLinear[255] as number) << 16) >>> 0);
    const brighter = planFrame(resolveParams({ columns: 40, charset: 'standard', brightness: 40 }, 'json'), {
      width: 300,
      height: 200,
    });
    expect(tables.pack(brighter)).toBe(tables.at.toneCurveAt);
    const at = tables.at.toneCurveAt;
    expect(Array.from(tables.words.subarray(at, at + brighter.toneCurve.length))).toEqual(
      Array.from(brighter.toneCurve),
    );
  });
});

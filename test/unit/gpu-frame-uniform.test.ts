import { describe, expect, it } from 'vitest';
import { FrameUniform, TableImage } from '../../engine/gpu/frame-uniform.js';
import { FRAME_FIELDS, wgslPreamble } from '../../engine/gpu/preamble.js';
import { resolveParams } from '../../engine/params.js';
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
    uniform.fill(plan, 300, tables, { temporal: true, fresh: false, usePrevGlyphs: true, usePrevBook: true });
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
    expect(tables.pack(dots)).toBe(false);
  });
});

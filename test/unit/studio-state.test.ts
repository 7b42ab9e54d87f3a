import { describe, expect, it } from 'vitest';
import { RUBRICS } from '../../engine/director/rubrics.js';
import { defaultParams, PARAMS, resolveParams } from '../../engine/index.js';
import { MAX_NOTICES, withNotice, withoutErrors } from '../../studio/state/notices.js';
import { formatValue, METRIC_LABELS, paramLabel, stepDecimals } from '../../studio/state/param-labels.js';
import { applyPreset, PRESETS, presetInForce } from '../../studio/state/presets.js';
import { isTraceId, newTraceId } from '../../studio/state/trace-id.js';
import {
  changedParams,
  differingParams,
  linkIssueText,
  readUrlState,
  writeUrlQuery,
} from '../../studio/state/url-state.js';

describe('studio URL state', () => {
  it('an empty query is the defaults, with no issues', () => {
    expect(readUrlState('')).toEqual({
      params: defaultParams(),
      issues: [],
      traceId: null,
      draw: 'auto',
      executor: 'auto',
      temporal: true,
      image: null,
      diagnostics: false,
      sample: null,
    });
  });

  it('reads every parameter as resolveParams reads strings', () => {
    const { params, issues } = readUrlState('?columns=80&color=1&charset=blocks&contrast=1.5&monoColor=%23ABC');
    expect(issues).toEqual([]);
    expect(params).toMatchObject({ columns: 80, color: true, charset: 'blocks', contrast: 1.5, monoColor: '#aabbcc' });
  });

  it('reports each bad value with the engine message and keeps that default, keeping the good ones', () => {
    const { params, issues } = readUrlState('?columns=9000&charset=dots&gamma=abc&bogus=1&dither=true&dither=false');
    expect(issues.map((i) => i.message)).toEqual([
      'columns: expected an integer from 8 to 400, received "9000"',
      'gamma: expected a number from 0.2 to 3, received "abc"',
      expect.stringMatching(/^bogus: expected a known parameter/),
      'dither: expected true or false, given once, received ["true","false"]',
    ]);
    expect(params).toEqual(resolveParams({ charset: 'dots' }, 'json'));
    // in the notice: a likely meant name is suggested, a name far from every setting is short
    const words = readUrlState('?colums=100&bogus=1').issues.map(linkIssueText);
    expect(words).toEqual([
      'colums: expected a known parameter (did you mean columns?), received "100"',
      'bogus: not a setting',
    ]);
  });

  it('writes only the parameters that differ from their defaults, in schema order, keeping traceId', () => {
    const params = resolveParams({ invert: true, columns: 64, monoColor: '#e5e5e5' }, 'json');
    expect(changedParams(params)).toEqual({ columns: '64', invert: 'true' });
    const trace = 'ab'.repeat(16);
    expect(writeUrlQuery(params, `?columns=1&traceId=${trace}`)).toBe(`?columns=64&invert=true&traceId=${trace}`);
    expect(writeUrlQuery(defaultParams(), '?columns=64')).toBe('');
  });

  it('names the parameters two looks differ in, in schema order (what a preset or Reset all changed)', () => {
    const before = resolveParams({ gamma: 1.4, columns: 64 }, 'json');
    expect(differingParams(before, defaultParams())).toEqual(['columns', 'gamma']);
    expect(differingParams(before, before)).toEqual([]);
  });

  it('round-trips every parameter at a non-default value through the query string', () => {
    const changed = Object.fromEntries(
      PARAMS.map((p) => {
        const k = p.kind;
        const v =
          k.type === 'boolean'
            ? !p.default
            : k.type === 'enum'
              ? k.values.at(-1)
              : k.type === 'color'
                ? '#123456'
                : k.max;
        return [p.name, v];
      }),
    );
    const params = resolveParams(changed, 'json');
    expect(readUrlState(writeUrlQuery(params, ''))).toEqual({
      params,
      issues: [],
      traceId: null,
      draw: 'auto',
      executor: 'auto',
      temporal: true,
      image: null,
      diagnostics: false,
      sample: null,
    });
  });

  it('opens a named sample from the link and reports an unknown one', () => {
    expect(readUrlState('?sample=rocket').sample).toBe('rocket');
    const bad = readUrlState('?sample=moon');
    expect(bad.sample).toBeNull();
    expect(bad.issues[0].message).toMatch(/^sample: expected one of astronaut, rocket, street, walkers/);
    const params = resolveParams({ columns: 64 }, 'json');
    expect(writeUrlQuery(params, '', null, 'street')).toBe('?columns=64&sample=street');
  });

  it('accepts a W3C trace id from the link and reports a malformed one', () => {
    const id = '4bf92f3577b34da6a3ce929d0e0e4736';
    expect(readUrlState(`?traceId=${id}`).traceId).toBe(id);
    const bad = readUrlState('?traceId=00000000000000000000000000000000');
    expect(bad.traceId).toBeNull();
    expect(bad.issues[0].message).toMatch(/^traceId: expected 32 lowercase hex digits/);
  });

  it('reads the temporal switch (on unless off), and reports an unknown value', () => {
    expect(readUrlState('?temporal=off').temporal).toBe(false);
    expect(readUrlState('?temporal=on').temporal).toBe(true);
    const bad = readUrlState('?temporal=no');
    expect(bad.temporal).toBe(true);
    expect(bad.issues[0].message).toBe('temporal: expected one of on, off, received "no"');
    expect(writeUrlQuery(resolveParams({ columns: 90 }, 'json'), '?temporal=off&columns=80')).toBe(
      '?columns=90&temporal=off',
    );
  });

  it('reads the draw mode, and reports an unknown one', () => {
    expect(readUrlState('?draw=canvas2d').draw).toBe('canvas2d');
    const bad = readUrlState('?draw=vulkan');
    expect(bad.draw).toBe('auto');
    expect(bad.issues[0].message).toBe('draw: expected one of auto, webgpu, canvas2d, received "vulkan"');
  });

  it('reads the executor mode, keeps it when the params change, and reports an unknown one', () => {
    expect(readUrlState('?executor=webgpu').executor).toBe('webgpu');
    expect(readUrlState('?executor=cpu').executor).toBe('cpu');
    expect(writeUrlQuery(resolveParams({ columns: 90 }, 'json'), '?executor=cpu')).toBe('?columns=90&executor=cpu');
    const bad = readUrlState('?executor=gpu');
    expect(bad.executor).toBe('auto');
    expect(bad.issues[0].message).toBe('executor: expected one of auto, webgpu, cpu, received "gpu"');
  });

  it('drops a studio key it reported as unusable when the link is next written, and keeps usable ones', () => {
    const params = resolveParams({ columns: 90 }, 'json');
    const trace = '4bf92f3577b34da6a3ce929d0e0e4736';
    expect(writeUrlQuery(params, '?executor=xyz&draw=vulkan&temporal=no&traceId=00')).toBe('?columns=90');
    expect(writeUrlQuery(params, `?executor=cpu&draw=canvas2d&temporal=off&traceId=${trace}`)).toBe(
      `?columns=90&traceId=${trace}&draw=canvas2d&temporal=off&executor=cpu`,
    );
  });
});

describe('the image address in the link', () => {
  it('is read when it is an http(s) address, reported otherwise', () => {
    const image = 'https://images.example/photo%20one.png';
    expect(readUrlState(`?image=${encodeURIComponent(image)}`)).toMatchObject({ image, issues: [] });
    const bad = readUrlState('?image=javascript%3Aalert(1)&columns=64');
    expect(bad.image).toBeNull();
    expect(bad.issues.map((i) => i.message)).toEqual([
      'image: expected an http(s) image address, received "javascript:alert(1)"',
    ]);
    expect(bad.params.columns).toBe(64);
  });

  it('is written for the image URL source on show only, never kept from the old link', () => {
    const params = resolveParams({ columns: 90 }, 'json');
    const image = 'https://images.example/a.png';
    expect(writeUrlQuery(params, '?columns=80', image)).toBe(`?columns=90&image=${encodeURIComponent(image)}`);
    // another source (a file, the camera): the old link's address goes
    expect(writeUrlQuery(params, `?image=${encodeURIComponent(image)}`)).toBe('?columns=90');
    expect(writeUrlQuery(params, '', 'ftp://images.example/a.png')).toBe('?columns=90');
  });
});

describe('trace ids', () => {
  it('are 32 lowercase hex digits from the CSPRNG, never all zero', () => {
    const id = newTraceId();
    expect(isTraceId(id)).toBe(true);
    let calls = 0;
    const zeroThenOnes = (b: Uint8Array) => b.fill(calls++ === 0 ? 0 : 1);
    expect(newTraceId(zeroThenOnes)).toBe('01'.repeat(16));
  });
});

describe('presets', () => {
  it('one per qualityTarget rubric, each valid and setting the same parameters', () => {
    expect(PRESETS.map((p) => p.target)).toEqual(['balanced', 'portrait', 'motion', 'low-light', 'round-trip']);
    const keys = Object.keys(PRESETS[0].params).sort();
    for (const preset of PRESETS) {
      expect(Object.keys(preset.params).sort()).toEqual(keys);
      expect(preset.params.qualityTarget).toBe(preset.target);
      expect(resolveParams(preset.params, 'json')).toMatchObject(preset.params);
    }
  });

  it('keeps the output settings and replaces only what the preset names', () => {
    const mine = resolveParams({ columns: 200, color: true, charset: 'blocks', gamma: 2 }, 'json');
    const out = applyPreset(mine, PRESETS[3]);
    expect(out).toMatchObject({ columns: 200, color: true, charset: 'blocks', gamma: 1.4, qualityTarget: 'low-light' });
  });

  it('is in force while the look has every setting it sets, whatever the output settings', () => {
    const mine = resolveParams({ columns: 200, color: true }, 'json');
    expect(presetInForce(mine)).toBe(PRESETS[0]); // the defaults are the Balanced preset
    const lowLight = applyPreset(mine, PRESETS[3]);
    expect(presetInForce(lowLight)).toBe(PRESETS[3]);
    expect(presetInForce({ ...lowLight, gamma: 1.3 })).toBeUndefined();
    // the rubric alone (the Quality target field) is not the preset
    expect(presetInForce({ ...mine, qualityTarget: 'portrait' })).toBeUndefined();
  });
});

describe('parameter labels', () => {
  it('are plain words, never the parameter keys, for every parameter of the schema', () => {
    expect(paramLabel('columns')).toBe('Width');
    expect(paramLabel('edges')).toBe('Outlines only');
    expect(paramLabel('maxGlyphRmse')).toBe('Tone accuracy');
    const keys = PARAMS.map((p) => p.name);
    for (const p of PARAMS) expect([p.name, keys.filter((k) => paramLabel(p.name).includes(k))]).toEqual([p.name, []]);
  });

  it('format numbers to the precision of their step', () => {
    const contrast = PARAMS.find((p) => p.name === 'contrast');
    const columns = PARAMS.find((p) => p.name === 'columns');
    expect(contrast && stepDecimals(contrast)).toBe(2);
    expect(contrast && formatValue(contrast, 1.2)).toBe('1.20');
    expect(columns && formatValue(columns, 120)).toBe('120');
  });

  it('name every metric a rubric reports in words, with what it measures', () => {
    for (const rubric of Object.values(RUBRICS))
      for (const { name } of rubric.metrics) {
        expect(METRIC_LABELS[name]?.label, name).toMatch(/^[A-Z]/);
        expect(METRIC_LABELS[name]?.meaning.length, name).toBeGreaterThan(10);
      }
  });

  it('show a typed value with more decimals than its step as it is (the render uses all of them)', () => {
    const brightness = PARAMS.find((p) => p.name === 'brightness');
    const contrast = PARAMS.find((p) => p.name === 'contrast');
    expect(brightness && formatValue(brightness, 7.25)).toBe('7.25');
    expect(brightness && formatValue(brightness, -7)).toBe('-7');
    expect(contrast && formatValue(contrast, 1.125)).toBe('1.125');
    expect(contrast && formatValue(contrast, 1.23456789)).toBe('1.23456789');
    expect(brightness && formatValue(brightness, 1e-7)).toBe('1e-7');
  });

  it('say on or off for a switch, as its control does', () => {
    const color = PARAMS.find((p) => p.name === 'color');
    expect(color && [formatValue(color, false), formatValue(color, true)]).toEqual(['off', 'on']);
  });
});

describe('notices', () => {
  const n = (id: number, kind: 'error' | 'warning', text: string) => ({ id, kind, text });

  it('keep the newest MAX_NOTICES, and move a repeated text to the end instead of showing it twice', () => {
    let list = withNotice([], n(1, 'error', 'a'));
    list = withNotice(list, n(2, 'warning', 'b'));
    list = withNotice(list, n(3, 'error', 'a'));
    expect(list.map((x) => x.id)).toEqual([2, 3]);
    for (let id = 4; id < 9; id++) list = withNotice(list, n(id, 'error', `e${id}`));
    expect(list.map((x) => x.id)).toEqual([6, 7, 8]);
    expect(list).toHaveLength(MAX_NOTICES);
  });

  it('drop the errors and keep the warnings when a new source is chosen', () => {
    expect(withoutErrors([n(1, 'warning', 'link'), n(2, 'error', 'url')])).toEqual([n(1, 'warning', 'link')]);
  });
});

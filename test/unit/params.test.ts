import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultParams,
  MAX_LISTED_ISSUES,
  nearestParam,
  PARAMS,
  type ParamInfo,
  ParamsError,
  paramsJsonSchema,
  paramsToStrings,
  type RenderParams,
  resolveParams,
} from '../../engine/index.js';
import { validParamsArbitrary } from '../support/params-arbitrary.js';

/** The parameters glyphcast adds to SPEC 2.2 (README "Parameters", docs/auto-director.md), with their defaults. */
const EXTENSIONS = { localContrast: 0, background: false };

/** SPEC 2.2's 22 parameters with their defaults. */
const SPEC_TABLE: Omit<RenderParams, keyof typeof EXTENSIONS> = {
  columns: 120,
  charset: 'detailed',
  format: 'text',
  color: false,
  invert: false,
  contrast: 1.15,
  brightness: 0,
  saturation: 1.4,
  gamma: 1,
  edges: false,
  edgeStrength: 1.8,
  dither: false,
  sharpen: 0.35,
  autoLevels: 0.9,
  structure: 0.55,
  denoise: 0.35,
  motionSensitivity: 0.7,
  autoOptimize: 0.9,
  qualityTarget: 'balanced',
  glyphStrategy: 'adaptive',
  maxGlyphRmse: 0.03,
  monoColor: '#e5e5e5',
};

const SPEC_DEFAULTS: RenderParams = { ...SPEC_TABLE, ...EXTENSIONS };

const SPEC_RANGES: Record<string, [number, number]> = {
  localContrast: [0, 2],
  columns: [8, 400],
  contrast: [0.2, 4],
  brightness: [-150, 150],
  saturation: [0, 4],
  gamma: [0.2, 3],
  edgeStrength: [0.1, 5],
  sharpen: [0, 1],
  autoLevels: [0, 1],
  structure: [0, 1],
  denoise: [0, 1],
  motionSensitivity: [0, 1],
  autoOptimize: [0, 1],
  maxGlyphRmse: [0.005, 0.1],
};

const SPEC_ENUMS: Record<string, string[]> = {
  charset: ['standard', 'detailed', 'blocks', 'binary', 'dots', 'minimal'],
  format: ['text', 'ansi', 'html', 'json', 'json-compact', 'svg'],
  qualityTarget: ['balanced', 'portrait', 'motion', 'low-light', 'round-trip'],
  glyphStrategy: ['adaptive', 'fixed'],
};

function paramsErrorOf(input: unknown, source: 'json' | 'strings'): ParamsError {
  try {
    resolveParams(input, source);
  } catch (e) {
    expect(e).toBeInstanceOf(ParamsError);
    return e as ParamsError;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
}

const issuesOf = (input: unknown, source: 'json' | 'strings') => paramsErrorOf(input, source).issues;

const numeric = PARAMS.filter((p) => p.kind.type === 'integer' || p.kind.type === 'number');

describe('the params schema', () => {
  it('has exactly the 22 parameters of SPEC 2.2 with their defaults, and the extensions', () => {
    expect(Object.keys(SPEC_TABLE)).toHaveLength(22);
    expect(PARAMS.map((p) => p.name).sort()).toEqual(Object.keys(SPEC_DEFAULTS).sort());
    expect(defaultParams()).toEqual(SPEC_DEFAULTS);
    expect(resolveParams({}, 'json')).toEqual(SPEC_DEFAULTS);
    expect(resolveParams(undefined, 'strings')).toEqual(SPEC_DEFAULTS);
  });

  it.each(PARAMS.map((p) => [p.name, p] as const))('%s has a description, a group and the SPEC default', (name, p) => {
    expect(p.description.length).toBeGreaterThan(8);
    expect(p.group).toBeTruthy();
    expect(p.default).toEqual(SPEC_DEFAULTS[name]);
  });

  it('has exactly the SPEC ranges and enum values', () => {
    for (const p of numeric) {
      const kind = p.kind as { min: number; max: number };
      expect([kind.min, kind.max], p.name).toEqual(SPEC_RANGES[p.name]);
    }
    expect(numeric.map((p) => p.name).sort()).toEqual(Object.keys(SPEC_RANGES).sort());
    for (const [name, values] of Object.entries(SPEC_ENUMS)) {
      const p = PARAMS.find((x) => x.name === name) as ParamInfo;
      expect(p.kind).toEqual({ type: 'enum', values });
    }
    const columns = PARAMS.find((p) => p.name === 'columns') as ParamInfo;
    expect(columns.kind.type).toBe('integer');
  });
});

describe('resolveParams: ranges', () => {
  for (const p of numeric) {
    const { min, max } = p.kind as { min: number; max: number };
    const step = p.kind.type === 'integer' ? 1 : (p.step ?? 0.01);

    it(`${p.name} accepts both ends ${min} and ${max}, as JSON and as strings`, () => {
      for (const v of [min, max]) {
        expect(resolveParams({ [p.name]: v }, 'json')[p.name]).toBe(v);
        expect(resolveParams({ [p.name]: String(v) }, 'strings')[p.name]).toBe(v);
      }
    });

    it(`${p.name} rejects one step outside each end, naming the range, never clamping`, () => {
      for (const v of [min - step, max + step, max + 1e-9]) {
        const [only] = issuesOf({ [p.name]: v }, 'json');
        expect(only.param).toBe(p.name);
        expect(only.message).toContain(`from ${min} to ${max}`);
        expect(only.message).toContain(String(v));
      }
    });
  }

  it('columns must be an integer', () => {
    expect(issuesOf({ columns: 80.5 }, 'json')[0].message).toBe(
      'columns: expected an integer from 8 to 400, received 80.5',
    );
    expect(issuesOf({ columns: '80.5' }, 'strings')[0].param).toBe('columns');
  });

  it('rejects non-finite numbers', () => {
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY])
      expect(issuesOf({ contrast: v }, 'json')[0].param).toBe('contrast');
    for (const v of ['NaN', 'Infinity', '0x10', '1e', '', ' ', '1,5'])
      expect(issuesOf({ contrast: v }, 'strings')[0].param).toBe('contrast');
  });
});

describe('resolveParams: enums, booleans, colors', () => {
  for (const [name, values] of Object.entries(SPEC_ENUMS)) {
    it(`${name} accepts each of ${values.join(', ')} and rejects others`, () => {
      for (const v of values) {
        expect(resolveParams({ [name]: v }, 'json')[name as keyof RenderParams]).toBe(v);
        expect(resolveParams({ [name]: v }, 'strings')[name as keyof RenderParams]).toBe(v);
      }
      const [only] = issuesOf({ [name]: 'nope' }, 'json');
      expect(only.message).toBe(`${name}: expected one of ${values.join(', ')}, received "nope"`);
    });
  }

  it('booleans: JSON takes true/false only; strings take true/false/1/0', () => {
    for (const name of ['color', 'invert', 'edges', 'dither'] as const) {
      expect(resolveParams({ [name]: true }, 'json')[name]).toBe(true);
      expect(resolveParams({ [name]: false }, 'json')[name]).toBe(false);
      expect(resolveParams({ [name]: 'true' }, 'strings')[name]).toBe(true);
      expect(resolveParams({ [name]: '1' }, 'strings')[name]).toBe(true);
      expect(resolveParams({ [name]: 'false' }, 'strings')[name]).toBe(false);
      expect(resolveParams({ [name]: '0' }, 'strings')[name]).toBe(false);
      expect(issuesOf({ [name]: 'true' }, 'json')[0].expected).toBe('true or false, as a JSON boolean, not a string');
      expect(issuesOf({ [name]: 1 }, 'json')[0].param).toBe(name);
      for (const bad of ['yes', 'TRUE', '2', ''])
        expect(issuesOf({ [name]: bad }, 'strings')[0].message).toContain(`${name}: expected true or false`);
    }
    // refused, not guessed, but the boolean meant is named
    for (const [bad, meant] of [
      ['TRUE', 'true'],
      ['False', 'false'],
      ['on', 'true'],
      [' Off ', 'false'],
      ['yes', 'true'],
    ]) {
      expect(issuesOf({ invert: bad }, 'strings')[0].expected).toBe(`true or false (did you mean ${meant}?)`);
    }
    expect(issuesOf({ invert: 'maybe' }, 'strings')[0].expected).toBe('true or false');
  });

  it('monoColor takes #rrggbb and #rgb in either case and normalizes to lowercase #rrggbb', () => {
    expect(resolveParams({ monoColor: '#ABC' }, 'json').monoColor).toBe('#aabbcc');
    expect(resolveParams({ monoColor: '#12aBcD' }, 'strings').monoColor).toBe('#12abcd');
    for (const bad of ['e5e5e5', '#e5e5e', '#ggg', 'red', '#e5e5e5e5'])
      expect(issuesOf({ monoColor: bad }, 'json')[0].expected).toBe('a hex color #rrggbb or #rgb');
  });

  it('JSON takes typed numbers and booleans only, and says so of text that would read as one', () => {
    expect(issuesOf({ columns: '80' }, 'json')[0].message).toBe(
      'columns: expected an integer from 8 to 400, as a JSON number, not a string, received "80"',
    );
    expect(issuesOf({ dither: 'true' }, 'json')[0].expected).toBe('true or false, as a JSON boolean, not a string');
    // text that would be refused anyway is not told about quotes
    for (const [param, value] of [
      ['columns', '800'],
      ['columns', ''],
      ['dither', 'yes'],
      ['gamma', 'x'],
    ]) {
      expect(issuesOf({ [param]: value }, 'json')[0].expected).not.toMatch(/JSON/);
    }
    // a query string or a form field is text: "80" is its number
    expect(resolveParams({ columns: '80' }, 'strings').columns).toBe(80);
  });
});

describe('resolveParams: bad requests', () => {
  it('names an unknown key, with the parameter it was probably meant to be, else every one', () => {
    const [only] = issuesOf({ colums: 80 }, 'json');
    expect(only.param).toBe('colums');
    expect(only.message).toBe('colums: expected a known parameter (did you mean columns?), received 80');
    expect(issuesOf({ bogus: 1 }, 'json')[0].message).toMatch(/^bogus: expected a known parameter \(one of columns, /);
  });

  it('lists the first 20 issues and counts the rest, and cuts long names and values', () => {
    const many = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`x${i}`, 1]));
    const err = paramsErrorOf(many, 'json');
    expect(err.issues).toHaveLength(MAX_LISTED_ISSUES);
    expect(err.issues[0].param).toBe('x0');
    expect(err.unlisted).toBe(100_000 - MAX_LISTED_ISSUES);
    expect(err.message).toMatch(/; and 99980 more$/);
    const [long] = issuesOf({ ['k'.repeat(5000)]: 'v'.repeat(1_000_000) }, 'json');
    expect(long.param).toBe(`${'k'.repeat(80)}… (5000 characters)`);
    expect(long.received).toBe(`"${'v'.repeat(79)}… (1000002 characters)`);
    expect(long.message.length).toBeLessThan(600); // with the list of the 22 names
  });

  it('suggests a parameter for another case or spelling, or a typo within two edits, and only one', () => {
    expect(nearestParam('edge_strength')).toBe('edgeStrength');
    expect(nearestParam('Auto-Levels')).toBe('autoLevels');
    expect(nearestParam('contrats')).toBe('contrast');
    expect(nearestParam('colour')).toBe('color');
    expect(nearestParam('col')).toBeUndefined(); // too short to guess
    expect(nearestParam('wdth')).toBeUndefined();
  });

  it("reads other converters' names for the width and colour as the parameters they mean", () => {
    // `cols` is two edits from `color` and three from `columns`: the edit distance alone misleads
    for (const name of ['width', 'Width', 'cols', 'COLS']) expect(nearestParam(name)).toBe('columns');
    for (const name of ['colors', 'colours']) expect(nearestParam(name)).toBe('color');
    expect(issuesOf({ cols: 60 }, 'json')[0].message).toBe(
      'cols: expected a known parameter (did you mean columns?), received 60',
    );
  });

  it("suggests the value meant for an enum given in another case or spelling, a typo or another tool's word", () => {
    const meant = (param: string, value: unknown) =>
      issuesOf({ [param]: value }, 'json')[0].expected.match(/did you mean (.+)\?/)?.[1];
    expect(meant('format', 'txt')).toBe('text');
    expect(meant('format', 'TEXT')).toBe('text');
    expect(meant('format', 'json_compact')).toBe('json-compact');
    expect(meant('format', 'ascii')).toBe('text');
    expect(meant('format', 'png')).toBe('svg'); // the one picture format
    expect(meant('charset', 'block')).toBe('blocks');
    expect(meant('charset', 'braille')).toBe('dots');
    expect(meant('charset', 'ascii')).toBe('standard');
    expect(meant('qualityTarget', 'lowlight')).toBe('low-light');
    expect(meant('glyphStrategy', 'adaptative')).toBe('adaptive');
    // nothing near, or not a string: the list alone
    expect(meant('format', 'pdf')).toBeUndefined();
    expect(meant('charset', 5)).toBeUndefined();
    const [txt] = issuesOf({ format: 'txt' }, 'strings');
    expect(txt.message).toBe(
      'format: expected one of text, ansi, html, json, json-compact, svg (did you mean text?), received "txt"',
    );
  });

  it('says that no parameter sets the height, for a height or rows asked for', () => {
    for (const name of ['height', 'rows', 'Rows']) {
      expect(issuesOf({ [name]: 20 }, 'json')[0].message).toBe(
        `${name}: expected a known parameter (there is no height: the rows follow from columns and the image aspect), received 20`,
      );
    }
  });

  it('reports every problem of one request together', () => {
    const issues = issuesOf({ columns: 7, charset: 'emoji', bogus: true, gamma: '9' }, 'strings');
    expect(issues.map((i) => i.param).sort()).toEqual(['bogus', 'charset', 'columns', 'gamma']);
  });

  it('refuses a parameter given more than once in strings mode', () => {
    const [only] = issuesOf({ columns: ['80', '120'] }, 'strings');
    expect(only.message).toBe('columns: expected an integer from 8 to 400, given once, received ["80","120"]');
  });

  it('refuses a non-object', () => {
    for (const bad of [42, 'columns=80', [1, 2]]) expect(issuesOf(bad, 'json')[0].param).toBe('(parameters)');
  });

  it('returns a frozen value', () => {
    expect(Object.isFrozen(resolveParams({ columns: 80 }, 'json'))).toBe(true);
  });
});

describe('JSON Schema', () => {
  it('is draft 2020-12 shaped, carries ranges, defaults and descriptions, and forbids unknown keys', () => {
    const schema = paramsJsonSchema() as {
      type: string;
      additionalProperties: boolean;
      properties: Record<string, Record<string, unknown>>;
      required?: string[];
    };
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required ?? []).toEqual([]);
    expect(schema.properties.columns).toMatchObject({ type: 'integer', minimum: 8, maximum: 400, default: 120 });
    expect(schema.properties.contrast).toMatchObject({ type: 'number', minimum: 0.2, maximum: 4, default: 1.15 });
    expect(schema.properties.format.enum).toEqual(SPEC_ENUMS.format);
    for (const p of PARAMS) expect(schema.properties[p.name].description).toBe(p.description);
  });
});

describe('round trip (property)', () => {
  it('any valid input resolves, resolves again to itself, and survives the strings form', () => {
    fc.assert(
      fc.property(validParamsArbitrary, (input) => {
        const params = resolveParams(input, 'json');
        expect(resolveParams(params, 'json')).toEqual(params);
        expect(resolveParams(paramsToStrings(params), 'strings')).toEqual(params);
        for (const [k, v] of Object.entries(input))
          if (k !== 'monoColor') expect(params[k as keyof RenderParams]).toBe(v === 0 ? 0 : v); // -0 is kept as 0
      }),
      { numRuns: 500 },
    );
  });
});

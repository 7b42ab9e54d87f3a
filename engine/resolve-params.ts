/** Host validation of render parameters: typed JSON values or strings, to complete RenderParams. */
import { expectedFor, expectedFromText, knownParameter } from './param-hints.js';
import { IssueList, ParamsError, paramIssue } from './param-issues.js';
import {
  DEFAULTS,
  describeExpected,
  fromString,
  normalizeHexColor,
  PARAM_BY_NAME,
  type ParamSource,
  paramsSchema,
  type RenderParams,
  shape,
} from './params.js';

/**
 * Validates render parameters and fills in the defaults of SPEC 2.2.
 *
 * `source: 'json'` takes typed values (numbers, booleans, strings for enums and monoColor);
 * `source: 'strings'` takes text as it comes from a query string, form fields or CLI flags:
 * `true/false/1/0` for booleans, plain decimal numbers, `#rrggbb`/`#rgb` colors. A string
 * value given as an array of several (a repeated query key) is refused.
 *
 * @throws ParamsError naming every unknown key, wrong type and out-of-range value at once
 *   (the first MAX_LISTED_ISSUES of them; the rest are counted).
 */
export function resolveParams(input: unknown, source: ParamSource): RenderParams {
  if (input === undefined || input === null) return DEFAULTS;
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new ParamsError([paramIssue('(parameters)', 'an object of named parameters', input)]);
  }
  const issues = new IssueList();
  const typed: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(input as Record<string, unknown>)) {
    const info = PARAM_BY_NAME.get(key);
    if (!info) {
      issues.add(() => paramIssue(key, knownParameter(key), raw));
      continue;
    }
    if (raw === undefined) continue;
    let value: unknown = raw;
    if (source === 'strings') {
      if (Array.isArray(raw)) {
        issues.add(() => paramIssue(key, `${describeExpected(info.kind)}, given once`, raw));
        continue;
      }
      if (typeof raw !== 'string') {
        issues.add(() => paramIssue(key, `${describeExpected(info.kind)} as text`, raw));
        continue;
      }
      value = fromString(info.kind, raw.trim());
      if (value === undefined) {
        issues.add(() => paramIssue(key, expectedFromText(info.kind, raw), raw));
        continue;
      }
    }
    const checked = shape[info.name].safeParse(value);
    if (!checked.success) {
      issues.add(() => paramIssue(key, expectedFor(info, value, source), raw));
      continue;
    }
    // -0 reads back as 0 from every text form, so it is stored as 0.
    typed[key] = checked.data === 0 ? 0 : checked.data;
  }
  issues.throwIfAny();
  const params = paramsSchema.parse(typed);
  return Object.freeze({ ...params, monoColor: normalizeHexColor(params.monoColor) });
}

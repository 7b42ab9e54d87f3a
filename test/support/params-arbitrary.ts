import fc from 'fast-check';
import { PARAMS } from '../../engine/index.js';

/** An arbitrary valid parameter set (any subset of the 22, each within its range). */
export const validParamsArbitrary = fc.record(
  Object.fromEntries(
    PARAMS.map((p) => {
      const k = p.kind;
      switch (k.type) {
        case 'integer':
          return [p.name, fc.integer({ min: k.min, max: k.max })];
        case 'number':
          return [p.name, fc.double({ min: k.min, max: k.max, noNaN: true, noDefaultInfinity: true })];
        case 'boolean':
          return [p.name, fc.boolean()];
        case 'enum':
          return [p.name, fc.constantFrom(...k.values)];
        default:
          return [p.name, fc.stringMatching(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/)];
      }
    }),
  ) as Record<string, fc.Arbitrary<unknown>>,
  { requiredKeys: [] },
);

/**
 * JSON with its repeated keys kept in sight. JSON.parse keeps the last of two equal keys in an
 * object, so `{"columns":80,"columns":90}` would render 90 columns without a word; the service
 * refuses a parameter given twice instead (docs/api.md). The text is scanned once after parsing
 * (strings are skipped with indexOf, so a 27 MB base64 body costs milliseconds), and:
 *
 * - an object that holds render parameters (the render body, MCP tool arguments) has the names
 *   it repeats recorded beside it (repeatedKeysOf: a WeakMap, never a key in the caller's own
 *   data), which the intake reports (invalid_params);
 * - a repeated key anywhere else makes the body ambiguous: 400 invalid_json naming the key;
 * - a prototype key (`__proto__`, `constructor.prototype`) is 400 invalid_json naming where.
 */
import { ApiError } from './errors.js';

/** Where a repeated key was found: the path of its object (keys and array indices) and the key. */
export interface RepeatedKey {
  readonly path: readonly (string | number)[];
  readonly key: string;
}

/** The keys each object of parameters gives twice, in order, each once (markRepeatedKeys). */
const repeatedNames = new WeakMap<object, string[]>();

/** The keys `object` gives twice, as markRepeatedKeys found them (none for any other object). */
export function repeatedKeysOf(object: object): readonly string[] {
  return repeatedNames.get(object) ?? [];
}

/** How deep objects and arrays may nest in a body; every legitimate body stays under 10. */
export const MAX_JSON_DEPTH = 64;

/**
 * How many keys one object may have; a render takes 24 parameters and one source. Refused as
 * soon as the scan meets the next key, so that no later step walks 200,000 of them (about
 * 1 us a key a step, on the event loop).
 */
export const MAX_JSON_KEYS = 1000;

interface Frame {
  /** The enclosing object or array, and this one's key or index in it. */
  readonly parent?: Frame;
  readonly step?: string | number;
  /** The keys seen so far, for an object; undefined for an array. */
  readonly keys?: Set<string>;
  /** For an object: whether the next string is a key. For an array: the current index. */
  expectKey: boolean;
  index: number;
  lastKey: string;
}

/** The keys and indices from the root to `frame` (built only for a repeat, so deep text stays linear). */
function pathOf(frame: Frame): (string | number)[] {
  const path: (string | number)[] = [];
  for (let f: Frame | undefined = frame; f?.step !== undefined; f = f.parent) path.push(f.step);
  return path.reverse();
}

/** The end quote of the string that opens at `start` (the text is valid JSON). */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

/**
 * Refuses the keys that could change the prototype of every object, should any later step copy
 * them with assignment: `__proto__`, and `prototype` in an object under a key `constructor`
 * (what Fastify's parser refuses too, with words that called the JSON invalid).
 */
function refusePoisoning(frame: Frame, key: string): void {
  const poisoned = key === '__proto__' || (key === 'prototype' && frame.step === 'constructor');
  if (!poisoned) return;
  const at = [...pathOf(frame), key].join('.');
  throw new ApiError(
    'invalid_json',
    `the body holds a prototype key, at ${at}: refused, as it could change the prototype of every object`,
  );
}

/**
 * Every repeated key of every object in `text`, which must be valid JSON.
 *
 * @throws ApiError invalid_json when objects and arrays nest deeper than MAX_JSON_DEPTH, an
 *   object has more than MAX_JSON_KEYS distinct keys, or a key could poison prototypes.
 */
export function repeatedKeys(text: string): RepeatedKey[] {
  const found: RepeatedKey[] = [];
  let top: Frame | undefined;
  let depth = 0;
  const open = (keys?: Set<string>) => {
    if (++depth > MAX_JSON_DEPTH) {
      throw new ApiError('invalid_json', `the body nests objects and arrays more than ${MAX_JSON_DEPTH} deep`);
    }
    const step = top === undefined ? undefined : top.keys ? top.lastKey : top.index;
    top = { parent: top, step, keys, expectKey: keys !== undefined, index: 0, lastKey: '' };
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */) {
      open(new Set());
    } else if (c === 0x5b /* [ */) {
      open();
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      top = top?.parent;
      depth--;
    } else if (c === 0x2c /* , */) {
      if (top?.keys) top.expectKey = true;
      else if (top) top.index++;
    } else if (c === 0x22 /* " */) {
      const end = stringEnd(text, i);
      if (top?.keys && top.expectKey) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        refusePoisoning(top, key);
        if (top.keys.has(key)) found.push({ path: pathOf(top), key });
        top.keys.add(key);
        if (top.keys.size > MAX_JSON_KEYS) {
          throw new ApiError('invalid_json', `an object in the body has more than ${MAX_JSON_KEYS} keys`);
        }
        top.lastKey = key;
        top.expectKey = false;
      }
      i = end;
    }
  }
  return found;
}

/**
 * Marks the repeated keys of parsed `value` (parsed from `text`): those of objects at a path
 * `holdsParams` accepts are recorded for repeatedKeysOf; any other throws invalid_json.
 */
export function markRepeatedKeys(
  text: string,
  value: unknown,
  holdsParams: (path: readonly (string | number)[]) => boolean,
  repeats: readonly RepeatedKey[] = repeatedKeys(text),
): unknown {
  // refusals first: a repeated key above an object of parameters replaced that object
  for (const { path, key } of repeats) {
    if (!holdsParams(path)) {
      throw new ApiError('invalid_json', `the body gives the key ${JSON.stringify(key)} twice in one object`);
    }
  }
  for (const { path, key } of repeats) {
    let node = value as Record<string | number, unknown>;
    for (const step of path) node = node[step] as Record<string | number, unknown>;
    const names = repeatedNames.get(node) ?? [];
    if (!names.includes(key)) names.push(key);
    repeatedNames.set(node, names);
  }
  return value;
}

/**
 * The image-source and parameter rules of SPEC 2.1, shared by POST /api/v1/render and the
 * MCP tool: exactly one image source (multipart file `image`, JSON `imageBase64` or JSON
 * `imageUrl`), and render parameters from the query string, form fields or JSON keys, all
 * validated by the engine's one `resolveParams`. The multipart body is the HTTP server's to
 * read (server/multipart-intake.ts); everything after it is here.
 *
 * A parameter may be given once. The same name twice (in two places, or twice in one place)
 * is a 400 naming it, whatever the values: the service never guesses which one was meant.
 */
import {
  IssueList,
  ParamsError,
  paramIssue,
  plainName,
  type RenderParams,
  resolveParams,
  shortened,
} from '../engine/index.js';
import { ApiError, imageTooLarge } from './errors.js';
import { repeatedKeysOf } from './json-body.js';

export type ImageSource =
  | { readonly kind: 'multipart'; readonly bytes: Uint8Array }
  | { readonly kind: 'base64'; readonly bytes: Uint8Array }
  | { readonly kind: 'url'; readonly url: URL }
  /** A file read by the stdio MCP server inside its root folder. */
  | { readonly kind: 'file'; readonly bytes: Uint8Array };

export interface Intake {
  readonly source: ImageSource;
  readonly params: RenderParams;
}

/** Where a set of parameter values came from, and how they are typed. */
export interface ParamSet {
  readonly where: string;
  readonly source: 'json' | 'strings';
  readonly values: Readonly<Record<string, unknown>>;
  /**
   * The image sources an object of values takes (a JSON body, MCP's tool arguments:
   * `imageBase64 or imageUrl`), named when `image`, the multipart file field, comes among them.
   */
  readonly imageArguments?: string;
}

/** The image-source names and their one carrier each (SPEC 2.1). */
const SOURCE_CARRIER: Readonly<Record<string, string>> = {
  image: 'a multipart file field',
  imageUrl: 'a JSON body key',
  imageBase64: 'a JSON body key',
};
export const MAX_IMAGE_URL_LENGTH = 4096;
/**
 * What other APIs call the image sources, by plain name (no case, dashes or underscores), and
 * the source each means here: `url`, `image_url`, `base64`, `data` and the like.
 */
const OTHER_SOURCE_NAMES: Readonly<Record<string, string>> = Object.freeze({
  url: 'imageUrl',
  imageurl: 'imageUrl',
  uri: 'imageUrl',
  imageuri: 'imageUrl',
  src: 'imageUrl',
  link: 'imageUrl',
  base64: 'imageBase64',
  b64: 'imageBase64',
  imagebase64: 'imageBase64',
  imageb64: 'imageBase64',
  data: 'imageBase64',
  imagedata: 'imageBase64',
});

/** Every image-source name, imagePath (the stdio MCP server's) included. */
const SOURCE_NAMES = new Set([...Object.keys(SOURCE_CARRIER), 'imagePath']);

/** A record without a prototype, so that names like `__proto__` are plain keys (and reported). */
/** A map of names to values without a prototype, so no name means anything but itself. */
export const record = (): Record<string, unknown> => Object.create(null);

export { jsonBodyLimit } from './errors.js';

/**
 * Validates and merges parameter sets. Every problem of every set is reported at once:
 * unknown names, bad values, a name given in two sets, an image source in the wrong place.
 */
export function mergeParams(sets: readonly ParamSet[]): RenderParams {
  const issues = new IssueList();
  const typed = record();
  const seen = new Map<string, string>();
  for (const set of sets) {
    const values = record();
    for (const [name, value] of Object.entries(set.values)) {
      if (Object.hasOwn(SOURCE_CARRIER, name)) {
        const expected = set.imageArguments
          ? `the image as ${set.imageArguments} (${name} is ${SOURCE_CARRIER[name]} of the HTTP API)`
          : `${SOURCE_CARRIER[name]}, not ${set.where}`;
        issues.add(() => ({ param: name, expected, received: set.where, message: `${name}: expected ${expected}` }));
        continue;
      }
      const plain = plainName(name);
      const meant = Object.hasOwn(OTHER_SOURCE_NAMES, plain) ? OTHER_SOURCE_NAMES[plain] : null;
      if (meant !== null) {
        issues.add(() => paramIssue(name, `a known parameter (did you mean ${meant}?)`, value));
        continue;
      }
      const earlier = seen.get(name);
      // a query string's repeated name comes as an array of its values
      const repeatsHere = set.source === 'strings' && Array.isArray(value);
      if (earlier !== undefined || repeatsHere) {
        const expected = 'a parameter given once';
        const received = repeatsHere
          ? `it in ${set.where} ${value.length === 2 ? 'twice' : `${value.length} times`}`
          : `it in ${earlier === set.where ? `${set.where} twice` : `${earlier} and in ${set.where}`}`;
        const param = shortened(name);
        issues.add(() => ({
          param,
          expected,
          received,
          message: `${param}: expected ${expected}, received ${received}`,
        }));
        continue;
      }
      seen.set(name, set.where);
      values[name] = value;
    }
    try {
      const resolved = resolveParams(values, set.source) as Record<string, unknown>;
      for (const name of Object.keys(values)) typed[name] = resolved[name];
    } catch (err) {
      if (!(err instanceof ParamsError)) throw err;
      issues.addAll(err);
    }
  }
  issues.throwIfAny();
  return resolveParams(typed, 'json');
}

const DATA_URL = /^data:[^,]{0,200};base64,/i;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Decodes `imageBase64` (standard or URL-safe alphabet, padding optional, data: URL prefix allowed). */
export function decodeBase64Image(text: string, maxBytes: number): Uint8Array {
  const compact = text.trimStart().replace(DATA_URL, '').replace(/\s+/g, '');
  if (compact.length === 0)
    throw new ApiError('invalid_image_source', 'imageBase64 is empty', { field: 'imageBase64' });
  const unpadded = compact.replace(/=+$/, '');
  if (!BASE64.test(compact) || unpadded.length % 4 === 1) {
    throw new ApiError('invalid_image_source', 'imageBase64 is not base64', { field: 'imageBase64' });
  }
  if (Math.floor((unpadded.length * 3) / 4) > maxBytes) throw imageTooLarge(maxBytes);
  const bytes = Buffer.from(unpadded, 'base64'); // reads the URL-safe alphabet too
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function parseImageUrl(value: unknown): URL {
  const refuse = (why: string) => new ApiError('invalid_image_source', `imageUrl ${why}`, { field: 'imageUrl' });
  if (typeof value !== 'string')
    throw refuse(`must be an absolute URL string, not ${value === null ? 'null' : typeof value}`);
  if (value.length > MAX_IMAGE_URL_LENGTH) {
    throw refuse(`must be at most ${MAX_IMAGE_URL_LENGTH} characters long, received ${value.length}`);
  }
  // WHATWG URL parsing refuses a relative address, a bad host and a port over 65535 alike
  if (!URL.canParse(value)) throw refuse('is not an absolute URL (a scheme, a valid host and a port up to 65535)');
  return new URL(value);
}

export interface JsonIntakeOptions {
  /** Parameter sets from elsewhere (the query string), merged with the object's keys. */
  readonly query?: readonly ParamSet[];
  /** What the object is, for messages: `the JSON body` or `the tool arguments`. */
  readonly where?: string;
  /** The error when no image source is given; its message names the sources this caller takes. */
  readonly noImage?: () => ApiError;
  /** The image sources the object takes (ParamSet.imageArguments): imageBase64 or imageUrl unless said. */
  readonly imageArguments?: string;
  /** The keys the object gives twice: json-body.ts repeatedKeysOf(body) unless said (the MCP tool's come by request id). */
  readonly repeated?: readonly string[];
}

/**
 * A JSON object (a request body, or MCP tool arguments) with `imageBase64` or `imageUrl` and
 * render parameters as keys. Checked in this order: each source's type (null is not "absent"),
 * one source at most, the parameters (a misplaced source name among them), then no source.
 */
export function intakeFromJson(body: unknown, maxBytes: number, o: JsonIntakeOptions = {}): Intake {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError('bad_request', 'the JSON body must be an object with imageBase64 or imageUrl');
  }
  const { imageBase64, imageUrl, ...rest } = body as Record<string, unknown>;
  const repeated = o.repeated ?? repeatedKeysOf(body);
  const twice = repeatedSource(repeated);
  if (twice !== undefined) throw new ApiError('multiple_images', `send one image source: ${twice} is given twice`);
  const url = imageUrl === undefined ? undefined : parseImageUrl(imageUrl);
  if (imageBase64 !== undefined && typeof imageBase64 !== 'string') {
    throw new ApiError('invalid_image_source', 'imageBase64 must be a string', { field: 'imageBase64' });
  }
  if (imageBase64 !== undefined && url !== undefined) {
    throw new ApiError('multiple_images', 'send one image source: imageBase64 or imageUrl, not both');
  }
  const where = o.where ?? 'the JSON body';
  const params = mergeParams([
    ...(o.query ?? []),
    ...jsonParamSets(where, rest, o.imageArguments ?? 'imageBase64 or imageUrl', repeated),
  ]);
  if (url !== undefined) return { source: { kind: 'url', url }, params };
  if (imageBase64 === undefined) throw (o.noImage ?? noImage)();
  return { source: { kind: 'base64', bytes: decodeBase64Image(imageBase64, maxBytes) }, params };
}

/** A source name among an object's repeated keys (json-body.ts repeatedKeysOf). */
export function repeatedSource(repeated: readonly string[]): string | undefined {
  return repeated.find((k) => SOURCE_NAMES.has(k));
}

/**
 * The parameter sets of one JSON object: its keys, then again each key it repeats (`repeated`,
 * from json-body.ts repeatedKeysOf), so that mergeParams reports it as given twice. Source names
 * are the caller's to take out first.
 */
export function jsonParamSets(
  where: string,
  values: Readonly<Record<string, unknown>>,
  imageArguments?: string,
  repeated: readonly string[] = [],
): ParamSet[] {
  const first: ParamSet = { where, source: 'json', values, imageArguments };
  const again = record();
  for (const name of repeated) if (Object.hasOwn(values, name)) again[name] = values[name];
  return Object.keys(again).length === 0 ? [first] : [first, { where, source: 'json', values: again, imageArguments }];
}

export const noImage = () =>
  new ApiError('no_image', 'no image: send a multipart file field `image`, or a JSON imageBase64 or imageUrl');

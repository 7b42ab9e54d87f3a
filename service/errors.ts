/**
 * The one error body of the service, `{ "error": { "code", "message", "details"? } }`, and
 * the documented codes with their HTTP status. `toApiError` maps everything a request can
 * throw (engine errors, Fastify's and @fastify/multipart's own errors) to it; anything it does
 * not recognise becomes `internal` without its message, so no stack or internal text leaks.
 */

import { MAX_LISTED_ISSUES, ParamsError, RenderError } from '../engine/index.js';
import { DecodeError } from '../engine/node/decode.js';

/** Every error code, its HTTP status and when it is sent (docs/api.md and OpenAPI read this). */
export const ERROR_CODES = {
  bad_request: [
    400,
    'The request is malformed: a broken multipart body or one with too many form fields, a body that is not a JSON object.',
  ],
  invalid_json: [400, 'The body is not valid JSON.'],
  no_image: [400, 'No image source: send a multipart file field `image`, or a JSON `imageBase64` or `imageUrl`.'],
  multiple_images: [400, 'More than one image source in one request.'],
  invalid_image_source: [400, '`imageBase64` is not base64, or `imageUrl` is not an absolute URL string.'],
  invalid_params: [
    400,
    `An unknown, repeated, mistyped or out-of-range parameter; \`details.issues\` names each one (the first ${MAX_LISTED_ISSUES}; \`details.unlisted\` counts the rest).`,
  ],
  not_an_image: [400, 'The bytes are not an image (or are empty).'],
  corrupt_image: [400, 'The image is truncated or corrupt.'],
  grid_too_large: [400, 'The image is so tall for its width that the grid would exceed the row limit.'],
  url_refused: [
    400,
    '`imageUrl` breaks the fetch policy: not https, credentials in it, host not trusted or allowlisted, a port the allowlist does not name (443 unless `host:port`), an address that is not public unicast, or too many redirects. `details.reason` says which.',
  ],
  unauthorized: [401, 'A protected action without a valid platform key (see `WWW-Authenticate`).'],
  not_found: [404, 'No such route.'],
  method_not_allowed: [405, 'The path does not take this method; `Allow` lists the methods it takes.'],
  request_timeout: [408, 'The request did not arrive in time.'],
  image_too_large: [413, 'The image (or the request body carrying it) exceeds `MAX_IMAGE_BYTES`.'],
  image_pixels_exceeded: [413, 'The image header claims more pixels than `MAX_IMAGE_PIXELS`; nothing was decoded.'],
  unsupported_media_type: [415, 'The request content type is neither `application/json` nor `multipart/form-data`.'],
  unsupported_image: [415, 'An image format the service does not decode (for example SVG).'],
  headers_too_large: [431, 'The request headers are larger than the server accepts.'],
  internal: [500, 'An unexpected server error; the message carries no internal detail.'],
  url_fetch_failed: [502, 'The image URL could not be fetched: DNS, TLS or connection failure, or a non-2xx answer.'],
  overloaded: [503, 'The render queue is full or the service is shutting down; retry after `Retry-After` seconds.'],
  url_timeout: [504, 'The image URL did not connect, answer or finish its body in time.'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorBody {
  readonly error: { readonly code: ErrorCode; readonly message: string; readonly details?: Record<string, unknown> };
}

/** An error the service answers as it is: code, message, optional details and headers. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  readonly headers: Readonly<Record<string, string>>;
  constructor(
    code: ErrorCode,
    message: string,
    details?: Record<string, unknown>,
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.details = details;
    this.headers = headers;
  }
  get status(): number {
    return ERROR_CODES[this.code][0];
  }
  body(): ErrorBody {
    const { code, message, details } = this;
    return { error: details === undefined ? { code, message } : { code, message, details } };
  }
}

/** The two bodies a render takes, and where the image goes in each (a raw image body is the common guess). */
const MEDIA_TYPES =
  'send multipart/form-data (the image in the file field `image`) or application/json (the image as imageBase64 or imageUrl)';

/** Fastify's and @fastify/multipart's error codes, mapped to ours with a fixed message. */
const FRAMEWORK: Record<string, readonly [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', MEDIA_TYPES],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['unsupported_media_type', MEDIA_TYPES],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['invalid_json', 'the body is empty; send a JSON object'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['invalid_json', 'the body is not valid JSON'],
  FST_FILES_LIMIT: ['multiple_images', 'send one file, in the field `image`'],
  FST_FIELDS_LIMIT: ['bad_request', 'too many form fields'],
  FST_PARTS_LIMIT: ['bad_request', 'too many multipart parts'],
};

const DECODE: Record<DecodeError['code'], ErrorCode> = {
  not_an_image: 'not_an_image',
  unsupported_image: 'unsupported_image',
  corrupt_image: 'corrupt_image',
  image_too_large: 'image_pixels_exceeded',
};

/** Maps anything thrown while handling a request to the ApiError the client sees. */
export function toApiError(err: unknown, limits: { maxImageBytes: number }): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof ParamsError) {
    const unlisted = err.unlisted > 0 ? { unlisted: err.unlisted } : {};
    return new ApiError('invalid_params', err.message, { issues: err.issues, ...unlisted });
  }
  if (err instanceof DecodeError) return new ApiError(DECODE[err.code], err.message);
  if (err instanceof RenderError) {
    if (err.code === 'grid_too_large') return new ApiError('grid_too_large', err.message);
    return new ApiError('corrupt_image', err.message);
  }
  const e = err as { code?: unknown; statusCode?: unknown } | null;
  const name = typeof e?.code === 'string' ? e.code : '';
  if (name === 'FST_ERR_CTP_BODY_TOO_LARGE') return jsonBodyTooLarge(limits.maxImageBytes);
  if (name === 'FST_REQ_FILE_TOO_LARGE') return imageTooLarge(limits.maxImageBytes);
  if (Object.hasOwn(FRAMEWORK, name)) return new ApiError(...FRAMEWORK[name]);
  // Any other client error the framework raised (a bad URL, a broken multipart stream) is the
  // client's: 400 with a fixed message, never the raw one.
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (status === 404) return new ApiError('not_found', 'no such route');
  if (status >= 400 && status < 500) return new ApiError('bad_request', 'the request could not be read');
  return new ApiError('internal', 'internal error');
}

/**
 * JSON bodies carry the image as base64 (4/3 of its size), perhaps wrapped as PEM and MIME
 * wrap it (lines of 64 or 76 characters; a CR LF between them is `\r\n` in a JSON string, 4
 * bytes), plus a little room for the parameters.
 */
export function jsonBodyLimit(maxImageBytes: number): number {
  const base64 = Math.ceil(maxImageBytes / 3) * 4;
  return base64 + Math.ceil(base64 / 64) * 4 + 64 * 1024;
}

/** A JSON body over its limit: the image in it is too large (the limit follows MAX_IMAGE_BYTES). */
function jsonBodyTooLarge(maxImageBytes: number): ApiError {
  const limit = jsonBodyLimit(maxImageBytes);
  return new ApiError(
    'image_too_large',
    `the JSON body exceeds its limit of ${limit} bytes: base64 of an image of at most ${maxImageBytes} bytes, plus the parameters`,
    { limit: maxImageBytes, bodyLimit: limit },
  );
}

export function imageTooLarge(maxImageBytes: number): ApiError {
  return new ApiError('image_too_large', `the image exceeds the limit of ${maxImageBytes} bytes`, {
    limit: maxImageBytes,
  });
}

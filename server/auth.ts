/**
 * The platform key of SPEC 5, for protected platform actions. Two schemes carry it:
 * `Authorization: Bearer <key>` (PlatformBearer) and `X-Platform-API-Key: <key>`
 * (PlatformHeader). Every key presented must match, and at least one must be presented; keys
 * are compared in constant time (as SHA-256 digests, so their lengths leak nothing either).
 * An `Authorization` of another scheme (a proxy's Basic) presents no key and is ignored.
 * A wrong or missing key is 401 `unauthorized` with a `WWW-Authenticate` challenge, which
 * carries `error="invalid_token"` only when a key was tried in one of the two schemes: a
 * request with no key presented gets the bare challenge (RFC 6750 section 3.1).
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../service/errors.js';
import { SERVICE_NAME } from '../service/version.js';

export const SECURITY_SCHEMES = {
  PlatformBearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <PLATFORM_API_KEY>' },
  PlatformHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Platform-API-Key',
    description: 'X-Platform-API-Key: <PLATFORM_API_KEY>',
  },
} as const;

const digest = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();

/** An Authorization header in the Bearer scheme (with or without a key). */
const BEARER = /^Bearer(?: |$)/i;

/**
 * The keys a request presents, in either scheme: a Bearer Authorization without a well-formed
 * key counts as a wrong key; an Authorization of another scheme (a proxy's Basic) presents none.
 */
export function presentedKeys(headers: FastifyRequest['headers']): string[] {
  const keys: string[] = [];
  const auth = headers.authorization;
  if (typeof auth === 'string' && BEARER.test(auth)) {
    const m = /^Bearer[ ]+([!-~]+)[ ]*$/i.exec(auth);
    keys.push(m ? m[1] : '');
  }
  const header = headers['x-platform-api-key'];
  if (header !== undefined) keys.push(Array.isArray(header) ? header.join(',') : header.trim());
  return keys;
}

/** A preHandler that lets a request through only with the platform key; open when none is configured. */
export function requirePlatformKey(platformApiKey: string | null) {
  const expected = platformApiKey === null ? null : digest(platformApiKey);
  return async (request: FastifyRequest): Promise<void> => {
    if (expected === null) return;
    const keys = presentedKeys(request.headers);
    const valid = keys.map((k) => crypto.timingSafeEqual(digest(k), expected));
    if (keys.length > 0 && valid.every(Boolean)) return;
    const tried = keys.length > 0;
    const challenge = tried
      ? `Bearer realm="${SERVICE_NAME}", error="invalid_token"`
      : `Bearer realm="${SERVICE_NAME}"`;
    throw new ApiError(
      'unauthorized',
      !tried
        ? 'this action needs the platform key (Authorization: Bearer or X-Platform-API-Key)'
        : (request.raw.headersDistinct['x-platform-api-key']?.length ?? 0) > 1
          ? 'the X-Platform-API-Key header is given more than once (Node joins the copies, so no key matches): give it once'
          : 'the platform key is wrong',
      undefined,
      { 'www-authenticate': challenge },
    );
  };
}

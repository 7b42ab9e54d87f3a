/**
 * SSRF-safe image fetch for `imageUrl` (SPEC 2.1, 4.2 rule 4).
 *
 * Every hop, the first and each redirect (at most MAX_REDIRECTS), must be:
 *   1. https, with no user name or password in the URL;
 *   2. on a trusted host or one of IMAGE_FETCH_ALLOWLIST (exact names), at https's port (443)
 *      unless the entry names another (`host:8443`): a caller cannot probe a host's other ports;
 *   3. connected to public unicast addresses only: IP literals are checked here, names are
 *      checked by the socket's own DNS lookup at connect time, so the address checked is the
 *      address connected to (no window for DNS rebinding). IPv4-mapped IPv6 is checked as the
 *      IPv4 address it carries.
 * Connect, headers and body each have a timeout, and the whole fetch a deadline; the body is
 * streamed against the byte cap and dropped as soon as it passes it.
 */
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';
import type { ServerConfig } from './config.js';
import { ApiError, imageTooLarge } from './errors.js';
import { SERVICE_NAME, SERVICE_VERSION } from './version.js';

/** Hosts trusted without configuration: none; IMAGE_FETCH_ALLOWLIST names every host. */
export const TRUSTED_IMAGE_HOSTS: readonly string[] = [];
export const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export type RefusalReason =
  | 'scheme'
  | 'credentials'
  | 'host_not_allowed'
  | 'port_not_allowed'
  | 'address_not_allowed'
  | 'too_many_redirects';
export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

export interface ImageFetchOptions {
  readonly allowlist: readonly string[];
  readonly maxBytes: number;
  readonly connectTimeoutMs: number;
  readonly headersTimeoutMs: number;
  readonly bodyTimeoutMs: number;
  /** Test seam: extra CA certificates to trust (a test's self-signed server). */
  readonly ca?: string;
  /** Test seam: name resolution (default: the system resolver, every address). */
  readonly resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Test seam: which addresses may be connected to (default: public unicast only). */
  readonly isAllowedAddress?: (address: string) => boolean;
}

export interface FetchedImage {
  readonly bytes: Uint8Array;
  /** The host the bytes finally came from (after redirects). */
  readonly host: string;
}

/**
 * True for public unicast addresses only (IPv4-mapped IPv6 judged by its IPv4 address). The
 * deprecated IPv4-compatible block ::/96 (`::7f00:1`), which ipaddr.js calls unicast, is not.
 */
export function isPublicUnicast(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) return false;
  return ip.range() === 'unicast';
}

const refused = (reason: RefusalReason, message: string) => new ApiError('url_refused', message, { reason });

class AddressRefused extends Error {}

const systemResolve = async (hostname: string): Promise<ResolvedAddress[]> =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/** The fetcher the configuration describes (the HTTP app and the stdio MCP entry), with test overrides. */
export function imageFetcherFor(
  config: ServerConfig,
  overrides: Pick<ImageFetchOptions, 'ca' | 'resolve' | 'isAllowedAddress'> = {},
) {
  return createImageFetcher({
    allowlist: config.imageFetchAllowlist,
    maxBytes: config.maxImageBytes,
    connectTimeoutMs: config.imageFetchConnectTimeoutMs,
    headersTimeoutMs: config.imageFetchHeadersTimeoutMs,
    bodyTimeoutMs: config.imageFetchBodyTimeoutMs,
    ...overrides,
  });
}

export function createImageFetcher(o: ImageFetchOptions) {
  const allowed = new Set([...TRUSTED_IMAGE_HOSTS, ...o.allowlist]);
  /** The hosts the entries name, at whatever port (host names hold no colon: config.ts checks them). */
  const allowedHosts = new Set([...allowed].map((entry) => entry.split(':')[0]));
  const isAllowedAddress = o.isAllowedAddress ?? isPublicUnicast;
  const resolve = o.resolve ?? systemResolve;
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    resolve(hostname).then(
      (all) => {
        const bad = all.length === 0 ? undefined : all.find((a) => !isAllowedAddress(a.address));
        if (all.length === 0 || bad) {
          callback(new AddressRefused(`${hostname} resolves to an address that is not public`), '', 0);
        } else if (options.all) {
          (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, all);
        } else {
          callback(null, all[0].address, all[0].family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
  const agent = new Agent({
    connect: { lookup, timeout: o.connectTimeoutMs, ...(o.ca ? { ca: o.ca } : {}) },
    headersTimeout: o.headersTimeoutMs,
    bodyTimeout: o.bodyTimeoutMs,
    connections: 16,
  });

  function check(url: URL): void {
    if (url.protocol !== 'https:') throw refused('scheme', `imageUrl must use https (received ${url.protocol})`);
    if (url.username || url.password) throw refused('credentials', 'imageUrl must not carry a user name or password');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !isAllowedAddress(host)) {
      throw refused('address_not_allowed', `imageUrl names the address ${host}, which is not public`);
    }
    // an entry is a host (at https's port, which URL leaves empty) or host:port
    const entry = url.port ? `${host}:${url.port}` : host;
    if (!allowed.has(entry)) {
      if (!allowedHosts.has(host)) {
        throw refused('host_not_allowed', `imageUrl host ${host} is not trusted; add it to IMAGE_FETCH_ALLOWLIST`);
      }
      const port = url.port || '443';
      throw refused(
        'port_not_allowed',
        `imageUrl port ${port} is not allowed for ${host}; add ${host}:${port} to IMAGE_FETCH_ALLOWLIST to allow it`,
      );
    }
  }

  async function fetchImage(first: URL): Promise<FetchedImage> {
    const signal = AbortSignal.timeout(o.connectTimeoutMs + o.headersTimeoutMs + o.bodyTimeoutMs);
    let url = first;
    for (let hop = 0; ; hop++) {
      check(url);
      const res = await request(url, {
        dispatcher: agent,
        method: 'GET',
        signal,
        headers: { accept: 'image/*', 'user-agent': `${SERVICE_NAME}/${SERVICE_VERSION}` },
      }).catch((err: unknown) => {
        throw fetchError(err, url.hostname);
      });
      if (REDIRECTS.has(res.statusCode)) {
        discard(res.body);
        const location = res.headers.location;
        if (typeof location !== 'string') throw failed(url.hostname, `redirect ${res.statusCode} without a location`);
        if (hop >= MAX_REDIRECTS)
          throw refused('too_many_redirects', `imageUrl redirected more than ${MAX_REDIRECTS} times`);
        if (!URL.canParse(location, url)) throw failed(url.hostname, 'redirect to an address that is not a URL');
        url = new URL(location, url);
        continue;
      }
      if (res.statusCode < 200 || res.statusCode > 299) {
        discard(res.body);
        throw failed(url.hostname, `the image host answered ${res.statusCode}`, { status: res.statusCode });
      }
      const length = Number(res.headers['content-length']);
      if (length > o.maxBytes) {
        discard(res.body);
        throw imageTooLarge(o.maxBytes);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of res.body as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > o.maxBytes) {
            discard(res.body);
            throw imageTooLarge(o.maxBytes);
          }
          chunks.push(chunk);
        }
      } catch (err) {
        throw fetchError(err, url.hostname);
      }
      const bytes = Buffer.concat(chunks, size);
      return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), host: url.hostname };
    }
  }

  return { fetch: fetchImage, close: () => agent.close() };
}

export type ImageFetcher = ReturnType<typeof createImageFetcher>;

/** Drops a response body; undici reports a destroyed body as an 'error' event, which must be heard. */
function discard(body: NodeJS.ReadableStream & { destroy(): void }): void {
  body.on('error', () => {});
  body.destroy();
}

const failed = (host: string, message: string, details: Record<string, unknown> = {}) =>
  new ApiError('url_fetch_failed', `could not fetch the image from ${host}: ${message}`, { host, ...details });

const TIMEOUTS = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** What a failed request becomes: our own errors as they are, timeouts 504, the rest 502. */
function fetchError(err: unknown, host: string): ApiError {
  if (err instanceof ApiError) return err;
  const chain: unknown[] = [];
  for (let e = err; e && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  if (chain.some((e) => e instanceof AddressRefused)) {
    return refused('address_not_allowed', `imageUrl host ${host} resolves to an address that is not public`);
  }
  // a string code (undici's, the system's), else the name: the deadline's TimeoutError is a
  // DOMException, whose `code` is a number (23)
  const code = (e: unknown) => {
    const { code: c, name } = e as { code?: unknown; name?: unknown };
    return typeof c === 'string' ? c : typeof name === 'string' ? name : '';
  };
  if (chain.some((e) => TIMEOUTS.has(code(e)) || code(e) === 'TimeoutError' || code(e) === 'AbortError')) {
    return new ApiError('url_timeout', `the image host ${host} did not answer in time`, { host });
  }
  const reason = chain.map(code).find((c) => /^[A-Z_]+$/.test(c));
  if (!reason) return failed(host, 'the connection failed');
  // in words a caller can act on, the code kept for the host's operator
  const words = Object.hasOwn(FAILURE_WORDS, reason) ? FAILURE_WORDS[reason] : 'the connection failed';
  return failed(host, `${words} (${reason.toLowerCase()})`);
}

/** The system's and TLS's codes for a failed fetch, in words. */
const FAILURE_WORDS: Readonly<Record<string, string>> = {
  ENOTFOUND: 'no host of that name was found',
  EAI_AGAIN: 'the host name could not be looked up just now',
  ECONNREFUSED: 'the host refused the connection',
  ECONNRESET: 'the host closed the connection',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the host cannot be reached',
  UND_ERR_SOCKET: 'the host closed the connection',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is not from a trusted authority',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate is not from a trusted authority',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate is not from a trusted authority',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its TLS certificate is not from a trusted authority',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another name',
  ERR_SSL_WRONG_VERSION_NUMBER: 'it does not speak https there',
};

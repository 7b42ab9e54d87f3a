/**
 * Server configuration, read once from the environment. Every variable is documented in
 * README.md ("Configuration") and docs/api.md; nothing else in service/ or server/ reads process.env. (The
 * OpenTelemetry exporter, once the trace export is on, also honours the standard
 * OTEL_EXPORTER_OTLP_* settings it reads itself: extra headers, compression, timeout.)
 */
import os from 'node:os';
import { editDistance, plainName } from '../engine/index.js';
import { DEFAULT_MAX_PIXELS } from '../engine/node/decode.js';

export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  /** Largest image accepted, in bytes, by every intake (multipart, base64 after decoding, URL). */
  readonly maxImageBytes: number;
  /** Largest width x height decoded; checked from the image header before any allocation. */
  readonly maxImagePixels: number;
  /** Hosts `imageUrl` may name besides the built-in trusted list (exact, lowercase). */
  readonly imageFetchAllowlist: readonly string[];
  readonly imageFetchConnectTimeoutMs: number;
  readonly imageFetchHeadersTimeoutMs: number;
  readonly imageFetchBodyTimeoutMs: number;
  /** Most time for a whole request (headers and body) to arrive; a body that trickles in is cut off with 408. */
  readonly requestTimeoutMs: number;
  /** Render worker threads; the default is one per core. */
  readonly renderWorkers: number;
  /** Renders that may wait for a worker; beyond them the service answers 503. */
  readonly renderQueueLimit: number;
  /** Nice value of every thread but the event loop's (Linux; 0 = leave as is). See thread-priority.ts. */
  readonly renderThreadNice: number;
  /** Guards protected platform actions and switches on the OTLP export of render traces. */
  readonly platformApiKey: string | null;
  /** Where render traces are exported (OTLP/HTTP, JSON); used only with a platform key. */
  readonly otlpTracesEndpoint: string;
  /** The only origin the studio posts handoff frames to (SPEC 4.3). */
  readonly receiverOrigin: string | null;
  /** Absolute base address used in manifests; by default the request's own host. */
  readonly publicBaseUrl: string | null;
  /** Most tool calls in one MCP batch (SPEC 4.4). */
  readonly mcpMaxBatch: number;
  /** Log level (pino); requests themselves are never logged, so no client address is either. */
  readonly logLevel: (typeof LOG_LEVELS)[number];
}

type Env = Readonly<Record<string, string | undefined>>;

function integerFromEnv(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name}: expected an integer from ${min} to ${max}, received ${JSON.stringify(raw)}`);
  }
  return n;
}

/** An http(s) origin (scheme, host, optional port; no path) or null when unset. */
function originFromEnv(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== raw.replace(/\/$/, '')) {
    throw new Error(`${name}: expected an origin such as https://receiver.example, received ${JSON.stringify(raw)}`);
  }
  return url.origin;
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;

function hostListFromEnv(env: Env, name: string): string[] {
  const hosts = (env[name] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)
    // https's own port is the one an entry without a port allows: `host:443` is `host`
    .map((h) => h.replace(/:443$/, ''));
  for (const h of hosts) {
    const [, host, port] = /^(.*?)(?::(\d{1,5}))?$/.exec(h) as RegExpExecArray;
    if (!HOST_NAME.test(host) || (port !== undefined && !(Number(port) >= 1 && Number(port) <= 65535)))
      throw new Error(`${name}: expected comma-separated host names (or host:port), received ${JSON.stringify(h)}`);
  }
  return hosts;
}

/** OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as is, else OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces (the OTel convention). */
function otlpEndpoint(env: Env): string {
  const [name, url] = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
    ? ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT]
    : [
        'OTEL_EXPORTER_OTLP_ENDPOINT',
        `${(env.OTEL_EXPORTER_OTLP_ENDPOINT || 'http://localhost:4318').replace(/\/$/, '')}/v1/traces`,
      ];
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new Error(`${name}: expected an http(s) URL, received ${JSON.stringify(env[name])}`);
  }
  return url;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(values as readonly string[]).includes(raw)) {
    throw new Error(`${name}: expected one of ${values.join(', ')}, received ${JSON.stringify(raw)}`);
  }
  return raw as T;
}

const MIB = 1024 * 1024;

export function configFromEnv(env: Env = process.env): ServerConfig {
  const renderWorkers = integerFromEnv(env, 'RENDER_WORKERS', os.availableParallelism(), 1, 64);
  return {
    host: env.HOST || '127.0.0.1',
    port: integerFromEnv(env, 'PORT', 8080, 0, 65535),
    maxImageBytes: integerFromEnv(env, 'MAX_IMAGE_BYTES', 20 * MIB, 1024, 256 * MIB),
    maxImagePixels: integerFromEnv(env, 'MAX_IMAGE_PIXELS', DEFAULT_MAX_PIXELS, 1, 268_402_689),
    imageFetchAllowlist: hostListFromEnv(env, 'IMAGE_FETCH_ALLOWLIST'),
    imageFetchConnectTimeoutMs: integerFromEnv(env, 'IMAGE_FETCH_CONNECT_TIMEOUT_MS', 5000, 100, 120_000),
    imageFetchHeadersTimeoutMs: integerFromEnv(env, 'IMAGE_FETCH_HEADERS_TIMEOUT_MS', 10_000, 100, 120_000),
    imageFetchBodyTimeoutMs: integerFromEnv(env, 'IMAGE_FETCH_BODY_TIMEOUT_MS', 20_000, 100, 300_000),
    requestTimeoutMs: integerFromEnv(env, 'REQUEST_TIMEOUT_MS', 120_000, 1000, 600_000),
    renderWorkers,
    renderQueueLimit: integerFromEnv(env, 'RENDER_QUEUE_LIMIT', renderWorkers * 8, 0, 10_000),
    renderThreadNice: integerFromEnv(env, 'RENDER_THREAD_NICE', 10, 0, 19),
    platformApiKey: env.PLATFORM_API_KEY || null,
    otlpTracesEndpoint: otlpEndpoint(env),
    receiverOrigin: originFromEnv(env, 'RECEIVER_ORIGIN'),
    publicBaseUrl: originFromEnv(env, 'PUBLIC_BASE_URL'),
    mcpMaxBatch: integerFromEnv(env, 'MCP_MAX_BATCH', 8, 1, 64),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'warn'),
  };
}

/** The names configFromEnv reads, found by letting it read an empty environment. */
function settingNames(): readonly string[] {
  const names = new Set<string>();
  const recorder = new Proxy({} as Env, {
    get: (_target, name) => {
      if (typeof name === 'string') names.add(name);
      return undefined;
    },
  });
  configFromEnv(recorder);
  return [...names];
}

const words = (name: string) => name.split('_').filter(Boolean);

/**
 * Whether `name` is a typo of the setting `known`: one edit, or one for every six letters of a
 * long name (`RENDER_WORKER`, `REQUEST_TIMEOUT`), so that `HOME` is not taken for `HOST`.
 */
function typoOf(name: string, known: string): boolean {
  const plain = plainName(known);
  return editDistance(plainName(name), plain) <= Math.max(1, Math.floor(plain.length / 6));
}

/**
 * Variables that look like a setting of this service but are not one (`IMAGE_URL_ALLOWLIST`,
 * `RENDER_WORKER`), each with the settings it was probably meant to be: a typo of one, or one
 * with the same first and last words, or (three words or more) the same first two. Such a
 * variable is ignored like any other, so a typo would leave a setting at its default unseen.
 */
export function misspelledSettings(
  env: Env = process.env,
): { readonly name: string; readonly meant: readonly string[] }[] {
  // worked out here, at start, not when the module loads (every importer of the config would pay)
  const settings = settingNames();
  const found: { name: string; meant: string[] }[] = [];
  for (const name of Object.keys(env)) {
    if (settings.includes(name) || !/^[A-Z][A-Z0-9_]*$/.test(name)) continue;
    const [first, ...rest] = words(name);
    const meant = settings.filter((known) => {
      const [kFirst, ...kRest] = words(known);
      if (typoOf(name, known)) return true;
      // the exporter's own OTEL_* settings share their words with ours
      if (name.startsWith('OTEL_') || kFirst !== first || rest.length === 0) return false;
      return kRest.at(-1) === rest.at(-1) || (rest.length >= 2 && kRest[0] === rest[0]);
    });
    if (meant.length > 0) found.push({ name, meant });
  }
  return found;
}

import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { configFromEnv, misspelledSettings } from '../../../service/config.js';

describe('configFromEnv', () => {
  it('has the documented defaults', () => {
    expect(configFromEnv({})).toEqual({
      host: '127.0.0.1',
      port: 8080,
      maxImageBytes: 20 * 1024 * 1024,
      maxImagePixels: 40_000_000,
      imageFetchAllowlist: [],
      imageFetchConnectTimeoutMs: 5000,
      imageFetchHeadersTimeoutMs: 10_000,
      imageFetchBodyTimeoutMs: 20_000,
      requestTimeoutMs: 120_000,
      renderWorkers: os.availableParallelism(),
      renderQueueLimit: os.availableParallelism() * 8,
      renderThreadNice: 10,
      platformApiKey: null,
      otlpTracesEndpoint: 'http://localhost:4318/v1/traces',
      receiverOrigin: null,
      publicBaseUrl: null,
      mcpMaxBatch: 8,
      logLevel: 'warn',
    });
  });

  it('reads every variable', () => {
    const c = configFromEnv({
      HOST: '0.0.0.0',
      PORT: '9000',
      MAX_IMAGE_BYTES: '1048576',
      MAX_IMAGE_PIXELS: '1000000',
      IMAGE_FETCH_ALLOWLIST: ' Images.Example.com, cdn.example ,Art.example:8443,shop.example:443',
      IMAGE_FETCH_CONNECT_TIMEOUT_MS: '1000',
      IMAGE_FETCH_HEADERS_TIMEOUT_MS: '2000',
      IMAGE_FETCH_BODY_TIMEOUT_MS: '3000',
      REQUEST_TIMEOUT_MS: '4000',
      RENDER_WORKERS: '3',
      RENDER_QUEUE_LIMIT: '5',
      RENDER_THREAD_NICE: '0',
      PLATFORM_API_KEY: 'k',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example:4318/',
      RECEIVER_ORIGIN: 'https://receiver.example',
      PUBLIC_BASE_URL: 'https://ascii.example',
      MCP_MAX_BATCH: '4',
      LOG_LEVEL: 'info',
    });
    expect(c).toEqual({
      host: '0.0.0.0',
      port: 9000,
      maxImageBytes: 1048576,
      maxImagePixels: 1000000,
      imageFetchAllowlist: ['images.example.com', 'cdn.example', 'art.example:8443', 'shop.example'],
      imageFetchConnectTimeoutMs: 1000,
      imageFetchHeadersTimeoutMs: 2000,
      imageFetchBodyTimeoutMs: 3000,
      requestTimeoutMs: 4000,
      renderWorkers: 3,
      renderQueueLimit: 5,
      renderThreadNice: 0,
      platformApiKey: 'k',
      otlpTracesEndpoint: 'https://collector.example:4318/v1/traces',
      receiverOrigin: 'https://receiver.example',
      publicBaseUrl: 'https://ascii.example',
      mcpMaxBatch: 4,
      logLevel: 'info',
    });
  });

  it('prefers OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given', () => {
    const c = configFromEnv({
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/x',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://d',
    });
    expect(c.otlpTracesEndpoint).toBe('http://c:4318/x');
  });

  it.each([
    ['PORT', 'http', 'PORT: expected an integer from 0 to 65535, received "http"'],
    ['MAX_IMAGE_BYTES', '1.5', 'MAX_IMAGE_BYTES: expected an integer from 1024 to 268435456, received "1.5"'],
    ['RENDER_WORKERS', '0', 'RENDER_WORKERS: expected an integer from 1 to 64, received "0"'],
    [
      'IMAGE_FETCH_ALLOWLIST',
      'a.example,http://b',
      'IMAGE_FETCH_ALLOWLIST: expected comma-separated host names (or host:port), received "http://b"',
    ],
    [
      'IMAGE_FETCH_ALLOWLIST',
      'a.example:8443,b.example:70000',
      'IMAGE_FETCH_ALLOWLIST: expected comma-separated host names (or host:port), received "b.example:70000"',
    ],
    [
      'RECEIVER_ORIGIN',
      'https://r.example/path',
      'RECEIVER_ORIGIN: expected an origin such as https://receiver.example, received "https://r.example/path"',
    ],
    [
      'PUBLIC_BASE_URL',
      'ftp://x',
      'PUBLIC_BASE_URL: expected an origin such as https://receiver.example, received "ftp://x"',
    ],
    [
      'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
      'nope',
      'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: expected an http(s) URL, received "nope"',
    ],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, received "loud"'],
  ])('refuses a bad %s by name', (name, value, message) => {
    expect(() => configFromEnv({ [name]: value })).toThrow(message);
  });
});

describe('misspelledSettings', () => {
  it('names a variable that looks like a setting but is none, with the settings meant', () => {
    const env = {
      IMAGE_URL_ALLOWLIST: 'images.example', // same first and last words
      RENDER_WORKER: '2', // a typo
      REQUEST_TIMEOUT: '5000',
      OTEL_EXPORTER_OTLP_TRACE_ENDPOINT: 'https://collector.example',
      MAX_IMAGE_SIZE: '1000000', // same first two words: either may be meant
      IMAGE_FETCH_ALLOWLIST: 'images.example', // a setting itself
    };
    expect(misspelledSettings(env)).toEqual([
      { name: 'IMAGE_URL_ALLOWLIST', meant: ['IMAGE_FETCH_ALLOWLIST'] },
      { name: 'RENDER_WORKER', meant: ['RENDER_WORKERS'] },
      { name: 'REQUEST_TIMEOUT', meant: ['REQUEST_TIMEOUT_MS'] },
      { name: 'OTEL_EXPORTER_OTLP_TRACE_ENDPOINT', meant: ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] },
      { name: 'MAX_IMAGE_SIZE', meant: ['MAX_IMAGE_BYTES', 'MAX_IMAGE_PIXELS'] },
    ]);
  });

  it("leaves the usual environment alone, and the trace exporter's own OTEL_ settings", () => {
    const usual = [
      'HOME',
      'USER',
      'SHELL',
      'TERM',
      'LANG',
      'PATH',
      'PWD',
      'TMPDIR',
      'HOSTNAME',
      'HOSTTYPE',
      'COLUMNS',
      'LINES',
      'CI',
      'DEBUG',
      'NODE_ENV',
      'TZ',
      'LOGNAME',
      'DISPLAY',
      'EDITOR',
      'COLORTERM',
      'FORCE_COLOR',
      'NO_COLOR',
      'HTTP_PROXY',
      'HTTPS_PROXY',
      'NO_PROXY',
      'KUBERNETES_SERVICE_HOST',
      'KUBERNETES_PORT',
      'RENDER_SERVICE_NAME',
      'OTEL_EXPORTER_OTLP_HEADERS',
      'OTEL_SERVICE_NAME',
      'npm_config_cache',
    ];
    expect(misspelledSettings(Object.fromEntries(usual.map((name) => [name, 'x'])))).toEqual([]);
  });
});

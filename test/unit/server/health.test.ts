import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { configFromEnv } from '../../../server/config.js';

describe('GET /api/health over real HTTP', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = await buildApp(configFromEnv({ HOST: '127.0.0.1', PORT: '0' }));
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());

  it.each(['/api/health', '/api/v1/health'])('%s answers 200 with status and version 0.3.0', async (path) => {
    const res = await fetch(base + path);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', version: '0.3.0' });
  });
});

describe('configFromEnv', () => {
  it('defaults to 127.0.0.1:8080 and rejects a bad PORT by name', () => {
    expect(configFromEnv({})).toMatchObject({ host: '127.0.0.1', port: 8080 });
    expect(() => configFromEnv({ PORT: 'http' })).toThrow('PORT: expected an integer from 0 to 65535, received "http"');
  });
});

/**
 * Shared pieces of the server tests: a real server on 127.0.0.1, synthetic images made with
 * sharp, and the engine called directly (the oracle a rendered body is compared with).
 */

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { encode, type RenderParams, renderImage, resolveParams } from '../../../engine/index.js';
import { decodeImage } from '../../../engine/node/decode.js';
import { type AppOptions, buildApp } from '../../../server/app.js';
import { configFromEnv } from '../../../service/config.js';
import type { ErrorBody } from '../../../service/errors.js';

export interface Running {
  readonly app: FastifyInstance;
  readonly base: string;
}

/**
 * A request through node:http, for what fetch will not send: a Host of our own, or a header
 * given twice (an array value is sent as that many header lines).
 */
export function rawRequest(
  base: string,
  path: string,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: hostname, port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Builds the app from an environment (one worker unless given) and listens on 127.0.0.1. */
export async function startServer(env: Record<string, string> = {}, options: AppOptions = {}): Promise<Running> {
  const app = await buildApp(configFromEnv({ RENDER_WORKERS: '1', LOG_LEVEL: 'silent', ...env }), options);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, base };
}

/** A w x h RGB image with a diagonal gradient and a bright square, so renders are not flat. */
export async function testImage(w = 96, h = 64, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  const data = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const inSquare = x > w / 4 && x < w / 2 && y > h / 4 && y < (3 * h) / 4;
      data[i] = inSquare ? 250 : Math.round((255 * x) / w);
      data[i + 1] = inSquare ? 240 : Math.round((255 * y) / h);
      data[i + 2] = inSquare ? 30 : 128;
    }
  return sharp(data, { raw: { width: w, height: h, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** What the engine itself renders for these bytes and parameters (the HTTP body must equal it). */
export async function engineRender(bytes: Uint8Array, params: Partial<RenderParams> = {}) {
  const resolved = resolveParams(params, 'json');
  const image = await decodeImage(bytes);
  return encode(renderImage(image, resolved), resolved);
}

/** A JSON render body without the fields that are measured times (they differ run to run). */
export function withoutTimings(body: string): unknown {
  const json = JSON.parse(body);
  delete json.evidence.timings;
  if (json.evidence.director) delete json.evidence.director.ms;
  return json;
}

export const postJson = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

export function form(image: Uint8Array | null, fields: Record<string, string> = {}): FormData {
  const fd = new FormData();
  if (image) fd.set('image', new Blob([new Uint8Array(image)]), 'image.png');
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

/** The status and error body of a response (which must be the one error shape). */
export async function errorOf(res: Response): Promise<{ status: number; code: string; body: ErrorBody }> {
  const body = (await res.json()) as ErrorBody;
  return { status: res.status, code: body.error?.code, body };
}

/**
 * A 68-byte PNG whose header claims 50000 x 50000 pixels: a valid signature and IHDR with a
 * correct CRC, an 11-byte IDAT (the start of row 0) and IEND. Decoding it would need 7.5 GB.
 */
export function pngBomb(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50000, 0);
  ihdr.writeUInt32BE(50000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  const idat = chunk('IDAT', zlib.deflateSync(Buffer.alloc(3)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    idat,
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A throwaway self-signed certificate for images.test, localhost, mapped.test and 127.0.0.1 (openssl). */
export function selfSigned(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=images.test',
      '-addext',
      'subjectAltName=DNS:images.test,DNS:localhost,DNS:mapped.test,IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const pair = {
    key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
  };
  fs.rmSync(dir, { recursive: true });
  return pair;
}

/**
 * `imageUrl` against a local HTTPS server with a self-signed certificate, trusted only by the
 * apps built in this file (a test CA passed to the fetcher, never a global TLS switch). One app
 * may reach 127.0.0.1 under the name images.test (to prove what works and the per-hop checks);
 * the other keeps the production address policy (public unicast only).
 */
import dns from 'node:dns';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicUnicast, type ResolvedAddress } from '../../../service/image-fetch.js';
import { engineRender, errorOf, postJson, type Running, selfSigned, startServer, testImage } from './support.js';

const LIMIT = 64 * 1024;
let png: Buffer;
let cert: string;
let origin: string; // https://images.test:<port>
let port: number;
let upstream: https.Server;
let open: Running; // may connect to 127.0.0.1
let strict: Running; // production address policy
let untrusting: Running; // no test CA
const hits: string[] = [];

const resolve = async (host: string): Promise<ResolvedAddress[]> => {
  if (host === 'images.test') return [{ address: '127.0.0.1', family: 4 }];
  if (host === 'mapped.test') return [{ address: '::ffff:10.0.0.1', family: 6 }];
  return dns.promises.lookup(host, { all: true });
};

beforeAll(async () => {
  png = await testImage();
  const tls = selfSigned();
  cert = tls.cert;
  upstream = https.createServer(tls, (req, res) => {
    const url = req.url ?? '/';
    hits.push(url);
    const chain = /^\/chain\/(\d+)$/.exec(url);
    if (url === '/img.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (url === '/redirect') res.writeHead(302, { location: '/img.png' }).end();
    else if (chain)
      res.writeHead(302, { location: Number(chain[1]) === 0 ? '/img.png' : `/chain/${Number(chain[1]) - 1}` }).end();
    else if (url === '/to-metadata')
      res.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data/' }).end();
    else if (url === '/to-http') res.writeHead(301, { location: `http://images.test:${port}/img.png` }).end();
    else if (url === '/to-other') res.writeHead(307, { location: `https://other.test:${port}/img.png` }).end();
    else if (url === '/to-other-port')
      res.writeHead(307, { location: `https://images.test:${port + 1}/img.png` }).end();
    else if (url === '/to-nowhere') res.writeHead(302, { location: 'https://[::1' }).end();
    else if (url === '/big') res.writeHead(200, { 'content-length': String(LIMIT * 2) }).end(Buffer.alloc(LIMIT * 2));
    else if (url === '/big-chunked') {
      res.writeHead(200);
      const chunk = Buffer.alloc(16 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < LIMIT * 4 && res.write(chunk)) sent += chunk.length;
        if (sent < LIMIT * 4) res.once('drain', pump);
        else res.end();
      };
      pump();
    } else if (url === '/trickle') {
      // a byte at a time, each well within the body's idle timeout: only the whole-fetch deadline ends it
      res.writeHead(200);
      const drip = setInterval(() => res.write('x'), 100);
      res.on('close', () => clearInterval(drip));
    } else if (url === '/slow-headers') setTimeout(() => res.writeHead(200).end(png), 3000);
    else if (url === '/slow-body') {
      res.writeHead(200, { 'content-length': String(png.length) });
      res.write(png.subarray(0, 10));
      setTimeout(() => res.end(png.subarray(10)), 3000);
    } else res.writeHead(404).end('no');
  });
  await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
  port = (upstream.address() as AddressInfo).port;
  origin = `https://images.test:${port}`;
  const env = {
    MAX_IMAGE_BYTES: String(LIMIT),
    // the test server's port, and port 1 (closed) of images.test
    IMAGE_FETCH_ALLOWLIST: `images.test:${port},images.test:1,localhost:${port},mapped.test:${port}`,
    IMAGE_FETCH_CONNECT_TIMEOUT_MS: '1000',
    IMAGE_FETCH_HEADERS_TIMEOUT_MS: '500',
    IMAGE_FETCH_BODY_TIMEOUT_MS: '500',
  };
  const loopback = (a: string) => a === '127.0.0.1' || isPublicUnicast(a);
  open = await startServer(env, { imageFetch: { ca: cert, resolve, isAllowedAddress: loopback } });
  strict = await startServer(env, { imageFetch: { ca: cert, resolve } });
  untrusting = await startServer(env, { imageFetch: { resolve, isAllowedAddress: loopback } });
});

afterAll(async () => {
  await Promise.all([open?.app.close(), strict?.app.close(), untrusting?.app.close()]);
  upstream.closeAllConnections();
  upstream.close();
});

const fetchVia = (s: Running, imageUrl: string) => postJson(s.base, '/api/v1/render?columns=30', { imageUrl });

async function refused(s: Running, imageUrl: string, reason: string) {
  const before = hits.length;
  const { status, code, body } = await errorOf(await fetchVia(s, imageUrl));
  expect([status, code, body.error.details?.reason]).toEqual([400, 'url_refused', reason]);
  return hits.length - before;
}

describe('imageUrl that works', () => {
  it('fetches an allowlisted https image and renders what the engine renders', async () => {
    const res = await fetchVia(open, `${origin}/img.png`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe((await engineRender(png, { columns: 30 })).body);
  });
  it('follows a relative redirect and up to 3 redirects', async () => {
    expect((await fetchVia(open, `${origin}/redirect`)).status).toBe(200);
    expect((await fetchVia(open, `${origin}/chain/2`)).status).toBe(200); // 3 redirects
  });
});

describe('imageUrl refusals (url_refused, nothing fetched)', () => {
  it('http scheme', async () => expect(await refused(open, `http://images.test:${port}/img.png`, 'scheme')).toBe(0));
  it('credentials in the URL', async () =>
    expect(await refused(open, `https://user:secret@images.test:${port}/img.png`, 'credentials')).toBe(0));
  it('a host not on the allowlist', async () =>
    expect(await refused(open, `https://other.test:${port}/img.png`, 'host_not_allowed')).toBe(0));
  it('an allowlisted name that resolves to 127.0.0.1 (system DNS: localhost)', async () =>
    expect(await refused(strict, `https://localhost:${port}/img.png`, 'address_not_allowed')).toBe(0));
  it('an allowlisted name that resolves to 127.0.0.1 (images.test)', async () =>
    expect(await refused(strict, `${origin}/img.png`, 'address_not_allowed')).toBe(0));
  it('an allowlisted name that resolves to an IPv4-mapped private IPv6 address', async () =>
    expect(await refused(strict, `https://mapped.test:${port}/img.png`, 'address_not_allowed')).toBe(0));
  it('an IPv4-mapped IPv6 literal', async () =>
    expect(await refused(strict, `https://[::ffff:127.0.0.1]:${port}/img.png`, 'address_not_allowed')).toBe(0));
  it.each(['127.0.0.1', '169.254.169.254', '10.0.0.8', '[::1]', '[fe80::1]', '0.0.0.0', '2130706433'])(
    'the IP literal %s',
    async (ip) => expect(await refused(strict, `https://${ip}:${port}/img.png`, 'address_not_allowed')).toBe(0),
  );
  it('a port the allowlist does not name for the host (443 is the port of an entry without one)', async () => {
    expect(await refused(open, `https://images.test:${port + 1}/img.png`, 'port_not_allowed')).toBe(0);
    expect(await refused(open, 'https://images.test/img.png', 'port_not_allowed')).toBe(0);
    const { body } = await errorOf(await fetchVia(open, 'https://images.test:22/img.png'));
    expect(body.error.message).toBe(
      'imageUrl port 22 is not allowed for images.test; add images.test:22 to IMAGE_FETCH_ALLOWLIST to allow it',
    );
  });
  it('a redirect to another port of an allowlisted host', async () =>
    expect(await refused(open, `${origin}/to-other-port`, 'port_not_allowed')).toBe(1));
  it('a public IP literal that is not allowlisted', async () =>
    expect(await refused(strict, 'https://93.184.216.34/img.png', 'host_not_allowed')).toBe(0));
  it('a redirect to 169.254.169.254 (checked at the hop)', async () =>
    expect(await refused(open, `${origin}/to-metadata`, 'address_not_allowed')).toBe(1));
  it('a redirect to http', async () => expect(await refused(open, `${origin}/to-http`, 'scheme')).toBe(1));
  it('a redirect to a host not on the allowlist', async () =>
    expect(await refused(open, `${origin}/to-other`, 'host_not_allowed')).toBe(1));
  it('a fourth redirect', async () => expect(await refused(open, `${origin}/chain/3`, 'too_many_redirects')).toBe(4));
});

describe('imageUrl fetch failures', () => {
  it('an oversized body announced by content-length is image_too_large', async () => {
    const { status, code } = await errorOf(await fetchVia(open, `${origin}/big`));
    expect([status, code]).toEqual([413, 'image_too_large']);
  });
  it('an oversized streamed body is cut at the cap: image_too_large', async () => {
    const { status, code } = await errorOf(await fetchVia(open, `${origin}/big-chunked`));
    expect([status, code]).toEqual([413, 'image_too_large']);
  });
  it('a server slow to answer is url_timeout (504)', async () => {
    const { status, code } = await errorOf(await fetchVia(open, `${origin}/slow-headers`));
    expect([status, code]).toEqual([504, 'url_timeout']);
  });
  it('a server slow to send its body is url_timeout (504)', async () => {
    const { status, code } = await errorOf(await fetchVia(open, `${origin}/slow-body`));
    expect([status, code]).toEqual([504, 'url_timeout']);
  });
  it('a body that trickles in past the whole-fetch deadline is url_timeout (504)', async () => {
    const { status, code } = await errorOf(await fetchVia(open, `${origin}/trickle`));
    expect([status, code]).toEqual([504, 'url_timeout']);
  });
  it('a 404 upstream is url_fetch_failed (502) with the status', async () => {
    const { status, code, body } = await errorOf(await fetchVia(open, `${origin}/missing.png`));
    expect([status, code, body.error.details?.status]).toEqual([502, 'url_fetch_failed', 404]);
  });
  it('a certificate the fetcher does not trust is url_fetch_failed: TLS is verified', async () => {
    const { status, code } = await errorOf(await fetchVia(untrusting, `${origin}/img.png`));
    expect([status, code]).toEqual([502, 'url_fetch_failed']);
  });
  it('a redirect to something that is not a URL is url_fetch_failed', async () => {
    const { status, code } = await errorOf(await fetchVia(open, `${origin}/to-nowhere`));
    expect([status, code]).toEqual([502, 'url_fetch_failed']);
  });
  it('a closed port is url_fetch_failed, saying so in words (the code kept for the operator)', async () => {
    const { status, code, body } = await errorOf(await fetchVia(open, 'https://images.test:1/img.png'));
    expect([status, code]).toEqual([502, 'url_fetch_failed']);
    expect(body.error.message).toBe(
      'could not fetch the image from images.test: the host refused the connection (econnrefused)',
    );
  });
});

describe('isPublicUnicast', () => {
  it.each([
    ['93.184.216.34', true],
    ['2606:2800:220:1:248:1893:25c8:1946', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['::7f00:1', false], // IPv4-compatible (deprecated ::/96): 127.0.0.1 in old dress
    ['::a9fe:a9fe', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:93.184.216.34', true],
    ['64:ff9b::a00:1', false],
    ['2002:a00:1::', false],
    ['not an ip', false],
  ])('%s -> %s', (ip, expected) => expect(isPublicUnicast(ip)).toBe(expected));
});

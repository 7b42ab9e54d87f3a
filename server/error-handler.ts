/**
 * Every 4xx/5xx of the service leaves through here in the one error shape: route errors,
 * Fastify's framework errors (bad URL, body limits, bad JSON), unknown routes (404, or 405
 * with `Allow` for a known path: method-not-allowed.ts) and malformed HTTP on the socket.
 * Fastify's default error bodies never reach a client.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, toApiError } from '../service/errors.js';
import { trackAllowedMethods } from './method-not-allowed.js';

/**
 * A refusal sent while the body is still arriving (a 1 GB form against a 20 MB limit): stop
 * reading it, and answer with `connection: close`, on which Node closes the socket once the
 * answer is out, instead of reading the rest into a discard to keep the connection alive.
 */
function stopReadingBody(request: FastifyRequest, reply: FastifyReply): void {
  const { raw } = request;
  if (raw.complete || raw.destroyed) return;
  raw.unpipe();
  raw.pause();
  reply.header('connection', 'close');
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  request.errorCode = error.code;
  stopReadingBody(request, reply);
  return reply
    .code(error.status)
    .headers(error.headers)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(error.body());
}

/** Installs the error and not-found handlers; call before registering any route. */
export function installErrorHandling(app: FastifyInstance, limits: { maxImageBytes: number }): void {
  const allowedMethods = trackAllowedMethods(app);
  app.setErrorHandler((err, request, reply) => {
    const error = toApiError(err, limits);
    if (error.code === 'internal') request.log.error({ err }, 'unexpected error');
    return sendError(request, reply, error);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allow = allowedMethods(path);
    if (allow.length === 0) {
      // a route written with a slash at its end is pointed to; any other miss, to the list of routes
      const trimmed = path.replace(/\/+$/, '');
      const hint =
        trimmed !== path && trimmed !== '' && allowedMethods(trimmed).length > 0
          ? `did you mean ${trimmed}?`
          : 'the routes are listed in /api/openapi.json';
      return sendError(request, reply, new ApiError('not_found', `no route for ${request.method} ${path} (${hint})`));
    }
    const error = new ApiError(
      'method_not_allowed',
      `${path} does not take ${request.method}; it takes ${allow.join(', ')}`,
      undefined,
      { allow: allow.join(', ') },
    );
    return sendError(request, reply, error);
  });
}

/** Fastify's `frameworkErrors` option: a malformed URL and the like, answered in our shape. */
export function frameworkErrors(_err: Error, request: FastifyRequest, reply: FastifyReply): void {
  void sendError(request, reply, new ApiError('bad_request', 'the request URL could not be read'));
}

/** Fastify's `clientErrorHandler` option: malformed HTTP never reaches a route; answer it raw. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const error =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError('headers_too_large', 'the request headers are too large')
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ApiError('request_timeout', 'the request took too long to arrive')
        : new ApiError('bad_request', 'the request is not valid HTTP');
  const body = JSON.stringify(error.body());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${error.status} ${http.STATUS_CODES[error.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

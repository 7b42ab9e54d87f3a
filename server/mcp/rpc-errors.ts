/**
 * JSON-RPC error bodies for what Fastify refuses before /api/mcp's handler runs: invalid JSON
 * is -32700 (HTTP 400), a body over the limit -32600 (413), a content type other than JSON
 * -32600 (415); anything else keeps the HTTP API's status and message (toApiError), as -32600,
 * or -32603 for a 5xx. Never Fastify's own error body.
 */
import { INVALID_REQUEST, PARSE_ERROR } from '@modelcontextprotocol/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../service/config.js';
import { toApiError } from '../../service/errors.js';
import { jsonBodyLimit } from '../../service/intake.js';
import { rpcError } from '../../service/mcp/batch.js';

const INTERNAL_ERROR = -32603;

export function sendRpcError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: unknown,
  code: string,
) {
  request.errorCode = code;
  return reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
}

export function rpcErrorHandler(config: Pick<ServerConfig, 'maxImageBytes'>) {
  return (err: Error, request: FastifyRequest, reply: FastifyReply) => {
    const code = (err as { code?: string }).code;
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return sendRpcError(
        request,
        reply,
        400,
        rpcError(null, PARSE_ERROR, 'Parse error: the body is not valid JSON'),
        'invalid_json',
      );
    }
    const error = toApiError(err, config);
    if (error.code === 'internal') request.log.error({ err }, 'unexpected error');
    const message =
      error.code === 'image_too_large'
        ? `Invalid Request: the body exceeds the limit of ${jsonBodyLimit(config.maxImageBytes)} bytes`
        : error.code === 'unsupported_media_type'
          ? 'Invalid Request: send Content-Type: application/json'
          : error.message;
    const rpcCode = error.status >= 500 ? INTERNAL_ERROR : INVALID_REQUEST;
    return sendRpcError(request, reply, error.status, rpcError(null, rpcCode, message), error.code);
  };
}

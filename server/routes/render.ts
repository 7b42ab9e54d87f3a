/**
 * POST /api/v1/render (SPEC 4.2): one image from a multipart upload, JSON base64 or an
 * HTTPS URL; parameters from the query string, form fields or JSON keys. The body and its
 * content type follow `format`; evidence, grid size and timings travel in headers (and in the
 * body of the json formats).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { intakeFromJson, jsonBodyLimit, mergeParams, noImage, type ParamSet } from '../../service/intake.js';
import { markRepeatedKeys } from '../../service/json-body.js';
import { type RenderOutcome, type RenderService, serverTiming } from '../../service/render-service.js';
import { parseJsonScreened } from '../json-parser.js';
import { intakeFromMultipart } from '../multipart-intake.js';

export interface RenderRouteOptions {
  readonly service: RenderService;
  readonly maxImageBytes: number;
}

/** The markup formats are documents on this origin: they may style themselves, nothing more. */
const MARKUP_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** Header-safe JSON: ASCII only (JSON escapes control characters itself). */
const headerJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

function sendRender(reply: FastifyReply, out: RenderOutcome): FastifyReply {
  const { evidence } = out;
  reply
    .code(200)
    .type(out.contentType)
    .header('content-disposition', `inline; filename="glyphcast-${out.columns}x${out.rows}.${out.extension}"`)
    .header('cache-control', 'no-store')
    .header('x-glyphcast-grid', `${out.columns}x${out.rows}`)
    .header('x-glyphcast-source', `${evidence.source.width}x${evidence.source.height}`)
    .header('x-glyphcast-codebook', headerJson(evidence.codebook))
    .header('x-glyphcast-director', headerJson(evidence.director))
    .header('server-timing', serverTiming(out.stages));
  if (out.contentType.startsWith('text/html') || out.contentType.startsWith('image/svg')) {
    reply.header('content-security-policy', MARKUP_CSP);
  }
  // as bytes: Fastify would append `; charset=utf-8` to a string's application/json, a parameter
  // that type does not define (RFC 8259), and the MCP tool's contentType says the type as is
  return reply.send(Buffer.from(out.body, 'utf8'));
}

/** Aborts when the connection closes before the answer was sent: the client has gone away. */
export function abortedWhenClientLeaves(reply: FastifyReply): AbortSignal {
  const ac = new AbortController();
  if (reply.raw.destroyed) ac.abort();
  else
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) ac.abort();
    });
  return ac.signal;
}

export async function renderRoutes(app: FastifyInstance, opts: RenderRouteOptions): Promise<void> {
  // Only JSON and multipart bodies: text/plain (Fastify's other default) is answered 415.
  app.removeContentTypeParser('text/plain');
  // the body object holds the parameters: a key given twice there is reported by name
  parseJsonScreened(app, (text, value) => markRepeatedKeys(text, value, (path) => path.length === 0));
  await app.register(multipart, { limits: { fileSize: opts.maxImageBytes, files: 1 } });

  app.post(
    '/api/v1/render',
    { bodyLimit: jsonBodyLimit(opts.maxImageBytes), config: { exportTrace: true } },
    async (request, reply) => {
      const query: ParamSet[] = [
        { where: 'the query string', source: 'strings', values: request.query as Record<string, unknown> },
      ];
      if (!request.isMultipart() && request.body === undefined) {
        // no body: the query string is still checked first, as with a body
        mergeParams(query);
        throw noImage();
      }
      const intake = request.isMultipart()
        ? await intakeFromMultipart(request, opts.maxImageBytes, query)
        : intakeFromJson(request.body, opts.maxImageBytes, { query });
      return sendRender(reply, await opts.service.render(intake, request.span, abortedWhenClientLeaves(reply)));
    },
  );
}

/**
 * One span per tool execution, exported only when a platform key is configured (telemetry is
 * then non-null), with the redaction of the HTTP API: attributes go through `setSafe`.
 *
 * Parent: the caller's `traceparent` from the request's `_meta` (the MCP trace keys) when it
 * is valid, else the HTTP request's span (its `traceparent` header continues that one). When
 * both exist the tool span is linked to the HTTP request span. The render's lifecycle spans
 * (fetch, decode, plan, kernels, encode) are children of the tool span, and the Auto Director
 * evidence (status, rubric, number of changes) is set on it.
 */
import { PROTOCOL_VERSION_META_KEY, type RequestMeta, TRACEPARENT_META_KEY } from '@modelcontextprotocol/server';
import type { Span } from '@opentelemetry/api';
import type { RenderEvidence } from '../../engine/index.js';
import { setSafe, type Telemetry } from '../telemetry.js';
import { parseTraceparent } from '../trace-context.js';
import { TOOL_NAME } from './tool-schema.js';

/** The caller's trace parent from `_meta.traceparent`, or null when absent or invalid. */
export function metaTraceparent(meta: RequestMeta | undefined) {
  const value = meta?.[TRACEPARENT_META_KEY];
  return typeof value === 'string' ? parseTraceparent(value) : null;
}

export function startToolSpan(
  telemetry: Telemetry | null,
  meta: RequestMeta | undefined,
  requestSpan: Span | null,
): Span | null {
  if (!telemetry) return null;
  const fromMeta = metaTraceparent(meta);
  const version = meta?.[PROTOCOL_VERSION_META_KEY];
  return telemetry.startSpan(
    `tools/call ${TOOL_NAME}`,
    fromMeta ?? requestSpan,
    {
      'mcp.method.name': 'tools/call',
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': TOOL_NAME,
      ...(typeof version === 'string' ? { 'mcp.protocol.version': version } : {}),
    },
    fromMeta && requestSpan ? [requestSpan] : [],
  );
}

export function endToolSpan(
  telemetry: Telemetry | null,
  span: Span | null,
  evidence: RenderEvidence | null,
  errorCode: string | undefined,
): void {
  if (!telemetry || !span) return;
  if (evidence?.director) {
    setSafe(span, {
      'glyphcast.director.status': evidence.director.status,
      'glyphcast.director.rubric': evidence.director.rubric,
      'glyphcast.director.changes': evidence.director.changes.length,
    });
  }
  telemetry.endSpan(span, errorCode);
}

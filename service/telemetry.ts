/**
 * OpenTelemetry export of the render lifecycle, on only when PLATFORM_API_KEY is set: OTLP
 * over HTTP (JSON) to OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, authenticated with the platform key
 * in the `Authorization: Bearer` header of the export request.
 *
 * Redaction is by construction: spans carry only the attributes named in SAFE_ATTRIBUTES,
 * set through `setSafe`. No image bytes or base64, no URL beyond its host, no key, no client
 * address, no user agent, no caller tracestate ever reaches a span.
 */
import {
  type Attributes,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOnSampler, BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { TraceParent } from './trace-context.js';
import { SERVICE_NAME, SERVICE_VERSION } from './version.js';

/** Every attribute a span may carry; anything else is dropped. */
export const SAFE_ATTRIBUTES = new Set([
  'http.request.method',
  'http.route',
  'http.response.status_code',
  'error.type',
  'glyphcast.intake',
  'glyphcast.image.bytes',
  'glyphcast.image.format',
  'glyphcast.image_url.host',
  'glyphcast.source.width',
  'glyphcast.source.height',
  'glyphcast.format',
  'glyphcast.charset',
  'glyphcast.columns',
  'glyphcast.rows',
  'glyphcast.codebook.size',
  'glyphcast.codebook.status',
  'glyphcast.director.status',
  'glyphcast.stage.ms',
  'glyphcast.director.rubric',
  'glyphcast.director.changes',
  'mcp.method.name',
  'mcp.protocol.version',
  'gen_ai.tool.name',
  'gen_ai.operation.name',
]);

export function setSafe(span: Span, attributes: Record<string, string | number | boolean | undefined>): void {
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && SAFE_ATTRIBUTES.has(key)) span.setAttribute(key, value);
  }
}

export interface Telemetry {
  /** Starts the server span of a request, as a child of the caller's traceparent when there is one. */
  startRequestSpan(name: string, parent: TraceParent | null, attributes: Attributes): Span;
  /**
   * Starts an internal span (an MCP tool execution): a child of a local span, or of a caller's
   * traceparent (from MCP `_meta`), linked to the given spans.
   */
  startSpan(name: string, parent: Span | TraceParent | null, attributes: Attributes, links?: readonly Span[]): Span;
  /** Ends a span started with startSpan, with the error code when it failed. */
  endSpan(span: Span, errorCode: string | undefined): void;
  /** Records a finished child span with explicit start and end (epoch ms). */
  recordSpan(
    parent: Span,
    name: string,
    start: number,
    end: number,
    attributes?: Record<string, number | string>,
  ): Span;
  endRequestSpan(span: Span, statusCode: number, errorCode: string | undefined): void;
  shutdown(): Promise<void>;
}

/**
 * Whether exporting to `endpoint` sends the platform key (its Authorization header) in the
 * clear over a network: plain http to anything but this machine's loopback.
 */
export function sendsKeyInTheClear(endpoint: string): boolean {
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return url.protocol === 'http:' && host !== 'localhost' && host !== '::1' && !/^127\./.test(host);
}

export function createTelemetry(o: { endpoint: string; platformApiKey: string }): Telemetry {
  const exporter = new OTLPTraceExporter({
    url: o.endpoint,
    headers: { authorization: `Bearer ${o.platformApiKey}` },
  });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': SERVICE_NAME, 'service.version': SERVICE_VERSION }),
    sampler: new AlwaysOnSampler(),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 })],
  });
  const tracer: Tracer = provider.getTracer(SERVICE_NAME, SERVICE_VERSION);
  const remote = (parent: TraceParent | null) =>
    parent
      ? trace.setSpanContext(ROOT_CONTEXT, {
          traceId: parent.traceId,
          spanId: parent.parentId,
          traceFlags: parent.flags & TraceFlags.SAMPLED,
          isRemote: true,
        })
      : ROOT_CONTEXT;
  return {
    startRequestSpan(name, parent, attributes) {
      const span = tracer.startSpan(name, { kind: SpanKind.SERVER }, remote(parent));
      setSafe(span, attributes as Record<string, string>);
      return span;
    },
    startSpan(name, parent, attributes, links = []) {
      const ctx = parent && 'spanContext' in parent ? trace.setSpan(ROOT_CONTEXT, parent) : remote(parent);
      const span = tracer.startSpan(
        name,
        { kind: SpanKind.INTERNAL, links: links.map((l) => ({ context: l.spanContext() })) },
        ctx,
      );
      setSafe(span, attributes as Record<string, string>);
      return span;
    },
    endSpan(span, errorCode) {
      setSafe(span, { 'error.type': errorCode });
      if (errorCode) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
    recordSpan(parent, name, start, end, attributes = {}) {
      const span = tracer.startSpan(name, { startTime: start }, trace.setSpan(ROOT_CONTEXT, parent));
      setSafe(span, attributes);
      span.end(end);
      return span;
    },
    endRequestSpan(span, statusCode, errorCode) {
      setSafe(span, { 'http.response.status_code': statusCode, 'error.type': errorCode });
      if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
    // A collector that is down loses spans; it never fails the service or its shutdown.
    shutdown: () => provider.shutdown().catch(() => undefined),
  };
}

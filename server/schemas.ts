/**
 * The shapes of the service's JSON bodies, once, as zod schemas: the OpenAPI document is
 * generated from them (and from the engine's params schema), and the tests validate live
 * responses against that document.
 */

import { FORMATS, HANDOFF_MODES, HANDOFF_PROTOCOL, z } from '../engine/index.js';
import { ERROR_CODES, type ErrorCode } from '../service/errors.js';

const ERROR_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export const paramIssueSchema = z.object({
  param: z.string(),
  expected: z.string(),
  received: z.string(),
  message: z.string(),
});

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_NAMES),
      message: z.string(),
      details: z
        .looseObject({
          issues: z.array(paramIssueSchema).optional(),
          unlisted: z.int().optional().meta({ description: 'how many more issues than `issues` lists' }),
          reason: z.string().optional(),
          field: z.string().optional(),
          host: z.string().optional(),
          status: z.int().optional(),
          limit: z.int().optional(),
        })
        .optional(),
    }),
  })
  .meta({ description: 'The one error body of every 4xx and 5xx answer' });

export const traceSummarySchema = z.object({
  traceId: z.string().regex(/^[0-9a-f]{32}$/),
  spanId: z.string().regex(/^[0-9a-f]{16}$/),
  traceparent: z.string(),
  tracestate: z.string().nullable(),
  continued: z.boolean().meta({ description: "true when the caller's traceparent was accepted" }),
});

export const poolStatsSchema = z.object({
  workers: z.int(),
  running: z.int(),
  queued: z.int(),
  queueLimit: z.int(),
});

const outputFormatSchema = z.object({
  id: z.enum(FORMATS),
  contentType: z.string(),
  extension: z.string(),
  label: z.string(),
  chromaEncoding: z.string().optional(),
});

export const healthSchema = z.object({
  status: z.literal('ok'),
  service: z.string(),
  version: z.string(),
  uptimeSeconds: z.int(),
  capabilities: z.object({
    color: z.boolean(),
    edgeDetection: z.boolean(),
    dithering: z.string(),
    luminance: z.string(),
    streaming: z.object({
      supported: z.boolean(),
      browserOnly: z.boolean(),
      sources: z.array(z.string()),
      temporalFilter: z.string(),
    }),
  }),
  formats: z.array(outputFormatSchema),
  imageUrl: z.object({
    enabled: z.boolean().meta({ description: 'whether imageUrl renders here (an allowlist is set)' }),
  }),
  renderPool: poolStatsSchema,
  trace: traceSummarySchema,
});

const codebookSchema = z.looseObject({
  strategy: z.enum(['adaptive', 'fixed']),
  glyphs: z.string(),
  size: z.int(),
  rmse: z.number(),
  bound: z.number().nullable(),
  status: z.enum(['target_met', 'best_effort']),
});

const directorSchema = z
  .looseObject({
    status: z.enum(['target_met', 'best_effort']),
    rubric: z.string(),
    autoOptimize: z.number(),
    metrics: z.array(z.looseObject({ name: z.string(), value: z.number(), target: z.number(), met: z.boolean() })),
    changes: z.array(z.looseObject({ param: z.string() })),
  })
  .nullable();

export const evidenceSchema = z.looseObject({
  source: z.object({ width: z.int(), height: z.int() }),
  samplesPerCell: z.object({ x: z.int(), y: z.int() }),
  codebook: codebookSchema,
  director: directorSchema,
  timings: z.record(z.string(), z.number()),
});

const renderBody = {
  columns: z.int(),
  rows: z.int(),
  charset: z.string(),
  lines: z.array(z.string()),
  params: z.record(z.string(), z.unknown()).meta({ description: 'The parameters used, defaults filled in' }),
  evidence: evidenceSchema,
};

export const renderJsonSchema = z
  .object({ format: z.literal('json'), ...renderBody, colors: z.array(z.array(z.string())).nullable() })
  .meta({ description: 'format=json: lines, per-cell #rrggbb colors (with color=true), params and evidence' });

export const renderJsonCompactSchema = z
  .object({
    format: z.literal('json-compact'),
    ...renderBody,
    chroma: z.object({ encoding: z.literal('rgb24-b64-v1'), data: z.string() }).nullable(),
  })
  .meta({ description: 'format=json-compact: lines plus chroma as base64 of packed row-major RGB (rgb24-b64-v1)' });

export const handoffStatusSchema = z.object({
  protocol: z.literal(HANDOFF_PROTOCOL),
  version: z.string(),
  receiverConfigured: z.boolean(),
  targetOrigin: z.string().nullable(),
  authenticated: z.boolean(),
  traceExport: z.boolean(),
  renderPool: poolStatsSchema,
  trace: traceSummarySchema,
});

/** JSON Schema 2020-12 of a zod schema, without `$schema` (OpenAPI 3.1 sets the dialect). */
export function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12' }) as Record<string, unknown>;
  return rest;
}

export const handoffManifestSchema = z.object({
  protocol: z.literal(HANDOFF_PROTOCOL),
  version: z.string(),
  transport: z.literal('window.postMessage'),
  browserOnly: z.literal(true),
  targetOrigin: z.string().nullable().meta({ description: 'RECEIVER_ORIGIN; null when none is configured' }),
  modes: z.array(z.enum(HANDOFF_MODES)),
  launchUrlTemplate: z.string(),
  backpressure: z.object({ maxFramesInFlight: z.int(), unackedFpsCap: z.number() }),
  messages: z.object({
    frame: z.record(z.string(), z.unknown()),
    ack: z.record(z.string(), z.unknown()),
    ready: z.record(z.string(), z.unknown()),
  }),
  statusChecks: z.object({ authenticated: z.boolean(), schemes: z.array(z.string()) }),
});

/**
 * The one tool, `render_ascii`: tool arguments -> the HTTP API's intake -> the render
 * service -> `structuredContent` (with its JSON in a text block for older clients).
 *
 * Every refusal is a tool execution error (`isError: true`) whose text is the HTTP API's own
 * error body for the same input (`{"error":{"code","message","details"?}}`), so an agent reads
 * the same code and message over MCP as over POST /api/v1/render.
 */
import type { CallToolResult, McpServer, StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { Span } from '@opentelemetry/api';
import { ApiError, toApiError } from '../errors.js';
import { type Intake, intakeFromJson, jsonParamSets, mergeParams, repeatedSource } from '../intake.js';
import type { RenderOutcome, RenderService } from '../render-service.js';
import type { Telemetry } from '../telemetry.js';
import type { ArgumentRepeats } from './argument-repeats.js';
import {
  TOOL_NAME,
  TOOL_TITLE,
  type ToolOutput,
  toolDescription,
  toolInputJsonSchema,
  toolOutputSchema,
} from './tool-schema.js';
import { endToolSpan, startToolSpan } from './tool-span.js';

export interface RenderToolOptions {
  readonly render: RenderService['render'];
  readonly maxImageBytes: number;
  /** Whether `imageUrl` can reach any host (an allowlist is configured): the openWorldHint. */
  readonly urlFetching: boolean;
  readonly telemetry: Telemetry | null;
  /** The recorded span of the HTTP request carrying the call, if any (tool spans link to it). */
  readonly requestSpan?: Span | null;
  /** stdio with a root folder: reads `imagePath` inside it (and refuses anything outside). */
  readonly readImagePath?: (path: string) => Promise<Uint8Array>;
  /** The keys each call's arguments give twice, as the host's screen of the text found them. */
  readonly argumentRepeats?: ArgumentRepeats;
}

/** The advertised input schema; validation is the intake's, so `validate` lets every value through. */
function advertisedSchema(json: Record<string, unknown>): StandardSchemaWithJSON<Record<string, unknown>> {
  return {
    '~standard': {
      version: 1,
      vendor: 'glyphcast',
      validate: (value) => ({ value: (value ?? {}) as Record<string, unknown> }),
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}

export function registerRenderAsciiTool(server: McpServer, o: RenderToolOptions): void {
  const sources = { urlFetching: o.urlFetching, imagePath: o.readImagePath !== undefined };
  server.registerTool(
    TOOL_NAME,
    {
      title: TOOL_TITLE,
      description: toolDescription(sources),
      inputSchema: advertisedSchema(toolInputJsonSchema(sources)),
      outputSchema: toolOutputSchema,
      annotations: {
        title: TOOL_TITLE,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: o.urlFetching,
      },
    },
    async (args, ctx): Promise<CallToolResult> => {
      const span = startToolSpan(o.telemetry, ctx.mcpReq._meta, o.requestSpan ?? null);
      try {
        // a cancelled request (notifications/cancelled) stops its render: no answer is sent for it
        const repeated = o.argumentRepeats?.(ctx.mcpReq.id) ?? [];
        const out = await o.render(await intakeOf(args, o, repeated), span, ctx.mcpReq.signal);
        const structured = toolOutput(out);
        endToolSpan(o.telemetry, span, out.evidence, undefined);
        return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
      } catch (err) {
        const error = toApiError(err, o);
        endToolSpan(o.telemetry, span, null, error.code);
        return { content: [{ type: 'text', text: JSON.stringify(error.body()) }], isError: true };
      }
    },
  );
}

/** The HTTP API's JSON intake, plus `imagePath` on a stdio server with a root folder. */
async function intakeOf(
  args: Record<string, unknown>,
  o: RenderToolOptions,
  repeated: readonly string[],
): Promise<Intake> {
  const { imagePath, ...rest } = args;
  const where = 'the tool arguments';
  const sources = o.readImagePath === undefined ? 'imageBase64 or imageUrl' : 'imagePath, imageBase64 or imageUrl';
  if (imagePath === undefined) {
    const noImage = () => new ApiError('no_image', `no image: give the argument ${sources}`);
    return intakeFromJson(args, o.maxImageBytes, { where, noImage, imageArguments: sources, repeated });
  }
  if (o.readImagePath === undefined) {
    throw new ApiError(
      'invalid_image_source',
      'imagePath is read only by the stdio server started with --root <folder>; send imageBase64 or imageUrl',
      { field: 'imagePath' },
    );
  }
  if (rest.imageBase64 !== undefined || rest.imageUrl !== undefined || repeatedSource(repeated) !== undefined) {
    throw new ApiError('multiple_images', 'send one image source: imagePath, imageBase64 or imageUrl');
  }
  if (typeof imagePath !== 'string' || imagePath === '') {
    throw new ApiError('invalid_image_source', 'imagePath must be a non-empty string', { field: 'imagePath' });
  }
  const params = mergeParams(jsonParamSets(where, rest, sources, repeated));
  return { source: { kind: 'file', bytes: await o.readImagePath(imagePath) }, params };
}

const TEXT_FORMATS = new Set(['text', 'ansi']);

/** The structured result: the HTTP body as is, its lines or chroma, the evidence and stage timings. */
export function toolOutput(out: RenderOutcome): ToolOutput {
  const { format } = out;
  const { timings: _, ...evidence } = out.evidence;
  const timings: Record<string, number> = {};
  for (const s of out.stages) timings[s.name] = Math.round((s.end - s.start) * 100) / 100;
  return {
    columns: out.columns,
    rows: out.rows,
    format,
    contentType: out.contentType,
    output: out.body,
    lines: TEXT_FORMATS.has(format) ? out.body.replace(/\n$/, '').split('\n') : null,
    chroma: format === 'json-compact' ? (JSON.parse(out.body).chroma ?? null) : null,
    evidence: evidence as unknown as ToolOutput['evidence'],
    timings,
  };
}

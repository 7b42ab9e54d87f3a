/**
 * The `render_ascii` tool as clients see it in `tools/list`: name, title, a description that
 * tells an agent how to size `columns`, the input schema (the engine's params schema plus the
 * image source keys, exactly one of them) and the output schema of `structuredContent`.
 *
 * The input schema is advertised, not enforced by the SDK: the tool validates its arguments
 * with the HTTP API's own intake (service/intake.ts), so a bad argument is refused with the
 * same code and message as POST /api/v1/render.
 */

import { CHROMA_ENCODING, FORMATS, paramsJsonSchema, z } from '../../engine/index.js';
import { MAX_IMAGE_URL_LENGTH } from '../intake.js';

export const TOOL_NAME = 'render_ascii';
export const TOOL_TITLE = 'Render an image as ASCII art';

/** What the server takes the image as: `urlFetching` (an allowlist is set), `imagePath` (stdio with a root folder). */
export interface ToolSources {
  readonly urlFetching: boolean;
  readonly imagePath?: boolean;
}

/** How an agent gives the image, as this server takes it: no imageUrl offered where it is off. */
function sourcesSentence(o: ToolSources): string {
  const base64 = 'imageBase64 (base64 bytes, a data: URL prefix is allowed)';
  const path = o.imagePath ? 'imagePath (a file inside the root folder the server was started with), ' : '';
  if (o.urlFetching)
    return `Give exactly one image source: ${path}${base64} or imageUrl (https, on a host the server allowlists).`;
  return `Give exactly one image source: ${path}${o.imagePath ? 'or ' : ''}${base64}; imageUrl is off on this server (it allowlists no host).`;
}

/** The tool description: what it renders, how to give the image, and how to size the answer. */
export function toolDescription(o: ToolSources): string {
  return [
    'Renders one raster image (PNG, JPEG, WebP, GIF, AVIF, TIFF, BMP, PBM/PGM/PPM/PAM) as character art: plain text, ANSI truecolor, HTML, JSON, compact JSON with chroma, or SVG.',
    sourcesSentence(o),
    'Sizing for your context budget: the grid is `columns` wide and about columns x (image height / width) x 0.5 rows tall (cells are twice as tall as wide), so a square image at 80 columns gives 40 rows.',
    'With format "text" one cell is one character: about columns x rows characters, roughly 3 to 4 characters per token, so 60 columns of a square image (about 1,800 characters) costs some 500 to 600 tokens.',
    'The result carries the art in `output` and again in `lines`, and a text block repeats the whole result as JSON for older clients, so budget two to four times the art itself.',
    '"ansi", "html", "json" and "svg" add escapes or markup per cell and cost 5 to 40 times more than "text".',
    'Start around 60 to 80 columns with format "text" and charset "standard" or "detailed"; go wider only when the detail matters and the budget allows.',
    'Set autoOptimize to 0 for a fast, literal render; the default lets the Auto Director tune tone and detail for the image and report its evidence.',
  ].join(' ');
}

/** A params-schema property plus a description, for the image source keys. */
const IMAGE_SOURCE_PROPERTIES = {
  imageBase64: {
    type: 'string',
    minLength: 1,
    description: 'The image bytes in base64 (standard or URL-safe alphabet; a data: URL prefix is allowed).',
  },
} as const;

const IMAGE_URL_PROPERTY = { type: 'string', format: 'uri', maxLength: MAX_IMAGE_URL_LENGTH } as const;
const IMAGE_URL_ON = 'An https URL of the image on an allowlisted host (public addresses only, at most 3 redirects).';
const IMAGE_URL_OFF = 'Off on this server: no host is allowlisted (IMAGE_FETCH_ALLOWLIST), so every URL is refused.';

export const IMAGE_PATH_PROPERTY = {
  type: 'string',
  minLength: 1,
  description: 'A path to an image file inside the root folder the server was started with (stdio only).',
} as const;

/**
 * The tool's input JSON Schema (draft 2020-12): the render parameters exactly as the engine
 * defines them, plus the image source keys, exactly one of which is required. `imagePath` is
 * added only by the stdio server started with a root folder.
 */
export function toolInputJsonSchema(o: ToolSources): Record<string, unknown> {
  const params = paramsJsonSchema() as { properties: Record<string, unknown> };
  const imageUrl = { ...IMAGE_URL_PROPERTY, description: o.urlFetching ? IMAGE_URL_ON : IMAGE_URL_OFF };
  const sources: Record<string, unknown> = {
    ...IMAGE_SOURCE_PROPERTIES,
    imageUrl,
    ...(o.imagePath ? { imagePath: IMAGE_PATH_PROPERTY } : {}),
  };
  return {
    ...params,
    properties: { ...sources, ...params.properties },
    oneOf: Object.keys(sources).map((key) => ({ required: [key] })),
    additionalProperties: false,
  };
}

const metricSchema = z.object({
  name: z.string(),
  value: z.number(),
  target: z.number(),
  higherIsBetter: z.boolean(),
  met: z.boolean(),
});

/** The structured result of one render (`structuredContent`), mirrored by its text block. */
export const toolOutputSchema = z.object({
  columns: z.int().describe('Grid width in characters'),
  rows: z.int().describe('Grid height in lines'),
  format: z.enum(FORMATS),
  contentType: z.string().describe('The media type of `output`, as POST /api/v1/render answers it'),
  output: z.string().describe('The rendered output, byte for byte the body POST /api/v1/render answers'),
  lines: z.array(z.string()).nullable().describe('The rows of the art for the text formats (text, ansi); else null'),
  chroma: z
    .object({ encoding: z.literal(CHROMA_ENCODING), data: z.string() })
    .nullable()
    .describe('Per-cell colors for json-compact with color (base64 of packed row-major RGB); else null'),
  evidence: z
    .object({
      source: z.object({ width: z.int(), height: z.int() }),
      codebook: z.looseObject({ status: z.string(), size: z.int() }),
      director: z
        .looseObject({
          status: z.string(),
          rubric: z.string(),
          metrics: z.array(metricSchema),
          changes: z.array(z.looseObject({ param: z.string() })),
        })
        .nullable()
        .describe(
          'The Auto Director evidence: status target_met or best_effort, the rubric metrics and the parameter changes',
        ),
    })
    .loose(),
  timings: z.record(z.string(), z.number()).describe('Milliseconds per lifecycle stage (fetch, decode, plan, ...)'),
});

export type ToolOutput = z.infer<typeof toolOutputSchema>;

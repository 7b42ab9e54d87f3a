/**
 * The render service: an Intake (image source + validated params) -> the encoded output with
 * its grid size, evidence and stage timings. POST /api/v1/render and the MCP tool both call
 * it, so both fetch, decode, render, encode, fail and trace the same way.
 *
 * Lifecycle stages, in order (trace spans and Server-Timing use the same names):
 *   fetch (imageUrl only) -> decode -> plan -> kernels (one child per engine stage) -> encode.
 */
import type { Span } from '@opentelemetry/api';
import { FORMAT_INFO, type FormatInfo, type RenderEvidence, type RenderParams } from '../engine/index.js';
import { DecodeError } from '../engine/node/decode.js';
import { ApiError } from './errors.js';
import type { ImageFetcher } from './image-fetch.js';
import type { Intake } from './intake.js';
import type { RenderPool } from './render-pool.js';
import type { Interval, RenderTaskOutput } from './render-worker.js';
import { setSafe, type Telemetry } from './telemetry.js';

export interface Stage {
  readonly name: string;
  readonly start: number;
  readonly end: number;
  /** The enclosing stage, for engine stages inside `kernels`. */
  readonly parent?: string;
}

export interface RenderOutcome extends FormatInfo {
  readonly format: RenderParams['format'];
  readonly body: string;
  readonly columns: number;
  readonly rows: number;
  readonly evidence: RenderEvidence;
  readonly stages: readonly Stage[];
}

/**
 * The lifecycle stages of one render from the worker's intervals: `plan` is the engine's own
 * `plan` timing when it reports one, `kernels` the rest of renderImage, and each other engine
 * timing a child of `kernels`, laid end to end.
 */
export function lifecycleStages(
  w: Pick<RenderTaskOutput, 'stages' | 'evidence'>,
  fetch: Interval | null = null,
): Stage[] {
  const [r0, r1] = w.stages.render;
  const { plan = 0, ...engine } = w.evidence.timings;
  const planEnd = Math.min(r1, r0 + plan);
  const stages: Stage[] = [];
  if (fetch) stages.push({ name: 'fetch', start: fetch[0], end: fetch[1] });
  stages.push(
    { name: 'decode', start: w.stages.decode[0], end: w.stages.decode[1] },
    { name: 'plan', start: r0, end: planEnd },
    { name: 'kernels', start: planEnd, end: r1 },
  );
  let t = planEnd;
  for (const [name, ms] of Object.entries(engine)) {
    const end = Math.min(r1, t + Math.max(0, ms));
    stages.push({ name, start: t, end, parent: 'kernels' });
    t = end;
  }
  stages.push({ name: 'encode', start: w.stages.encode[0], end: w.stages.encode[1] });
  return stages;
}

export interface RenderServiceOptions {
  readonly pool: RenderPool;
  readonly fetcher: ImageFetcher;
  readonly maxImagePixels: number;
  readonly telemetry: Telemetry | null;
}

export type RenderService = ReturnType<typeof createRenderService>;

export function createRenderService(o: RenderServiceOptions) {
  /**
   * Renders an intake; `span` is the request's recorded server span, if any; `signal` aborts
   * when the client has gone away or cancelled (an HTTP client disconnecting, an MCP
   * notifications/cancelled): a render still queued is then dropped. Throws ApiError and
   * engine errors.
   */
  async function render(intake: Intake, span: Span | null = null, signal?: AbortSignal): Promise<RenderOutcome> {
    const { source, params } = intake;
    if (span) {
      setSafe(span, {
        'glyphcast.intake': source.kind,
        'glyphcast.format': params.format,
        'glyphcast.charset': params.charset,
        'glyphcast.columns': params.columns,
      });
    }
    let bytes: Uint8Array;
    let fetched: Interval | null = null;
    if (source.kind === 'url') {
      const t0 = Date.now();
      const image = await o.fetcher.fetch(source.url);
      fetched = [t0, Date.now()];
      bytes = image.bytes;
      if (span) setSafe(span, { 'glyphcast.image_url.host': image.host });
    } else {
      bytes = source.bytes;
    }
    if (span) setSafe(span, { 'glyphcast.image.bytes': bytes.length });
    const out = await o.pool.run({ bytes, params, maxPixels: o.maxImagePixels }, signal).catch((err: unknown) => {
      throw withPixelLimit(err, o.maxImagePixels);
    });
    const stages = lifecycleStages(out, fetched);
    if (span && o.telemetry) record(o.telemetry, span, out, stages);
    return {
      ...FORMAT_INFO[params.format],
      format: params.format,
      body: out.body,
      columns: out.columns,
      rows: out.rows,
      evidence: out.evidence,
      stages,
    };
  }
  return { render };
}

/** An image over MAX_IMAGE_PIXELS as the client sees it, with the limit in `details`, as image_too_large has its own. */
function withPixelLimit(err: unknown, maxImagePixels: number): unknown {
  if (!(err instanceof DecodeError) || err.code !== 'image_too_large') return err;
  return new ApiError('image_pixels_exceeded', err.message, { limit: maxImagePixels });
}

function record(telemetry: Telemetry, span: Span, out: RenderTaskOutput, stages: readonly Stage[]): void {
  const { evidence } = out;
  setSafe(span, {
    'glyphcast.rows': out.rows,
    'glyphcast.source.width': evidence.source.width,
    'glyphcast.source.height': evidence.source.height,
    'glyphcast.codebook.size': evidence.codebook.size,
    'glyphcast.codebook.status': evidence.codebook.status,
    'glyphcast.director.status': evidence.director?.status ?? 'off',
  });
  const spans = new Map<string, Span>();
  for (const s of stages) {
    const parent = (s.parent && spans.get(s.parent)) || span;
    spans.set(s.name, telemetry.recordSpan(parent, s.name, s.start, s.end, { 'glyphcast.stage.ms': s.end - s.start }));
  }
}

/** `name;dur=ms` entries for Server-Timing, one per stage (names made into tokens). */
export function serverTiming(stages: readonly Stage[]): string {
  return stages
    .map((s) => `${s.name.replace(/[^A-Za-z0-9_-]/g, '_')};dur=${Math.round((s.end - s.start) * 100) / 100}`)
    .join(', ');
}

/**
 * The browser handoff protocol of SPEC 4.3, written once: the server publishes it in
 * GET /api/v1/a2v-handoff, the studio sends it with window.postMessage, tests validate it.
 *
 * Flow: the studio opens the receiver at the launch address; the receiver posts `ready` to
 * its opener; the studio then posts `frame` messages to the fixed receiver origin (never `*`);
 * the receiver answers each frame with `ack`. The studio never has more than
 * `MAX_FRAMES_IN_FLIGHT` unacknowledged frames, and without acks it sends at most
 * `UNACKED_FPS_CAP` frames per second. Messages from any origin other than the receiver's are
 * ignored by the studio.
 */
import * as z from '../zod.js';

export const HANDOFF_PROTOCOL = 'platform.handoff.v1';
export const HANDOFF_MODES = ['latest-frame', 'webcam-stream', 'video-stream'] as const;
export type HandoffMode = (typeof HANDOFF_MODES)[number];

/** Frames the studio may send ahead of the receiver's acknowledgements. */
export const MAX_FRAMES_IN_FLIGHT = 2;
/** Frame-rate cap while a receiver has not acknowledged anything yet. */
export const UNACKED_FPS_CAP = 5;

/** `{receiver_origin}/?handoff=...`: the launch address of SPEC 4.3, placeholders in braces. */
export const LAUNCH_URL_TEMPLATE =
  '{receiver_origin}/?handoff={source_tag}&protocol=platform.handoff.v1&mode={mode}&source={service_host}&traceId={trace_id}';

/** A public trace id: 32 lowercase hex digits, not all zero (W3C trace-id format). */
const traceId = z.string().regex(/^(?!0{32})[0-9a-f]{32}$/);

export const handoffFrameSchema = z
  .object({
    protocol: z.literal(HANDOFF_PROTOCOL),
    type: z.literal('frame'),
    mode: z.enum(HANDOFF_MODES),
    traceId,
    sourceTag: z.string().min(1).max(64),
    seq: z.int().min(0),
    columns: z.int().min(1),
    rows: z.int().min(1),
    lines: z.array(z.string()),
    chroma: z.object({ encoding: z.literal('rgb24-b64-v1'), data: z.string() }).nullable(),
    /** Two-colour cells only (`background`): the cells' backgrounds in the chroma's encoding. */
    backgroundChroma: z.object({ encoding: z.literal('rgb24-b64-v1'), data: z.string() }).optional(),
    timestamp: z.number(),
  })
  .strict()
  .meta({ description: 'One ASCII frame, sent by the studio to the receiver origin' });

export const handoffAckSchema = z
  .object({ protocol: z.literal(HANDOFF_PROTOCOL), type: z.literal('ack'), seq: z.int().min(0) })
  .strict()
  .meta({ description: 'Sent by the receiver to acknowledge frame `seq` (and every frame before it)' });

export const handoffReadySchema = z
  .object({ protocol: z.literal(HANDOFF_PROTOCOL), type: z.literal('ready') })
  .strict()
  .meta({ description: 'Sent by the receiver to its opener once it listens for frames' });

export type HandoffFrame = z.infer<typeof handoffFrameSchema>;
export type HandoffAck = z.infer<typeof handoffAckSchema>;

/** The launch address for a receiver origin, with every value URL-encoded. */
export function launchUrl(
  receiverOrigin: string,
  v: { sourceTag: string; mode: HandoffMode; serviceHost: string; traceId: string },
): string {
  const q = new URLSearchParams({
    handoff: v.sourceTag,
    protocol: HANDOFF_PROTOCOL,
    mode: v.mode,
    source: v.serviceHost,
    traceId: v.traceId,
  });
  return `${receiverOrigin.replace(/\/$/, '')}/?${q.toString()}`;
}

const jsonSchema = (s: z.ZodType) => {
  const { $schema: _, ...rest } = z.toJSONSchema(s, { target: 'draft-2020-12' }) as Record<string, unknown>;
  return rest;
};

/** JSON Schemas of the three messages, for the manifest and docs/handoff.md. */
export function handoffMessageSchemas(): Record<'frame' | 'ack' | 'ready', Record<string, unknown>> {
  return {
    frame: jsonSchema(handoffFrameSchema),
    ack: jsonSchema(handoffAckSchema),
    ready: jsonSchema(handoffReadySchema),
  };
}

/** The manifest of GET /api/v1/a2v-handoff: everything a studio or receiver needs to talk. */
export interface HandoffManifest {
  readonly protocol: typeof HANDOFF_PROTOCOL;
  readonly version: string;
  readonly transport: 'window.postMessage';
  readonly browserOnly: true;
  /** The only origin frames are ever posted to (RECEIVER_ORIGIN); null when none is configured. */
  readonly targetOrigin: string | null;
  readonly modes: readonly HandoffMode[];
  readonly launchUrlTemplate: string;
  readonly backpressure: { readonly maxFramesInFlight: number; readonly unackedFpsCap: number };
  readonly messages: Record<'frame' | 'ack' | 'ready', Record<string, unknown>>;
  /** Whether backend asynchronous status checks authenticate with the platform API key. */
  readonly statusChecks: { readonly authenticated: boolean; readonly schemes: readonly string[] };
}

export function handoffManifest(v: {
  version: string;
  receiverOrigin: string | null;
  platformKeyConfigured: boolean;
}): HandoffManifest {
  return {
    protocol: HANDOFF_PROTOCOL,
    version: v.version,
    transport: 'window.postMessage',
    browserOnly: true,
    targetOrigin: v.receiverOrigin,
    modes: HANDOFF_MODES,
    launchUrlTemplate: LAUNCH_URL_TEMPLATE,
    backpressure: { maxFramesInFlight: MAX_FRAMES_IN_FLIGHT, unackedFpsCap: UNACKED_FPS_CAP },
    messages: handoffMessageSchemas(),
    statusChecks: {
      authenticated: v.platformKeyConfigured,
      schemes: v.platformKeyConfigured ? ['PlatformBearer', 'PlatformHeader'] : [],
    },
  };
}

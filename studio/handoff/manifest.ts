/**
 * Reads the handoff manifest the server publishes (GET /api/v1/a2v-handoff), once a page: the
 * server reads its receiver origin once, at start, so the studio's connection check
 * (controllers/server-facts.ts) and the handoff panel share one request. A failed read is not
 * kept: the next call asks again.
 */
import type { HandoffManifest } from '../../engine/index.js';

export class ManifestError extends Error {
  override readonly name = 'ManifestError';
}

let pending: Promise<HandoffManifest> | null = null;

export function fetchHandoffManifest(): Promise<HandoffManifest> {
  pending ??= readManifest().catch((err: unknown) => {
    pending = null;
    throw err;
  });
  return pending;
}

async function readManifest(): Promise<HandoffManifest> {
  let res: Response;
  try {
    res = await fetch('/api/v1/a2v-handoff', { headers: { accept: 'application/json' } });
  } catch {
    throw new ManifestError('the server could not be reached');
  }
  if (!res.ok) throw new ManifestError(`the server did not publish a handoff manifest (HTTP ${res.status})`);
  const manifest = (await res.json()) as HandoffManifest;
  if (manifest.protocol !== 'platform.handoff.v1') {
    throw new ManifestError(`the server speaks ${JSON.stringify(manifest.protocol)}, not platform.handoff.v1`);
  }
  return manifest;
}

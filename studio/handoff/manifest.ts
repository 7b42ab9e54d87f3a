/** Reads the handoff manifest the server publishes (GET /api/v1/a2v-handoff). */
import type { HandoffManifest } from '../../engine/index.js';

export class ManifestError extends Error {
  override readonly name = 'ManifestError';
}

export async function fetchHandoffManifest(signal?: AbortSignal): Promise<HandoffManifest> {
  let res: Response;
  try {
    res = await fetch('/api/v1/a2v-handoff', { headers: { accept: 'application/json' }, signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ManifestError('the server could not be reached');
  }
  if (!res.ok) throw new ManifestError(`the server did not publish a handoff manifest (HTTP ${res.status})`);
  const manifest = (await res.json()) as HandoffManifest;
  if (manifest.protocol !== 'platform.handoff.v1') {
    throw new ManifestError(`the server speaks ${JSON.stringify(manifest.protocol)}, not platform.handoff.v1`);
  }
  return manifest;
}

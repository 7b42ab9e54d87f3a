/**
 * Image URLs are rendered by the server (POST /api/v1/render), which fetches them only from
 * trusted or allowlisted hosts. The studio asks for `json-compact` and rebuilds the CellGrid
 * from its lines and chroma, so the live view, exports and handoff work as for local images.
 */
import type { CellGrid } from '../../engine/grid.js';
import type { RenderParams } from '../../engine/params.js';
import { gridFromCompact } from '../render/compact-grid.js';

export class RemoteRenderError extends Error {
  override readonly name = 'RemoteRenderError';
}

export async function renderRemote(url: string, params: RenderParams, signal?: AbortSignal): Promise<CellGrid> {
  let res: Response;
  try {
    res = await fetch('/api/v1/render', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ ...params, format: 'json-compact', imageUrl: url }),
      signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new RemoteRenderError('the server could not be reached to fetch the image URL');
  }
  const text = await res.text();
  if (!res.ok) {
    let message = `the server answered ${res.status}`;
    try {
      const body = JSON.parse(text) as { error?: { message?: string } };
      if (body.error?.message) message = `${message}: ${body.error.message}`;
    } catch {
      // not a JSON error body: the status says enough
    }
    throw new RemoteRenderError(message);
  }
  return gridFromCompact(JSON.parse(text));
}

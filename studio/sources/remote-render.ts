/**
 * Image URLs are rendered by the server (POST /api/v1/render), which fetches them only from
 * trusted or allowlisted hosts. The studio asks for `json-compact` and rebuilds the CellGrid
 * from its lines and chroma, so the live view, exports and handoff work as for local images.
 */
import type { CellGrid, RenderParams } from '../../engine/index.js';
import { gridFromCompact } from '../render/compact-grid.js';

export class RemoteRenderError extends Error {
  override readonly name = 'RemoteRenderError';
  constructor(
    message: string,
    /** The server's error code (`grid_too_large`, `url_refused`…), when it answered with one. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
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
    const error = errorOf(text);
    throw new RemoteRenderError(failureMessage(url, res.status, error), error?.code ?? null);
  }
  return gridFromCompact(JSON.parse(text));
}

interface ApiErrorBody {
  readonly error?: { readonly code?: string; readonly message?: string; readonly details?: { reason?: string } };
}

/** The error of a JSON error body; undefined for any other body (the status says it all then). */
function errorOf(text: string): ApiErrorBody['error'] {
  try {
    return (JSON.parse(text) as ApiErrorBody).error;
  } catch {
    return undefined;
  }
}

/**
 * What a person can act on, from the server's error body: the fetch policy's refusals in plain
 * words (the server's own message names its configuration, which only its operator can change).
 */
export function failureMessage(url: string, status: number, error: ApiErrorBody['error']): string {
  const host = URL.canParse(url) ? new URL(url).hostname : url;
  const instead = 'save the image and open it as a file instead';
  if (error?.code === 'url_refused') {
    switch (error.details?.reason) {
      case 'host_not_allowed':
        return `this server fetches images only from the hosts its operator trusts, and ${host} is not one of them: ${instead}`;
      case 'scheme':
        return 'only https:// image addresses can be fetched';
      case 'port_not_allowed':
        return `this server fetches images from ${host} only at its usual https port: ${instead}`;
      case 'address_not_allowed':
        return `${host} is a private or local address, which the server never fetches from: ${instead}`;
    }
  }
  if (error?.code === 'url_timeout') return `${host} did not answer the server in time: try again, or ${instead}`;
  if (error?.code === 'url_fetch_failed') {
    // the server's message names the host already: its reason alone follows ours
    const said = error.message ?? `status ${status}`;
    const reason = said.replace(/^could not fetch the image from [^:]+: /, '');
    return `the server could not fetch the image from ${host}: ${reason}`;
  }
  return error?.message ? `the server refused the image URL: ${error.message}` : `the server answered ${status}`;
}

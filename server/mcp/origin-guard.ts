/**
 * Host and Origin validation for /api/mcp (MCP transports: servers MUST validate `Origin`;
 * an invalid one is answered 403), with the SDK's own validators:
 *
 * - Origin, when a browser sends one, must name this server: a localhost name, the host of
 *   PUBLIC_BASE_URL, or the host the request was sent to. Anything else is a foreign page
 *   calling the endpoint and is refused.
 * - Host, when the server listens on a loopback address, must be a localhost name (or the
 *   host of PUBLIC_BASE_URL): a page that rebinds its own DNS name to 127.0.0.1 sends its own
 *   name as Host and is refused (DNS rebinding protection).
 */
import { localhostAllowedHostnames, validateHostHeader, validateOriginHeader } from '@modelcontextprotocol/server';
import type { ServerConfig } from '../../service/config.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export interface Refusal {
  readonly message: string;
}

export type OriginGuard = (headers: { host?: string; origin?: string }) => Refusal | null;

export function createOriginGuard(config: Pick<ServerConfig, 'host' | 'publicBaseUrl'>): OriginGuard {
  const publicHost = config.publicBaseUrl ? [new URL(config.publicBaseUrl).hostname] : [];
  const localHosts = [...localhostAllowedHostnames(), ...publicHost];
  const checkHost = LOOPBACK.has(config.host);
  return ({ host, origin }) => {
    if (checkHost) {
      const h = validateHostHeader(host, localHosts);
      if (!h.ok) return { message: `${h.message}: this server answers localhost names only` };
    }
    const requestHost = host && URL.canParse(`http://${host}`) ? [new URL(`http://${host}`).hostname] : [];
    const o = validateOriginHeader(origin, [...localHosts, ...requestHost]);
    return o.ok ? null : { message: `${o.message}: cross-origin calls to the MCP endpoint are refused` };
  };
}

/**
 * The MCP protocol revisions served, newest first: 2026-07-28 through the SDK's modern entries
 * (createMcpHandler, serveStdio), then the 2025-era revisions back to 2024-11-05, the first
 * published one. The SDK's own list (SUPPORTED_PROTOCOL_VERSIONS) also carries 2024-10-07, a
 * draft that never became a revision; createMcpServer tells every server the list below, so
 * what is advertised (/api/v1/interoperability) is exactly what `initialize` and the
 * `MCP-Protocol-Version` header accept.
 */
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';

/** The first published MCP revision. */
const FIRST_REVISION = '2024-11-05';

/** The 2025-era revisions (`initialize`), the SDK's less the drafts before FIRST_REVISION. */
export const MCP_LEGACY_PROTOCOL_VERSIONS: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS.filter(
  (v) => v >= FIRST_REVISION,
);

/** Every revision served: 2026-07-28, then the 2025-era ones. */
export const MCP_PROTOCOL_VERSIONS: readonly string[] = ['2026-07-28', ...MCP_LEGACY_PROTOCOL_VERSIONS];

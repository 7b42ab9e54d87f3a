/** The MCP protocol revisions /api/mcp serves, newest first (the SDK's own lists). */
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';

/** 2026-07-28 through createMcpHandler, then the 2025 revisions (and 2024-11-05) statelessly. */
export const MCP_PROTOCOL_VERSIONS: readonly string[] = ['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS];

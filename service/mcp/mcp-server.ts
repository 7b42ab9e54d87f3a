/**
 * `createMcpServer()`: a fresh MCP server with the one tool, for one HTTP exchange (stateless)
 * or one stdio connection. The same factory serves the 2026-07-28 era and the 2025 revisions.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { SERVICE_NAME, SERVICE_VERSION } from '../version.js';
import { type RenderToolOptions, registerRenderAsciiTool } from './render-tool.js';
import { MCP_LEGACY_PROTOCOL_VERSIONS } from './versions.js';

export const SERVER_INSTRUCTIONS =
  'One tool, render_ascii: renders one image as ASCII art. Size `columns` for your context budget ' +
  '(see the tool description); use format "text" unless you need color or markup.';

export function createMcpServer(options: RenderToolOptions): McpServer {
  const server = new McpServer(
    { name: SERVICE_NAME, title: 'glyphcast', version: SERVICE_VERSION },
    {
      // The tool list never changes, so clients need not hold a subscriptions/listen stream open.
      capabilities: { tools: { listChanged: false } },
      instructions: SERVER_INSTRUCTIONS,
      // what /api/v1/interoperability lists (the modern entries add 2026-07-28 themselves)
      supportedProtocolVersions: [...MCP_LEGACY_PROTOCOL_VERSIONS],
    },
  );
  registerRenderAsciiTool(server, options);
  return server;
}

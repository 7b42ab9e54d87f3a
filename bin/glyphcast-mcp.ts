#!/usr/bin/env node
/**
 * `glyphcast-mcp` (package.json `bin`): the MCP tool render_ascii over stdio, for desktop MCP
 * clients. The same tool and render path as POST /api/mcp (server/mcp/), both protocol eras
 * (the SDK's serveStdio pins one per connection), over a transport that answers malformed
 * lines as JSON-RPC says (mcp/screened-stdio.ts). stdout carries only the protocol (or the
 * --help and --version text); errors go to stderr as one line. When the input ends, requests
 * still rendering are answered before the process exits (for up to REQUEST_TIMEOUT_MS; exit 1
 * when some were dropped); SIGINT and SIGTERM stop at once.
 */
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { configFromEnv } from '../service/config.js';
import { imageFetcherFor } from '../service/image-fetch.js';
import { jsonBodyLimit } from '../service/intake.js';
import { createMcpServer } from '../service/mcp/mcp-server.js';
import { createRenderPool } from '../service/render-pool.js';
import { createRenderService } from '../service/render-service.js';
import { SERVICE_VERSION } from '../service/version.js';
import { parseMcpArgs, USAGE } from './mcp/options.js';
import { resolveRoot, rootReader } from './mcp/root-folder.js';
import { ScreenedStdioTransport } from './mcp/screened-stdio.js';

async function main(argv: readonly string[]): Promise<number> {
  const command = parseMcpArgs(argv);
  if (command.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (command.kind === 'version') {
    process.stdout.write(`glyphcast-mcp ${SERVICE_VERSION}\n`);
    return 0;
  }
  const config = configFromEnv({ RENDER_WORKERS: '1', ...process.env });
  const root = command.root === null ? null : await resolveRoot(command.root);
  const pool = createRenderPool({ workers: config.renderWorkers, queueLimit: config.renderQueueLimit });
  const fetcher = imageFetcherFor(config);
  const service = createRenderService({ pool, fetcher, maxImagePixels: config.maxImagePixels, telemetry: null });
  const transport = new ScreenedStdioTransport({
    // a line as long as the HTTP API's largest JSON body
    maxLineBytes: jsonBodyLimit(config.maxImageBytes),
    drainMs: config.requestTimeoutMs,
  });
  const handle = serveStdio(
    () =>
      createMcpServer({
        render: service.render,
        maxImageBytes: config.maxImageBytes,
        urlFetching: config.imageFetchAllowlist.length > 0,
        telemetry: null,
        argumentRepeats: transport.argumentRepeats,
        ...(root ? { readImagePath: rootReader(root, config.maxImageBytes) } : {}),
      }),
    {
      transport,
      onerror: (err) => process.stderr.write(`glyphcast-mcp: ${err.message}\n`),
    },
  );
  // the transport closes once the input has ended and its requests are answered (or dropped)
  const dropped = await new Promise<number>((resolve) => {
    void transport.closed.then(resolve);
    process.once('SIGINT', () => resolve(0));
    process.once('SIGTERM', () => resolve(0));
  });
  await handle.close();
  await pool.close();
  await fetcher.close();
  // requests read and never answered are a failure a script can see
  return dropped > 0 ? 1 : 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`glyphcast-mcp: ${(err as Error).message}\n`);
  process.exitCode = 2;
}

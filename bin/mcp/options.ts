/** Command line of `glyphcast-mcp`: `--root <folder>`, `--help`, `--version`. */

export const USAGE = `Usage: glyphcast-mcp [--root <folder>]

Serves the MCP tool render_ascii over stdio (for Claude Desktop-style clients).
Images come as imageBase64 or imageUrl (https, IMAGE_FETCH_ALLOWLIST hosts only).

  --root <folder>  also accept imagePath: a file inside this folder (nothing outside it
                   is ever read; without --root no file is read by path)
  --help           this text
  --version        the version

When standard input ends, the requests still running are answered before it exits, for up
to REQUEST_TIMEOUT_MS. Exit status: 0, or 1 when requests were dropped unanswered at that
limit, or 2 on a usage error.

Environment: MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, IMAGE_FETCH_ALLOWLIST, RENDER_WORKERS (default 1),
REQUEST_TIMEOUT_MS, the IMAGE_FETCH_*_TIMEOUT_MS variables, as for the HTTP service (docs/api.md, Configuration).`;

export type McpCommand = { kind: 'serve'; root: string | null } | { kind: 'help' } | { kind: 'version' };

/** Parses argv; throws an Error with a one-line message on a usage error. */
export function parseMcpArgs(argv: readonly string[]): McpCommand {
  let root: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    if (arg === '--version') return { kind: 'version' };
    if (arg === '--root' || arg.startsWith('--root=')) {
      const value = arg === '--root' ? argv[++i] : arg.slice('--root='.length);
      if (!value) throw new Error('--root needs a folder');
      if (root !== null) throw new Error('--root given twice');
      root = value;
      continue;
    }
    throw new Error(`unknown argument ${JSON.stringify(arg)} (see --help)`);
  }
  return { kind: 'serve', root };
}

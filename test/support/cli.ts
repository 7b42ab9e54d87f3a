/**
 * Runs the real `glyphcast` process: from the TypeScript sources (through tsx's loader) or
 * from the build (`dist/bin/glyphcast.cjs`, started as an executable, as npm's bin link does).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const DIST_BIN = path.join(ROOT, 'dist', 'bin', 'glyphcast.cjs');

export interface CliResult {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  /** `src` (default): bin/glyphcast.ts through tsx; `dist`: the built executable. */
  readonly entry?: 'src' | 'dist';
  readonly stdin?: Uint8Array;
  readonly cwd?: string;
  /** Variables added to the environment. */
  readonly env?: Readonly<Record<string, string>>;
}

export function runCli(args: readonly string[], options: RunOptions = {}): Promise<CliResult> {
  const [file, argv] =
    options.entry === 'dist'
      ? [DIST_BIN, [...args]]
      : [process.execPath, ['--import', 'tsx', path.join(ROOT, 'bin', 'glyphcast.ts'), ...args]];
  return new Promise((resolve, reject) => {
    const child = execFile(
      file,
      argv,
      {
        cwd: options.cwd ?? ROOT,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        // COLUMNS would set the width of art into a pipe (bin/cli/terminal.ts outputColumns)
        env: { ...process.env, NODE_OPTIONS: '', COLUMNS: '', ...options.env },
      },
      (err, stdout, stderr) => {
        const status = err ? (typeof err.code === 'number' ? err.code : Number.NaN) : 0;
        if (Number.isNaN(status)) reject(err);
        else resolve({ status, stdout, stderr });
      },
    );
    child.stdin?.end(options.stdin ?? new Uint8Array(0));
  });
}

/** The marks of a stack trace or an uncaught error in a process's output. */
export const STACK_TRACE = /^\s+at .+[:(]|Error: |node:internal|\.ts:\d+|\.js:\d+/m;

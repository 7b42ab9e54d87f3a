/**
 * The real `glyphcast` process (from the sources) on a pseudo-terminal (`script`), for the
 * tests of what it does on a terminal: play animations and videos, read keys, follow resizes.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './cli.js';

/** The shell words that run glyphcast with `args`. */
export const glyphcastCommand = (args: readonly string[]) =>
  [process.execPath, '--import', 'tsx', path.join(ROOT, 'bin', 'glyphcast.ts'), ...args]
    .map((a) => JSON.stringify(a))
    .join(' ');

/**
 * The environment of a 24-bit terminal, the same on every machine: without the test runner's
 * loader options, nor the color switches (Node warns on stderr, into the terminal, when both
 * NO_COLOR and FORCE_COLOR are set). `script` runs its command in $SHELL, pinned here: shells
 * differ in what they print themselves (dash reports "Terminated" for a background job a
 * signal ended, bash does not; bash warns of a locale that is not installed).
 */
export const TERMINAL_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_OPTIONS: '',
  NO_COLOR: undefined,
  FORCE_COLOR: undefined,
  COLUMNS: undefined,
  TERM: 'xterm-256color',
  COLORTERM: 'truecolor',
  SHELL: '/bin/sh',
};

/** The longest one run in a terminal may take: far more than any test's playback, even on a loaded machine. */
const RUN_TIMEOUT_MS = 30_000;

/**
 * What the CLI prints on a terminal `cols` x `rows` (stdout and stderr, as the terminal shows
 * them; each CR LF of the line discipline read as a newline), and its exit status.
 */
export function runInTerminal(
  args: readonly string[],
  cols = 40,
  rows = 20,
  /** A file for standard input (else the terminal). */
  stdinFile?: string,
): { out: string; status: number | null } {
  const redirect = stdinFile === undefined ? '' : ` < ${JSON.stringify(stdinFile)}`;
  const r = spawnSync(
    'script',
    ['-qec', `stty cols ${cols} rows ${rows}; ${glyphcastCommand(args)}${redirect}`, '/dev/null'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: TERMINAL_ENV,
      // a playback that never ends fails its test (status null), rather than hanging the suite
      timeout: RUN_TIMEOUT_MS,
    },
  );
  return { out: r.stdout.replace(/\r\n/g, '\n'), status: r.status };
}

/** A child's standard output as it comes, and a wait until it shows what `predicate` looks for. */
export function watchOutput(stdout: NodeJS.ReadableStream) {
  let out = '';
  stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const until = (predicate: (out: string) => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!predicate(out)) return;
        stdout.off('data', check);
        resolve();
      };
      stdout.on('data', check);
    });
  return { text: () => out, until };
}

/**
 * Starts a shell `command` on a pseudo-terminal (`script`), standard input a pipe to it (keys)
 * or closed: the child, its output as it comes, and its exit status once it has ended.
 */
export function startInTerminal(command: string, stdin: 'pipe' | 'ignore' = 'pipe') {
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    cwd: ROOT,
    env: TERMINAL_ENV,
    stdio: [stdin, 'pipe', 'inherit'],
  });
  const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
  /** Keys typed on the terminal (with standard input a pipe). */
  const type = (keys: string) => child.stdin?.write(keys);
  return { child, ended, type, output: watchOutput(child.stdout as NodeJS.ReadableStream) };
}

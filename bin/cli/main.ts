/**
 * The glyphcast CLI: parse the arguments, then read, decode, render and encode each input in
 * one process, writing to standard output or to files (bin/README.md).
 *
 * Many inputs are pipelined: they render on one worker thread per core (bin/cli/workers.ts)
 * while the main thread reads the next files and writes finished outputs in input order.
 * sharp is imported only when there is something to decode, so `--help` and usage errors
 * start fast. One animated GIF or WebP on a terminal plays instead (bin/cli/animation.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { FORMAT_INFO } from '../../engine/encode/formats.js';
import { type Command, parseArgs, type RenderCommand, UsageError } from './args.js';
import type { Converted, ConvertTask } from './convert.js';
import { helpText } from './help.js';
import {
  type Destination,
  destinations,
  InputError,
  inputLabel,
  makeOutDir,
  oneLine,
  readInput,
  terminalSafe,
  writeOutput,
} from './io.js';
import { SignalGuard } from './signal-guard.js';
import { sizedParams } from './sizing.js';
import { terminalColorDepth, terminalColumns, terminalRows } from './terminal.js';
import type { Converter } from './workers.js';

/** Exit statuses (documented in --help and README). */
export const EXIT = { ok: 0, input: 1, usage: 2 } as const;

/** Inputs read ahead of those being converted. */
const READ_AHEAD = 2;

export interface CliStreams {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  /** The environment the terminal's colors are read from (--color-depth auto); none: 24-bit. */
  readonly env?: NodeJS.ProcessEnv;
}

/** Writes one `glyphcast: ` line to stderr, its controls escaped (terminalSafe: messages quote what the user typed). */
const say = (stderr: NodeJS.WritableStream, message: string) => stderr.write(`glyphcast: ${terminalSafe(message)}\n`);

/** The version in the package.json above this file (the same from the sources and from dist/). */
export function version(): string {
  for (let dir = import.meta.dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'glyphcast' && pkg.version) return pkg.version;
  }
  return 'unknown';
}

/** Reads and converts one input; never rejects, so inputs started ahead cannot go unhandled. */
async function readAndConvert(
  input: string,
  request: Omit<ConvertTask, 'bytes'>,
  converter: Converter,
  stdin: NodeJS.ReadableStream,
): Promise<Converted> {
  let bytes: Uint8Array;
  try {
    bytes = await readInput(input, stdin);
  } catch (err) {
    return { error: err instanceof InputError ? oneLine(err) : `unexpected error: ${oneLine(err)}` };
  }
  try {
    return await converter.convert({ ...request, bytes });
  } catch (err) {
    return { error: `unexpected error: ${oneLine(err)}` };
  }
}

/** An input played as an animation: nothing more to write. */
type Outcome = Converted | { readonly played: true };

/**
 * The one input on a terminal: an animated GIF or WebP plays (bin/cli/animation.ts); anything
 * else, or an animation that cannot be played here (say why), converts as usual.
 */
async function playOrConvert(
  input: string,
  request: Omit<ConvertTask, 'bytes'>,
  converter: Converter,
  streams: CliStreams,
  screen: { readonly rows: number; readonly fitHeight: boolean; readonly guard: SignalGuard },
): Promise<Outcome> {
  let bytes: Uint8Array;
  try {
    bytes = await readInput(input, streams.stdin);
  } catch (err) {
    return { error: err instanceof InputError ? oneLine(err) : `unexpected error: ${oneLine(err)}` };
  }
  const { decodeAnimation } = await import('../../engine/node/decode-animation.js');
  // a file that does not decode as an animation converts, and says why it cannot be read
  const animation = await decodeAnimation(bytes).catch(() => null);
  if (animation) {
    const { playAnimation } = await import('./animation.js');
    const outcome = await playAnimation(
      {
        animation,
        params: sizedParams(animation, request),
        options: request.options,
        ansiColorDepth: request.ansiColorDepth,
        maxRows: Math.max(1, screen.rows - 1),
        fitHeight: screen.fitHeight,
      },
      streams.stdout,
      screen.guard,
    );
    if (!('tooTall' in outcome)) return outcome;
    say(streams.stderr, `${inputLabel(input)}: an animation of ${outcome.tooTall}`);
  }
  try {
    return await converter.convert({ ...request, bytes });
  } catch (err) {
    return { error: `unexpected error: ${oneLine(err)}` };
  }
}

async function render(command: RenderCommand, streams: CliStreams): Promise<number> {
  const { stdout, stderr } = streams;
  const { extension } = FORMAT_INFO[command.params.format];
  const targets: Destination[] = destinations(command.inputs, extension, command.output, command.outDir);
  let status: number = EXIT.ok;
  const fail = (input: string, reason: string) => {
    say(stderr, `${inputLabel(input)}: ${reason}`);
    status = EXIT.input;
  };
  if (command.outDir !== undefined) {
    try {
      makeOutDir(command.outDir);
    } catch (err) {
      say(stderr, oneLine(err));
      return EXIT.input;
    }
  }
  // A reader that went away (`glyphcast *.jpg | head`) ends the run quietly, like SIGPIPE would.
  let closed = false;
  stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') {
      say(stderr, `cannot write to standard output: ${oneLine(err)}`);
      status = EXIT.input;
    }
    closed = true;
  });

  const { inputs } = command;
  // sharp (behind the converter) loads only when there is something to decode: --help starts fast
  const { converterFor } = await import('./workers.js');
  const converter = converterFor(inputs.length);
  const ahead = converter.parallelism + READ_AHEAD;
  const toStdout = targets.every((t) => t.kind !== 'file');
  const ansiColorDepth =
    command.colorDepth !== 'auto'
      ? command.colorDepth
      : toStdout
        ? terminalColorDepth(stdout, streams.env ?? {})
        : 'truecolor';
  const request = {
    params: command.params,
    ansiColorDepth,
    options: {
      ...(command.rows !== undefined ? { rows: command.rows } : {}),
      ...(command.cellAspect !== undefined ? { cellAspect: command.cellAspect } : {}),
    },
    ...(command.columnsFromRows !== undefined ? { columnsFromRows: command.columnsFromRows } : {}),
  };
  const pending: (Promise<Outcome> | undefined)[] = [];
  let guard: SignalGuard | undefined;
  // one input on a terminal, as text or ANSI: an animation plays there
  const screenRows = terminalRows(stdout);
  const textual = command.params.format === 'text' || command.params.format === 'ansi';
  if (inputs.length === 1 && toStdout && screenRows !== undefined && textual && !command.still) {
    guard = new SignalGuard(stdout);
    const fitHeight = command.rows === undefined && !command.columnsGiven;
    pending[0] = playOrConvert(inputs[0], request, converter, streams, { rows: screenRows, fitHeight, guard });
  }
  try {
    for (let i = 0; i < inputs.length && !closed && !guard?.interrupted; i++) {
      for (let j = i; j < i + ahead && j < inputs.length; j++)
        pending[j] ??= readAndConvert(inputs[j], request, converter, streams.stdin);
      const result = await (pending[i] as Promise<Outcome>);
      pending[i] = undefined;
      if ('played' in result) continue;
      if ('error' in result) {
        fail(inputs[i], result.error);
        continue;
      }
      const text = result.body.endsWith('\n') ? result.body : `${result.body}\n`;
      const target = targets[i];
      try {
        if (target.kind === 'file') writeOutput(target.path, text);
        else if (command.params.format !== 'ansi') stdout.write(text);
        else {
          guard ??= new SignalGuard(stdout);
          // a signal that came during the last write ends the run before this one
          if (await guard.interruptedSince()) break;
          stdout.write(text);
        }
      } catch (err) {
        fail(inputs[i], oneLine(err));
      }
    }
  } finally {
    // conversions started ahead of a closed reader finish before the workers stop
    await Promise.all(pending);
    await converter.close();
    // a little longer at the end: the signal handler may run on another thread, late on a busy machine
    if (guard && !(await guard.interruptedSince(20))) guard.remove();
  }
  // A write error (a full disk) arrives after the write call: wait for it before the exit status.
  if (!closed) await drained(stdout);
  return status;
}

/** Resolves once everything written to `stream` so far is flushed or has failed. */
function drained(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => stream.write('', () => setImmediate(resolve)));
}

/** Runs the CLI on the arguments after `glyphcast` and returns the exit status. */
export async function main(argv: readonly string[], streams: CliStreams = process): Promise<number> {
  let command: Command;
  try {
    command = parseArgs(argv, terminalColumns(streams.stdout));
    if (command.command === 'help') {
      streams.stdout.write(helpText(version()));
      return EXIT.ok;
    }
    if (command.command === 'version') {
      streams.stdout.write(`glyphcast ${version()}\n`);
      return EXIT.ok;
    }
    return await render(command, streams);
  } catch (err) {
    if (err instanceof UsageError) {
      say(streams.stderr, err.message);
      return EXIT.usage;
    }
    say(streams.stderr, `unexpected error: ${oneLine(err)}`);
    return EXIT.input;
  }
}

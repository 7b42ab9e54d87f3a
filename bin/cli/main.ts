/**
 * The glyphcast CLI: parse the arguments, then read, decode, render and encode each input in
 * one process, writing to standard output or to files (bin/README.md).
 *
 * Many inputs are pipelined: while one image renders on the main thread, the next ones are
 * read and decoded by sharp on its own threads. sharp is imported only when there is
 * something to decode, so `--help` and usage errors start fast.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FORMAT_INFO } from '../../engine/encode/formats.js';
import { encode } from '../../engine/encode/index.js';
import { RenderError } from '../../engine/errors.js';
import type { RgbaImage } from '../../engine/image.js';
import { renderImage } from '../../engine/render.js';
import { type Command, parseArgs, type RenderCommand, UsageError } from './args.js';
import { helpText } from './help.js';
import { type Destination, destinations, InputError, inputLabel, makeOutDir, readInput, writeOutput } from './io.js';

/** Exit statuses (documented in --help and README). */
export const EXIT = { ok: 0, input: 1, usage: 2 } as const;

/** Inputs read and decoded ahead of the one being rendered. */
const DECODE_AHEAD = 2;

export interface CliStreams {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
}

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

type Loaded = { readonly image: RgbaImage } | { readonly error: string };

const oneLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0];

/** Reads and decodes one input; never rejects, so inputs decoded ahead cannot go unhandled. */
async function load(input: string, stdin: NodeJS.ReadableStream): Promise<Loaded> {
  try {
    const bytes = await readInput(input, stdin);
    const { decodeImage } = await import('../../engine/node/decode.js');
    return { image: await decodeImage(bytes) };
  } catch (err) {
    // DecodeError and InputError carry a message written for people; anything else is a bug.
    const known = err instanceof InputError || (err as Error)?.name === 'DecodeError';
    return { error: known ? oneLine(err) : `unexpected error: ${oneLine(err)}` };
  }
}

/** The encoded output of one decoded image, or the reason it could not be rendered. */
function renderOne(image: RgbaImage, command: RenderCommand): string {
  const options = {
    ...(command.rows !== undefined ? { rows: command.rows } : {}),
    ...(command.cellAspect !== undefined ? { cellAspect: command.cellAspect } : {}),
  };
  try {
    return encode(renderImage(image, command.params, options), command.params).body;
  } catch (err) {
    throw new InputError(err instanceof RenderError ? err.message : `unexpected error: ${oneLine(err)}`);
  }
}

async function render(command: RenderCommand, streams: CliStreams): Promise<number> {
  const { stdout, stderr } = streams;
  const { extension } = FORMAT_INFO[command.params.format];
  const targets: Destination[] = destinations(command.inputs, extension, command.output, command.outDir);
  let status: number = EXIT.ok;
  const fail = (input: string, reason: string) => {
    stderr.write(`glyphcast: ${inputLabel(input)}: ${reason}\n`);
    status = EXIT.input;
  };
  if (command.outDir !== undefined) {
    try {
      makeOutDir(command.outDir);
    } catch (err) {
      stderr.write(`glyphcast: ${oneLine(err)}\n`);
      return EXIT.input;
    }
  }
  // A reader that went away (`glyphcast *.jpg | head`) ends the run quietly, like SIGPIPE would.
  let closed = false;
  stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') {
      stderr.write(`glyphcast: cannot write to standard output: ${oneLine(err)}\n`);
      status = EXIT.input;
    }
    closed = true;
  });

  const { inputs } = command;
  const pending: (Promise<Loaded> | undefined)[] = [];
  for (let i = 0; i < inputs.length && !closed; i++) {
    for (let j = i; j <= i + DECODE_AHEAD && j < inputs.length; j++) pending[j] ??= load(inputs[j], streams.stdin);
    const loaded = await (pending[i] as Promise<Loaded>);
    pending[i] = undefined;
    if ('error' in loaded) {
      fail(inputs[i], loaded.error);
      continue;
    }
    try {
      const body = renderOne(loaded.image, command);
      const text = body.endsWith('\n') ? body : `${body}\n`;
      const target = targets[i];
      if (target.kind === 'file') writeOutput(target.path, text);
      else stdout.write(text);
    } catch (err) {
      fail(inputs[i], oneLine(err));
    }
  }
  return status;
}

/** Runs the CLI on the arguments after `glyphcast` and returns the exit status. */
export async function main(argv: readonly string[], streams: CliStreams = process): Promise<number> {
  let command: Command;
  try {
    command = parseArgs(argv);
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
      streams.stderr.write(`glyphcast: ${err.message}\n`);
      return EXIT.usage;
    }
    streams.stderr.write(`glyphcast: unexpected error: ${oneLine(err)}\n`);
    return EXIT.input;
  }
}

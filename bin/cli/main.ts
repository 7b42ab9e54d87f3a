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
import { FORMAT_INFO, isVideoContainer, MAX_ROWS, SAMPLES_X } from '../../engine/index.js';
import { type Command, type PlayLimits, parseArgs, type RenderCommand, UsageError } from './args.js';
import type { Converted, ConvertTask } from './convert.js';
import { helpText } from './help.js';
import {
  type Destination,
  destinations,
  failureLine,
  fsReason,
  InputError,
  inputLabel,
  isPipedInput,
  makeOutDir,
  oneLine,
  readInput,
  terminalSafe,
  writeOutput,
} from './io.js';
import { ReadAhead } from './read-ahead.js';
import { SignalGuard } from './signal-guard.js';
import { sizedParams } from './sizing.js';
import { outputColumns, terminalColorDepth, terminalColumns, terminalRedraws, terminalRows } from './terminal.js';
import { firstFramePng, isVideoFile, probeVideo, VideoError, withVideoFile } from './video.js';
import type { Converter } from './workers.js';

export { renderedHere } from './rendered.js';

/** Exit statuses (documented in --help and docs/cli.md). */
export const EXIT = { ok: 0, input: 1, usage: 2 } as const;

export interface CliStreams {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  /** The environment the terminal is read from: its colors (--color-depth auto; none: 24-bit), whether it redraws. */
  readonly env?: NodeJS.ProcessEnv;
}

/** Where standard input is read from, taken only for `-` (io.ts readInput). */
type StdinOf = Pick<CliStreams, 'stdin'>;

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

/** The bytes of one input as read, or the line its failure prints. */
async function readBytes(input: string, streams: StdinOf): Promise<Uint8Array | { readonly error: string }> {
  try {
    return await readInput(input, streams);
  } catch (err) {
    return { error: failureLine(err, err instanceof InputError) };
  }
}

/** The bytes of one input (of a video, its first frame as PNG), or the line its failure prints. */
async function read(input: string, streams: StdinOf): Promise<Uint8Array | { readonly error: string }> {
  try {
    if (await isVideoFile(input)) return await firstFramePng(input);
    const bytes = await readBytes(input, streams);
    // a video through a pipe (standard input): its first frame
    return bytes instanceof Uint8Array && isVideoContainer(bytes) ? await withVideoFile(bytes, firstFramePng) : bytes;
  } catch (err) {
    return { error: failureLine(err, err instanceof VideoError || err instanceof InputError) };
  }
}

/** Converts one input's bytes; never rejects. */
async function convertBytes(bytes: Uint8Array, request: Omit<ConvertTask, 'bytes'>, converter: Converter) {
  try {
    return await converter.convert({ ...request, bytes });
  } catch (err) {
    return { error: failureLine(err, false) };
  }
}

/** Reads and converts one input; never rejects, so inputs started ahead cannot go unhandled. */
async function readAndConvert(
  input: string,
  request: Omit<ConvertTask, 'bytes'>,
  converter: Converter,
  streams: StdinOf,
): Promise<Converted> {
  const bytes = await read(input, streams);
  return bytes instanceof Uint8Array ? convertBytes(bytes, request, converter) : bytes;
}

/** An input played as an animation or a video: nothing more to write (but why it stopped early, if it did). */
type Outcome = Converted | { readonly played: true; readonly stopped?: string };

/** The terminal an animation or a video would play on. */
interface Screen {
  readonly rows: number;
  readonly columns: number;
  /** Whether the size is the CLI's to choose (neither --columns nor --rows). */
  readonly fitHeight: boolean;
  readonly guard: SignalGuard;
  /** How long it plays (--loops, --duration). */
  readonly limits: PlayLimits;
}

/** What playing the one input needs. */
interface Stage {
  readonly request: Omit<ConvertTask, 'bytes'>;
  readonly converter: Converter;
  readonly streams: CliStreams;
  readonly screen: Screen;
}

/** The size asked for a picture of `size`, and the screen it should fit (bin/cli/animation.ts fitToTerminal). */
function fitOn({ request, screen }: Stage, size: { width: number; height: number }) {
  return {
    params: sizedParams(size, request),
    options: request.options,
    maxRows: screen.rows - 1,
    maxColumns: screen.columns,
    fitHeight: screen.fitHeight,
  };
}

/**
 * The one input on a terminal: an animated GIF or WebP plays (bin/cli/animation.ts); anything
 * else converts as usual, and so does an animation that cannot play here, after a line that
 * says why. Never rejects.
 */
async function playOrConvert(input: string, stage: Stage): Promise<Outcome> {
  if (await isVideoFile(input)) return playOrShowVideo(input, stage);
  const { request, converter, streams, screen } = stage;
  const bytes = await readBytes(input, streams);
  if (!(bytes instanceof Uint8Array)) return bytes;
  // no bytes, no animation: the conversion says the image is empty
  if (bytes.length === 0) return convertBytes(bytes, request, converter);
  // a video through a pipe (standard input) plays from a temporary file
  if (isVideoContainer(bytes)) {
    return withVideoFile(bytes, (file) => playOrShowVideo(file, stage, input)).catch((err: unknown) => ({
      error: failureLine(err, err instanceof VideoError),
    }));
  }
  /** Why the animation does not play: said once its first frame has rendered (else that frame's error is all). */
  let cannotPlay: string | undefined;
  try {
    const { decodeAnimation, readAnimationHeader } = await import('../../engine/node/decode-animation.js');
    const { fitToTerminal, playAnimation } = await import('./animation.js');
    const header = await readAnimationHeader(bytes);
    const fit = (size: { width: number; height: number }) => fitOn(stage, size);
    // the size is checked on the header, before the frames are decoded
    const fits = header ? fitToTerminal(header, fit(header)) : null;
    if (typeof fits === 'string') cannotPlay = fits;
    else if (header && fits) {
      // a long animation may be shrunk to fit the decode limit, down to the samples its art needs
      const minFrameWidth = fits.params.columns * SAMPLES_X;
      const animation = await decodeAnimation(bytes, { minFrameWidth }, header).catch((err: unknown) => {
        cannotPlay = oneLine(err);
        return null;
      });
      if (animation) {
        // the frames' own size decides (shrunk frames may round to another height)
        const outcome = await playAnimation(
          { ...fit(animation), animation, ansiColorDepth: request.ansiColorDepth, limits: screen.limits },
          streams,
          screen.guard,
        );
        if (!('doesNotFit' in outcome)) return outcome;
        cannotPlay = outcome.doesNotFit;
      }
    }
  } catch (err) {
    return { error: failureLine(err, err instanceof InputError) };
  }
  const still = await convertBytes(bytes, request, converter);
  if (cannotPlay !== undefined && 'body' in still) {
    say(streams.stderr, `${inputLabel(input)}: showing its first frame only: ${cannotPlay}`);
  }
  return still;
}

/**
 * One video file on a terminal: it plays (bin/cli/video-player.ts); one that does not fit the
 * terminal shows its first frame, after a line that says why (naming the input as `label`: a
 * video from standard input plays from a temporary file). Never rejects.
 */
async function playOrShowVideo(input: string, stage: Stage, label = input): Promise<Outcome> {
  const { request, converter, streams, screen } = stage;
  let cannotPlay: string;
  try {
    const info = await probeVideo(input);
    const { playVideo } = await import('./video-player.js');
    const outcome = await playVideo(
      { ...fitOn(stage, info), input, info, ansiColorDepth: request.ansiColorDepth, limits: screen.limits },
      streams,
      screen.guard,
    );
    if (!('doesNotFit' in outcome)) return outcome;
    cannotPlay = outcome.doesNotFit;
  } catch (err) {
    return { error: failureLine(err, err instanceof VideoError || err instanceof InputError) };
  }
  const still = await readAndConvert(input, request, converter, streams);
  if ('body' in still) say(streams.stderr, `${inputLabel(label)}: showing its first frame only: ${cannotPlay}`);
  return still;
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
  const output = watchOutput(streams);

  const { inputs } = command;
  // sharp (behind the converter) loads only when there is something to decode: --help starts fast
  const { converterFor } = await import('./workers.js');
  const converter = converterFor(inputs.length);
  const toStdout = targets.every((t) => t.kind !== 'file');
  const ansiColorDepth =
    command.colorDepth !== 'auto'
      ? command.colorDepth
      : toStdout
        ? terminalColorDepth(stdout, streams.env ?? {})
        : 'truecolor';
  const rows = terminalRows(stdout) ?? 0;
  const columns = terminalColumns(stdout) ?? 0;
  const textual = command.params.format === 'text' || command.params.format === 'ansi';
  const sizeGiven = command.columnsGiven || command.rows !== undefined;
  const request = {
    params: command.params,
    ansiColorDepth,
    options: {
      ...(command.rows !== undefined ? { rows: command.rows } : {}),
      ...(command.cellAspect !== undefined ? { cellAspect: command.cellAspect } : {}),
    },
    ...(command.columnsFromRows !== undefined ? { columnsFromRows: command.columnsFromRows } : {}),
    ...(sizeGiven ? {} : { narrowToFit: true as const }),
    // art shown on a terminal fits it whole, as chafa's does: its rows less the prompt's
    ...(!sizeGiven && toStdout && textual && rows >= 2 ? { fitRows: Math.min(rows - 1, MAX_ROWS) } : {}),
  };
  const pending: (Promise<Outcome> | undefined)[] = [];
  const readAhead = new ReadAhead(inputs, converter.parallelism);
  let guard: SignalGuard | undefined;
  // one input on a terminal of two rows or more that redraws, as text or ANSI: an animation plays there
  const playable = rows >= 2 && columns > 0 && terminalRedraws(streams.env ?? {});
  if (inputs.length === 1 && toStdout && playable && textual && !command.still) {
    guard = new SignalGuard(stdout);
    const fitHeight = command.rows === undefined && !command.columnsGiven;
    const screen = { rows, columns, fitHeight, guard, limits: command.limits };
    pending[0] = playOrConvert(inputs[0], { request, converter, streams, screen });
  }
  try {
    for (let i = 0; i < inputs.length && !output.closed && !guard?.interrupted; i++) {
      for (let j = i; j < readAhead.end(i); j++) pending[j] ??= readAndConvert(inputs[j], request, converter, streams);
      const result = await (pending[i] as Promise<Outcome>);
      pending[i] = undefined;
      if ('played' in result) {
        if (result.stopped) say(streams.stderr, `${inputLabel(inputs[i])}: stopped playing: ${result.stopped}`);
        continue;
      }
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
  return (await output.settled()) ? status : EXIT.input;
}

/**
 * Watches standard output for write errors. A reader that went away (`glyphcast *.jpg | head`)
 * ends the run quietly, like SIGPIPE would; any other (a full disk) is said once, and fails it.
 */
function watchOutput({ stdout, stderr }: CliStreams) {
  let closed = false;
  let failed = false;
  stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE' && !failed) say(stderr, `cannot write to standard output: ${fsReason(err)}`);
    failed ||= err.code !== 'EPIPE';
    closed = true;
  });
  return {
    get closed() {
      return closed;
    },
    /** Whether everything written so far went out (or its reader left); a write error arrives after the write call. */
    async settled(): Promise<boolean> {
      if (!closed) await drained(stdout);
      return !failed;
    },
  };
}

/** Resolves once everything written to `stream` so far is flushed or has failed. */
function drained(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => stream.write('', () => setImmediate(resolve)));
}

/** Runs the CLI on the arguments after `glyphcast` and returns the exit status. */
export async function main(argv: readonly string[], streams: CliStreams = process): Promise<number> {
  let command: Command;
  try {
    command = parseArgs(argv, outputColumns(streams), () => isPipedInput(streams.stdin));
    if (command.command === 'help' || command.command === 'version') {
      const output = watchOutput(streams);
      streams.stdout.write(command.command === 'help' ? helpText(version()) : `glyphcast ${version()}\n`);
      return (await output.settled()) ? EXIT.ok : EXIT.input;
    }
    return await render(command, streams);
  } catch (err) {
    if (err instanceof UsageError) {
      say(streams.stderr, err.message);
      return EXIT.usage;
    }
    say(streams.stderr, failureLine(err, false));
    return EXIT.input;
  }
}

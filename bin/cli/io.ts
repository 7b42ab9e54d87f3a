/**
 * The CLI's files: reading inputs (a path or `-` for standard input), naming and writing
 * outputs, and turning file-system errors into one short line each.
 */
import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from './flags.js';

/** Where one input's output goes: standard output, or a file. */
export type Destination = { readonly kind: 'stdout' } | { readonly kind: 'file'; readonly path: string };

/** What a file-system error means to a person, without codes or stacks. */
export function fsReason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EISDIR':
      return 'is a directory';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOSPC':
      return 'no space left on the device';
    default:
      return code ? `cannot be accessed (${code})` : String((err as Error)?.message ?? err).split('\n')[0];
  }
}

/**
 * The most bytes one input may have: more than any image the decoder takes (40 megapixels of
 * uncompressed 16-bit RGB TIFF is 240 MB), so /dev/zero or a runaway pipe is refused, not read
 * into memory without end.
 */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;

const tooLarge = () =>
  new InputError(`more than ${MAX_INPUT_BYTES / 1024 / 1024} MiB, larger than any image glyphcast reads`);

/** A stream's bytes, up to MAX_INPUT_BYTES (a pipe, standard input, a device). */
async function readCapped(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    total += bytes.length;
    if (total > MAX_INPUT_BYTES) {
      (stream as Partial<NodeJS.ReadStream>).destroy?.();
      throw tooLarge();
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/** What a standard stream is open on (a pipe, a file, a terminal), or undefined when it has no descriptor. */
export function streamStat(stream: NodeJS.ReadableStream | NodeJS.WritableStream): fs.Stats | undefined {
  const { fd } = stream as { fd?: unknown };
  if (typeof fd !== 'number') return undefined;
  try {
    return fs.fstatSync(fd);
  } catch {
    return undefined;
  }
}

/**
 * Whether standard input is a pipe or a file (`cat photo.jpg | glyphcast`, `glyphcast < photo.jpg`):
 * data sent on purpose. Not a terminal, /dev/null or a socket (a program's own stdio, left unused).
 */
export function isPipedInput(stdin: NodeJS.ReadableStream): boolean {
  const stat = streamStat(stdin);
  return stat !== undefined && (stat.isFIFO() || stat.isFile());
}

/** An input that is a web address, not a file name (`https://...`). */
const WEB_ADDRESS = /^(https?|ftp):\/\//i;

/**
 * The bytes of one input. Throws an InputError with a one-line reason. Standard input is taken
 * from `streams` only for `-`: Node makes `process.stdin` when it is first read (about 2 ms).
 */
export async function readInput(
  input: string,
  streams: { readonly stdin: NodeJS.ReadableStream },
): Promise<Uint8Array> {
  try {
    if (input === '-') {
      const { stdin } = streams;
      // Node reads a folder on standard input (`- < DIR`) as no bytes at all
      if (streamStat(stdin)?.isDirectory()) throw new InputError('is a directory');
      // a terminal sends no image: waiting on it would look like a hang
      if ((stdin as { isTTY?: boolean }).isTTY) {
        throw new InputError('standard input is a terminal, not an image: pipe one in (cat photo.jpg | glyphcast -)');
      }
      return await readCapped(stdin);
    }
    const stat = await fs.promises.stat(input);
    if (stat.isDirectory()) throw new InputError('is a directory');
    if (!stat.isFile()) return await readCapped(fs.createReadStream(input));
    if (stat.size > MAX_INPUT_BYTES) throw tooLarge();
    return await fs.promises.readFile(input);
  } catch (err) {
    if (err instanceof InputError) throw err;
    // Node decodes the command line as UTF-8: a name that is not arrives with U+FFFD in it
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    const mangled = missing && input.includes('\uFFFD');
    const why = ' (the name is not valid UTF-8, which Node cannot pass on: rename the file, or use - < FILE)';
    // jp2a fetches an address given as an input; glyphcast opens files only
    const quoted = input.includes("'") ? 'ADDRESS' : `'${input}'`;
    const address =
      missing && WEB_ADDRESS.test(input) ? ` (glyphcast reads files: curl -sL ${quoted} | glyphcast -)` : '';
    throw new InputError(fsReason(err) + (mangled ? why : '') + address);
  }
}

/** An input that could not be read, decoded or rendered, or an output that could not be written (exit 1). */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** The first line of an error's message (what the CLI prints for it). */
export const oneLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0];

/** The line a failure prints: one the CLI expects says itself; any other is a bug, and is marked so. */
export const failureLine = (err: unknown, expected: boolean) =>
  expected ? oneLine(err) : `unexpected error: ${oneLine(err)}`;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A path as messages show it: quoted and escaped when it holds a control character (a newline), so an error stays one line. */
export const shownPath = (file: string) => (CONTROL.test(file) ? terminalSafe(JSON.stringify(file)) : file);

/**
 * A message as it may reach a terminal: every C0 and C1 control (ESC and CSI among them) as a
 * `\u` escape. Messages quote what the user typed (an unknown flag, an -o name), and a file
 * named `--\e]52;c;...` met by `glyphcast *` would otherwise drive the terminal that shows it.
 */
export const terminalSafe = (text: string) =>
  text.replace(new RegExp(CONTROL, 'g'), (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** How an input is named in messages: its path, or `(stdin)`. */
export const inputLabel = (input: string) => (input === '-' ? '(stdin)' : shownPath(input));

/**
 * One destination per input: standard output, the `-o` file, or `DIR/<input name>.<ext>` with
 * `--out-dir`. Two inputs that would write the same file, or an output that would overwrite an
 * input, are a usage error, found before any rendering.
 */
export function destinations(
  inputs: readonly string[],
  extension: string,
  output: string | undefined,
  outDir: string | undefined,
): Destination[] {
  const targets = outputPaths(inputs, extension, output, outDir);
  for (const target of targets) {
    if (target.kind !== 'file') continue;
    const input = inputs.find((i) => i !== '-' && isSameFile(i, target.path));
    if (input !== undefined) {
      throw new UsageError(`the output ${shownPath(target.path)} would overwrite the input ${inputLabel(input)}`);
    }
  }
  return targets;
}

/** Whether `output` is the regular file `input` (the same path, or a link to it). */
function isSameFile(input: string, output: string): boolean {
  try {
    const a = fs.statSync(input);
    if (!a.isFile()) return false;
    if (path.resolve(input) === path.resolve(output)) return true;
    const b = fs.statSync(output);
    return a.dev === b.dev && a.ino === b.ino;
  } catch {
    return false; // a missing input is reported when it is read; a missing output is new
  }
}

function outputPaths(
  inputs: readonly string[],
  extension: string,
  output: string | undefined,
  outDir: string | undefined,
): Destination[] {
  if (output !== undefined) return [output === '-' ? { kind: 'stdout' } : { kind: 'file', path: output }];
  if (outDir === undefined) return inputs.map(() => ({ kind: 'stdout' }));
  const seen = new Map<string, string>();
  return inputs.map((input) => {
    const base = input === '-' ? 'stdin' : path.parse(input).name || 'image';
    const file = path.join(outDir, `${base}.${extension}`);
    const other = seen.get(file);
    if (other !== undefined) {
      throw new UsageError(`${inputLabel(other)} and ${inputLabel(input)} would both be written to ${shownPath(file)}`);
    }
    seen.set(file, input);
    return { kind: 'file', path: file };
  });
}

/** Creates the output folder. Throws an InputError with a one-line reason. */
export function makeOutDir(dir: string): void {
  // The missing folders are made one by one: Node 20's recursive mkdirSync spins forever where
  // a parent answers ENOENT to a new entry (under /proc).
  const missing: string[] = [];
  for (let d = path.resolve(dir); !fs.existsSync(d); d = path.dirname(d)) missing.unshift(d);
  if (missing.length === 0 && !fs.statSync(dir).isDirectory()) {
    throw new InputError(`cannot create the folder ${shownPath(dir)}: a file of that name exists`);
  }
  try {
    for (const d of missing) fs.mkdirSync(d);
  } catch (err) {
    throw new InputError(`cannot create the folder ${shownPath(dir)}: ${fsReason(err)}`);
  }
}

/** Writes one output file. Throws an InputError with a one-line reason. */
export function writeOutput(file: string, text: string): void {
  try {
    fs.writeFileSync(file, text);
  } catch (err) {
    throw new InputError(`cannot write ${shownPath(file)}: ${fsReason(err)}`);
  }
}

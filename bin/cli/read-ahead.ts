/**
 * Which inputs are read (and decoded) ahead of the one being written. Six ahead keep libvips
 * decoding while the renderer works: each decode needs the main thread twice (its header, then
 * its pixels), so with fewer ahead the renderer often waits for a decode that could not start
 * while it rendered (60 photos: 675 ms with 2 ahead, 649 with 6). Their files together hold at
 * most READ_AHEAD_BYTES, so a folder of large scans is not all in memory at once.
 */
import fs from 'node:fs';

export const READ_AHEAD = 6;
export const READ_AHEAD_BYTES = 64 * 1024 * 1024;

export class ReadAhead {
  readonly #sizes: number[] = [];

  /** `parallelism`: the inputs converted at once (worker threads), always started whatever their size. */
  constructor(
    private readonly inputs: readonly string[],
    private readonly parallelism: number,
    private readonly sizeOf: (input: string) => number = inputSize,
  ) {}

  /** The end (exclusive) of the inputs to have started when input `i` is the next written. */
  end(i: number): number {
    const last = Math.min(i + this.parallelism + READ_AHEAD, this.inputs.length);
    let bytes = 0;
    for (let j = i + this.parallelism; j < last; j++) {
      this.#sizes[j] ??= this.sizeOf(this.inputs[j]);
      bytes += this.#sizes[j];
      if (bytes > READ_AHEAD_BYTES) return j;
    }
    return last;
  }
}

/**
 * The size of the regular file `input`: what reading it ahead holds. 0 for standard input, a
 * pipe or a device, or a file that is not there (its error comes when it is read).
 */
export function inputSize(input: string): number {
  if (input === '-') return 0;
  try {
    const stat = fs.statSync(input);
    return stat.isFile() ? stat.size : 0;
  } catch {
    return 0;
  }
}

/**
 * Video files for the CLI, decoded by ffmpeg when it is installed (glyphcast does not bundle
 * it; the image decoder, sharp, reads no video). The container is known from its first bytes,
 * so a video file is never read into memory whole: ffprobe reads its size and frame rate, and
 * ffmpeg streams its frames, scaled to what the art needs, as raw RGBA through a pipe. A video
 * on standard input is read whole, as an image is, and goes to ffmpeg as a temporary file. The
 * path goes to ffmpeg as a `file:` address (never a protocol such as `http:` or `concat:` that
 * a file name could spell) and as one argument (no shell).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RgbaImage } from '../../engine/index.js';
import { isVideoContainer, VIDEO_HEAD_BYTES } from '../../engine/index.js';
import { fsReason, shownPath } from './io.js';
import { onExit } from './signal-guard.js';

/** Whether the regular file at `input` opens as a video container (`-` and pipes: no, their bytes are read whole first). */
export async function isVideoFile(input: string): Promise<boolean> {
  if (input === '-') return false;
  let file: fs.promises.FileHandle | undefined;
  try {
    // stat before open: opening a named pipe waits for a writer, and closing it unread loses what it sent
    if (!(await fs.promises.stat(input)).isFile()) return false;
    file = await fs.promises.open(input, 'r');
    const head = new Uint8Array(VIDEO_HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return isVideoContainer(head.subarray(0, bytesRead));
  } catch {
    return false; // the image path reads it again and says what is wrong
  } finally {
    await file?.close();
  }
}

/** A video that cannot be played or shown, in words for the one line the CLI prints. */
export class VideoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VideoError';
  }
}

/** The address ffmpeg reads the file from: the file protocol only, whatever the name spells. */
const fileAddress = (input: string) => `file:${path.resolve(input)}`;

/** What a tool writes on its standard error, its last STDERR_KEPT characters (it may complain without end). */
const STDERR_KEPT = 16_384;

function keepStderr(child: { stderr: NodeJS.ReadableStream | null }): () => string {
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-STDERR_KEPT);
  });
  return () => text;
}

/** Runs an ffmpeg tool on `address` to its end: its standard output, or a VideoError (missing tool, failure). */
function runTool(tool: 'ffmpeg' | 'ffprobe', args: readonly string[], address: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const stderr = keepStderr(child);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', (e: NodeJS.ErrnoException) => reject(toolFailure(tool, e)));
    child.on('close', (status) =>
      status === 0 ? resolve(Buffer.concat(out)) : reject(new VideoError(decodeFailure(stderr(), address))),
    );
  });
}

/** A tool that could not be started: most often, ffmpeg is not installed. */
const toolFailure = (tool: string, e: NodeJS.ErrnoException) =>
  new VideoError(
    e.code === 'ENOENT'
      ? `a video: glyphcast decodes video with ffmpeg${tool === 'ffmpeg' ? '' : ` (its ${tool} too)`}, and ${tool} was not found: install ffmpeg, or put it on PATH`
      : `${tool} could not be started: ${e.message}`,
  );

/** ffmpeg's last line of complaint (without the address it names, which holds the path), or a plain reason. */
function decodeFailure(stderr: string, address: string): string {
  if (/matches no streams|does not contain any stream/.test(stderr)) return 'the file has no video stream';
  let last = stderr.trim().split('\n').at(-1)?.trim() ?? '';
  if (last.startsWith(`${address}: `)) last = last.slice(address.length + 2);
  return `the video could not be decoded${last ? `: ${last}` : ''}`;
}

export interface VideoInfo {
  /** The size it is shown at (sample aspect and rotation applied), pixels. */
  readonly width: number;
  readonly height: number;
  /** Frames per second (the average), or null when the container does not say. */
  readonly fps: number | null;
}

interface ProbedStream {
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  sample_aspect_ratio?: string;
  side_data_list?: { rotation?: number }[];
  tags?: { rotate?: string };
}

const ratio = (text: string | undefined): number | null => {
  const [n, d = '1'] = (text ?? '').split(/[/:]/);
  const value = Number(n) / Number(d);
  return Number.isFinite(value) && value > 0 ? value : null;
};

/** The first video stream's size and frame rate, from ffprobe. */
export async function probeVideo(input: string): Promise<VideoInfo> {
  const address = fileAddress(input);
  const json = await runTool(
    'ffprobe',
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=width,height,avg_frame_rate,r_frame_rate,sample_aspect_ratio:stream_tags=rotate:stream_side_data=rotation',
      '-of',
      'json',
      address,
    ],
    address,
  );
  const stream = (JSON.parse(json.toString('utf8')) as { streams?: ProbedStream[] }).streams?.[0];
  if (!stream?.width || !stream.height) throw new VideoError('the file has no video stream');
  const sampleAspect = ratio(stream.sample_aspect_ratio) ?? 1;
  const rotation =
    stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? Number(stream.tags?.rotate ?? 0);
  const quarterTurn = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  const width = Math.max(1, Math.round(stream.width * sampleAspect));
  return {
    width: quarterTurn ? stream.height : width,
    height: quarterTurn ? width : stream.height,
    fps: ratio(stream.avg_frame_rate) ?? ratio(stream.r_frame_rate),
  };
}

/** ffmpeg reading the video only (no sound, no subtitles, no keyboard) from `address`, writing `output`. */
const decodeArgs = (address: string, output: readonly string[]) => [
  ...['-nostdin', '-v', 'error', '-i', address, '-an', '-sn'],
  ...output,
];

const FIRST_FRAME_PNG = ['-map', '0:v:0', '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-'];

const someFrame = (png: Buffer) => {
  if (png.length === 0) throw new VideoError('the video has no frame');
  return png;
};

/** The first frame of the video file `input` as PNG bytes: what the CLI renders when it does not play the video. */
export function firstFramePng(input: string): Promise<Buffer> {
  const address = fileAddress(input);
  return runTool('ffmpeg', decodeArgs(address, FIRST_FRAME_PNG), address).then(someFrame);
}

/**
 * Runs `use` on a video read whole from a pipe (standard input), written to a private
 * temporary file for it (ffmpeg cannot seek in a pipe: an MP4 whose index comes last would not
 * decode), and removed after: when `use` ends or fails, and when the process ends first (a
 * signal: Ctrl-C, SIGTERM, SIGHUP, SIGQUIT; process.exit), through signal-guard.ts `onExit`.
 */
export async function withVideoFile<T>(bytes: Uint8Array, use: (file: string) => Promise<T>): Promise<T> {
  // the removal is registered before the folder is made: a signal that comes in between is then
  // handled (after this synchronous run, the folder's name known), not left to its default
  // action, which ends the process at once and leaves the folder
  let dir: string | null = null;
  const remove = () => {
    if (dir !== null) fs.rmSync(dir, { recursive: true, force: true });
  };
  const forget = onExit(remove);
  try {
    try {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-video-'));
    } catch (err) {
      throw new VideoError(`cannot make a temporary folder in ${shownPath(os.tmpdir())} (TMPDIR): ${fsReason(err)}`);
    }
    const file = path.join(dir, 'video');
    // synchronous: an asynchronous write could create the file while a signal's removal
    // empties the folder, and the folder would stay (ENOTEMPTY)
    fs.writeFileSync(file, bytes, { mode: 0o600 });
    return await use(file);
  } finally {
    // synchronous too: no signal is handled halfway through the removal
    forget();
    remove();
  }
}

/** Decoded frames that may wait to be played: enough to decode ahead, few enough to hold (3 frames of 3200 x 1800 are 69 MB). */
const QUEUED_FRAMES = 3;

/** A video's frames, decoded ahead of the player. */
export interface VideoFrames {
  /** The next frame, or null at the end of the video. Rejects with a VideoError when ffmpeg fails. */
  next(): Promise<RgbaImage | null>;
  /** Stops ffmpeg (the rest of the video is not decoded). */
  stop(): void;
}

/**
 * Streams the frames of `input` at `width` x `height` (area-averaged, as the engine samples)
 * and `fps` frames a second (dropped or repeated by ffmpeg to that constant rate).
 */
export function videoFrames(input: string, size: { width: number; height: number }, fps: number): VideoFrames {
  const { width, height } = size;
  const frameBytes = width * height * 4;
  const address = fileAddress(input);
  const child = spawn(
    'ffmpeg',
    decodeArgs(address, [
      ...['-vf', `fps=${fps},scale=${width}:${height}:flags=area,format=rgba`],
      ...['-f', 'rawvideo', '-'],
    ]),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stderr = keepStderr(child);
  let stopped = false;
  const ended = new Promise<VideoError | null>((resolve) => {
    child.on('error', (e: NodeJS.ErrnoException) => resolve(toolFailure('ffmpeg', e)));
    child.on('close', (status) =>
      resolve(status === 0 || stopped ? null : new VideoError(decodeFailure(stderr(), address))),
    );
  });
  // Read as ffmpeg writes (it decodes the next frames while the last renders, on another core),
  // each chunk copied once into its frame; at most QUEUED_FRAMES wait, then ffmpeg waits.
  const queue: RgbaImage[] = [];
  let frame = new Uint8Array(frameBytes);
  let filled = 0;
  let finished = false;
  let wake: (() => void) | undefined;
  const stdout = child.stdout;
  stdout.on('data', (chunk: Buffer) => {
    for (let at = 0; at < chunk.length; ) {
      const n = Math.min(frameBytes - filled, chunk.length - at);
      frame.set(chunk.subarray(at, at + n), filled);
      filled += n;
      at += n;
      if (filled === frameBytes) {
        queue.push({ width, height, data: frame });
        frame = new Uint8Array(frameBytes);
        filled = 0;
      }
    }
    if (queue.length >= QUEUED_FRAMES) stdout.pause();
    wake?.();
  });
  stdout.on('close', () => {
    finished = true; // a partial last frame is dropped
    wake?.();
  });
  const readFrame = async (): Promise<RgbaImage | null> => {
    while (queue.length === 0 && !finished) await new Promise<void>((resolve) => (wake = resolve));
    const next = queue.shift();
    if (next) {
      stdout.resume();
      return next;
    }
    const failure = await ended;
    if (failure) throw failure;
    return null;
  };
  return {
    next: readFrame,
    stop: () => {
      stopped = true;
      // ffmpeg may be blocked writing to the paused pipe, where SIGTERM alone does not end it
      stdout.destroy();
      child.kill('SIGTERM');
    },
  };
}

/**
 * Bench input shared by the GPU benches: frames of the bench video (../shared/bench/corpus/video/
 * vtest.avi, 768 x 576) scaled to 1280 x 720 with Debian's ffmpeg, cached as raw RGBA in
 * bench/out/ (git-ignored).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { RgbaImage } from '../engine/image.js';

export const BENCH_WIDTH = 1280;
export const BENCH_HEIGHT = 720;
export const VIDEO = path.resolve(import.meta.dirname, '../../shared/bench/corpus/video/vtest.avi');
export const OUT = path.resolve(import.meta.dirname, 'out');

/** `count` consecutive frames from frame `skip`, RGBA at `width` x `height` (1280 x 720 unless given). */
export function benchFrames(count: number, skip = 200, width = BENCH_WIDTH, height = BENCH_HEIGHT): RgbaImage[] {
  const file = path.join(OUT, `vtest-${skip}-${count}-${width}x${height}.rgba`);
  const size = width * height * 4;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(OUT, { recursive: true });
    const vf = `select=gte(n\\,${skip}),scale=${width}:${height}`;
    const run = spawnSync(
      'ffmpeg',
      [
        '-v',
        'error',
        '-i',
        VIDEO,
        '-vf',
        vf,
        '-vsync',
        '0',
        '-frames:v',
        String(count),
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgba',
        file,
      ],
      { stdio: 'inherit' },
    );
    if (run.status !== 0) throw new Error(`ffmpeg failed on ${VIDEO} (is ffmpeg installed? scripts/setup-system.sh)`);
  }
  const bytes = fs.readFileSync(file);
  if (bytes.length !== size * count) throw new Error(`${file}: ${bytes.length} bytes, expected ${size * count}`);
  return Array.from({ length: count }, (_, i) => ({
    width,
    height,
    data: new Uint8Array(bytes.buffer, bytes.byteOffset + i * size, size),
  }));
}

/** The bench's parameters: 160 columns, every stage on (dithering too), colors on. */
export const BENCH_PARAMS = { columns: 160, dither: true, color: true } as const;

/** The value after `--name` on the command line, or `dflt`. */
export function flag(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
}

/** The render parameters: BENCH_PARAMS, or the JSON object of `--params` in their place. */
export function benchParams(): Record<string, unknown> {
  return JSON.parse(flag('params', JSON.stringify(BENCH_PARAMS)));
}

/** The frame size of `--size WxH` (1280x720 unless given). */
export function benchSize(): { width: number; height: number } {
  const text = flag('size', `${BENCH_WIDTH}x${BENCH_HEIGHT}`);
  const match = /^(\d+)x(\d+)$/.exec(text);
  if (!match) throw new Error(`--size ${text}: expected WIDTHxHEIGHT, such as 1920x1080`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

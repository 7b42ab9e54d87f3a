import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { RgbaImage } from '../../engine/image.js';
import { unavailable } from './env.js';

/**
 * Decodes `count` frames of a video to RGBA at width x height with Debian's ffmpeg (installed
 * by scripts/setup-system.sh), or returns null (a skip; a failure in CI) when ffmpeg or the
 * file is missing.
 */
export function videoFrames(file: string, count: number, width: number, height: number, skip = 0): RgbaImage[] | null {
  if (!fs.existsSync(file)) {
    unavailable('the bench video', `${file} not found`);
    return null;
  }
  const args = ['-v', 'error', '-i', file, '-vf', `select=gte(n\\,${skip}),scale=${width}:${height}`, '-vsync', '0'];
  const run = spawnSync('ffmpeg', [...args, '-frames:v', String(count), '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], {
    maxBuffer: width * height * 4 * count + 1024,
  });
  if (run.error || run.status !== 0) {
    unavailable('ffmpeg', run.error ? run.error.message : run.stderr.toString().trim());
    return null;
  }
  const size = width * height * 4;
  const out: RgbaImage[] = [];
  for (let i = 0; i + size <= run.stdout.length; i += size) {
    out.push({ width, height, data: new Uint8Array(run.stdout.subarray(i, i + size)) });
  }
  if (out.length !== count) throw new Error(`ffmpeg gave ${out.length} frames of ${file}, expected ${count}`);
  return out;
}

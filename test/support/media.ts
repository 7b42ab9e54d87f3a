/**
 * Media fixtures made at test time from the real clip in test/fixtures/corpus/video (the
 * OpenCV pedestrian clip) with ffmpeg, into test-results/fixtures (git-ignored): a small .y4m
 * for Chromium's fake camera and a WebM for the video-file source.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './browser.js';
import { hasFfmpeg, unavailable } from './env.js';
import { CORPUS, FIXTURE_PNG } from './studio.js';

const OUT = path.join(REPO_ROOT, 'test-results/fixtures');
const CLIP = path.join(CORPUS, 'video/vtest.avi');

/** Encodes (once) `name` from the clip with ffmpeg arguments; null (a skip) without ffmpeg outside CI. */
function make(name: string, args: string[]): string | null {
  const file = path.join(OUT, name);
  if (fs.existsSync(file)) return file;
  if (!hasFfmpeg()) {
    unavailable('ffmpeg', 'not on PATH');
    return null;
  }
  fs.mkdirSync(OUT, { recursive: true });
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, `${file}.part`], { stdio: 'inherit' });
  fs.renameSync(`${file}.part`, file);
  return file;
}

/** 3 s of the clip at 160 x 120, 10 fps, raw YUV 4:2:0 (what --use-file-for-fake-video-capture reads). */
export function cameraY4m(): string | null {
  return make('camera-160x120.y4m', [
    '-t',
    '3',
    '-i',
    CLIP,
    '-vf',
    'scale=160:120',
    '-pix_fmt',
    'yuv420p',
    '-f',
    'yuv4mpegpipe',
  ]);
}

/** ffmpeg's arguments for 4 s of the clip at 320 x 240 in VP8, without sound. */
const CLIP_320_VP8 = ['-t', '4', '-i', CLIP, '-vf', 'scale=320:240', '-c:v', 'libvpx', '-b:v', '400k', '-an'];

/** 4 s of the clip at 320 x 240 as VP8 WebM (plays in every Chromium build). */
export function videoWebm(): string | null {
  return make('clip-320x240.webm', [...CLIP_320_VP8, '-f', 'webm']);
}

/**
 * The same 4 s as a WebM written live (`-live 1`: no duration, no cues), as MediaRecorder writes
 * them: the browser reports its duration as Infinity until it has played through.
 */
export function liveWebm(): string | null {
  return make('clip-320x240-live.webm', [...CLIP_320_VP8, '-live', '1', '-f', 'webm']);
}

/**
 * 1280 x 720 at 30 fps, VP8 WebM, for the fps benchmark: the clip scaled up and its 10 fps
 * resampled to 30 (each source frame shown three times, so the player presents 30 frames a second).
 */
export function benchWebm(seconds = 8): string | null {
  const filter = 'scale=1280:720,fps=30';
  const encode = ['-c:v', 'libvpx', '-b:v', '4M', '-an', '-f', 'webm'];
  return make(`bench-1280x720-30fps-${seconds}s.webm`, ['-t', String(seconds), '-i', CLIP, '-vf', filter, ...encode]);
}

/**
 * The PNG fixture scaled to 6000 x 6000 (36 megapixels: under the studio's 40-megapixel decode
 * limit, over what a WebGPU device with the default 128 MiB storage-buffer binding can hold).
 * No ICC profile, so the browser decode equals sharp's.
 */
export function largePng(): string | null {
  return make('large-6000x6000.png', [
    '-i',
    FIXTURE_PNG,
    '-vf',
    'scale=6000:6000:flags=bilinear',
    '-frames:v',
    '1',
    '-f',
    'image2',
    '-c:v',
    'png',
  ]);
}

/**
 * Video files in the CLI (decoded by ffmpeg): played on a terminal (the real `glyphcast`
 * process in a pseudo-terminal, `script`), their first frame elsewhere, and a plain line when
 * ffmpeg is missing. The frames expected are ffmpeg's own decode of the file, rendered by the
 * engine in-process as the player does: tuned on the first frame, then a stream.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sceneChanged, sceneOf } from '../../../bin/cli/retune.js';
import { CpuExecutor, StreamState } from '../../../engine/cpu/executor.js';
import { autoTune } from '../../../engine/director/direct.js';
import { encode } from '../../../engine/encode/index.js';
import { glyphTable } from '../../../engine/glyphs/table.js';
import type { RgbaImage } from '../../../engine/image.js';
import { resolveParams } from '../../../engine/index.js';
import { planFrame } from '../../../engine/plan.js';
import { renderImage } from '../../../engine/render.js';
import { isVideoContainer } from '../../../engine/video-container.js';
import { DIST_BIN, ROOT } from '../../support/cli.js';
import { hasFfmpeg, unavailable } from '../../support/env.js';
import { glyphcastCommand, runInTerminal, startInTerminal, TERMINAL_ENV } from '../../support/pty.js';
import { replay } from '../../support/virtual-terminal.js';

const CLIP = path.resolve(ROOT, 'test/fixtures/corpus/video/vtest.avi');
const HIDE_CURSOR = '\x1b[?25l';
const SHOW_CURSOR = '\x1b[?25h';

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
/** The standard deviation of the glyphs' measured ink over a picture's characters (detailed charset). */
function inkSpread(text: string): number {
  const table = glyphTable('detailed');
  const ink = [...text].map((c) => table.coverage[Math.max(0, table.table.indexOf(c))]);
  const mean = ink.reduce((a, b) => a + b, 0) / ink.length;
  return Math.sqrt(ink.reduce((a, b) => a + (b - mean) ** 2, 0) / ink.length);
}
const withHead = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...ascii(p)] : p)).concat(Array(400).fill(0)));

describe('isVideoContainer', () => {
  it('knows video containers by their first bytes, and leaves images to the image decoder', () => {
    expect(isVideoContainer(withHead([0x1a, 0x45, 0xdf, 0xa3]))).toBe(true); // WebM, Matroska
    expect(isVideoContainer(withHead([0, 0, 0, 0x20], 'ftypisom'))).toBe(true); // MP4
    expect(isVideoContainer(withHead([0, 0, 0, 0x14], 'ftypqt  '))).toBe(true); // QuickTime
    expect(isVideoContainer(withHead('RIFF', [1, 2, 3, 4], 'AVI LIST'))).toBe(true);
    expect(isVideoContainer(withHead('OggS'))).toBe(true);
    expect(isVideoContainer(withHead('YUV4MPEG2 W160'))).toBe(true);
    expect(isVideoContainer(withHead([0, 0, 0, 0x1c], 'ftypavif'))).toBe(false); // AVIF: an image
    expect(isVideoContainer(withHead([0, 0, 0, 0x18], 'ftypheic'))).toBe(false);
    expect(isVideoContainer(withHead('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe(false);
    expect(isVideoContainer(withHead([0x89], 'PNG'))).toBe(false);
    expect(isVideoContainer(ascii('short'))).toBe(false);
    // MPEG transport stream: three packets' sync bytes, 188 bytes apart
    const ts = new Uint8Array(400);
    for (const at of [0, 188, 376]) ts[at] = 0x47;
    expect(isVideoContainer(ts)).toBe(true);
    expect(isVideoContainer(ts.subarray(0, 300))).toBe(false);
    // a GIF opens with 'G' too, and its palette may hold 0x47 anywhere
    const gif = withHead('GIF89a');
    for (const at of [188, 376]) gif[at] = 0x47;
    expect(isVideoContainer(gif)).toBe(false);
    expect(isVideoContainer(withHead('Grocery list: ...'))).toBe(false);
  });
});

let dir: string | null = null;
const file = (name: string) => path.join(dir as string, name);

/** The frames of fade.webm: 5 s at 5 a second. */
const FADE_FRAMES = 25;

beforeAll(() => {
  if (!hasFfmpeg()) {
    unavailable('ffmpeg', 'not on PATH');
    return;
  }
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-video-'));
  // 3 s of the real clip at 160 x 120, 2 frames a second (a frame is skipped only when half a
  // second late: not even on a loaded machine)
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-t', '3', '-i', CLIP, '-vf', 'scale=160:120,fps=2'],
    ...['-c:v', 'libvpx', '-b:v', '300k', '-an', file('clip.webm')],
  ]);
  // 5 s at 5 frames a second (FADE_FRAMES), faded in from black over the first second (the rest leaves time
  // for the tuning on a worker thread, slow to start on a loaded machine)
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-t', '5', '-i', CLIP, '-vf', 'scale=160:120,fps=5,fade=in:0:5'],
    ...['-c:v', 'libvpx', '-b:v', '300k', '-an', file('fade.webm')],
  ]);
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A PATH whose ffmpeg is the real one started a second late: the temporary copy of a video stays a while. */
function slowFfmpegPath(): string {
  const bin = fs.mkdtempSync(path.join(dir as string, 'bin-'));
  const ffmpeg = execFileSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' }).trim();
  fs.writeFileSync(path.join(bin, 'ffmpeg'), `#!/bin/sh\nsleep 1\nexec ${JSON.stringify(ffmpeg)} "$@"\n`, {
    mode: 0o755,
  });
  return `${bin}${path.delimiter}${process.env.PATH}`;
}

/** ffmpeg's frames of `name`, decoded as the CLI documents it: at their size (160 x 120), `fps` a second, area-scaled, RGBA. */
function decodedFrames(name: string, fps = 2): RgbaImage[] {
  const raw = execFileSync(
    'ffmpeg',
    [
      ...['-nostdin', '-v', 'error', '-i', file(name), '-an', '-vf', `fps=${fps},scale=160:120:flags=area,format=rgba`],
      ...['-f', 'rawvideo', '-'],
    ],
    { maxBuffer: 64 << 20 },
  );
  const size = 160 * 120 * 4;
  return Array.from({ length: raw.length / size }, (_, i) => ({
    width: 160,
    height: 120,
    data: new Uint8Array(raw.subarray(i * size, (i + 1) * size)),
  }));
}

describe.skipIf(!hasFfmpeg() && process.env.CI !== 'true')('a video file in the CLI', () => {
  it('plays on a terminal, from its path or standard input: every frame, tuned on the first and rendered as a stream', () => {
    const frames = decodedFrames('clip.webm');
    expect(frames).toHaveLength(6);
    const params = resolveParams({ columns: '40' }, 'strings');
    const executor = new CpuExecutor();
    const tuned = autoTune(executor, frames[0], params, {}).params;
    const plan = planFrame(tuned, frames[0], {});
    expect(plan.rows).toBe(15);
    const stream = new StreamState();
    const pictures = frames.map((f) => encode(executor.render(plan, f, stream), tuned).body.split('\n'));
    // a frame equal to the one before draws nothing
    const drawn = pictures.filter((p, i) => i === 0 || p.join('\n') !== pictures[i - 1].join('\n'));

    const { out, status } = runInTerminal([file('clip.webm')]);
    expect(status).toBe(0);
    expect(out.startsWith(HIDE_CURSOR)).toBe(true);
    expect(out.endsWith(SHOW_CURSOR)).toBe(true);
    expect(replay(out).pictures).toEqual(drawn);
    // from standard input, the same (through a temporary file, removed after)
    const piped = runInTerminal(['-'], 40, 20, file('clip.webm'));
    expect(piped.status).toBe(0);
    expect(replay(piped.out).pictures).toEqual(drawn);
  });

  it('plays as many times as --loops says, the stream going on, and for at most --duration', () => {
    const frames = decodedFrames('clip.webm');
    const params = resolveParams({ columns: '40' }, 'strings');
    const executor = new CpuExecutor();
    const tuned = autoTune(executor, frames[0], params, {}).params;
    const plan = planFrame(tuned, frames[0], {});
    const stream = new StreamState();
    const pictures = [...frames, ...frames].map((f) =>
      encode(executor.render(plan, f, stream), tuned).body.split('\n'),
    );
    const drawn = pictures.filter((p, i) => i === 0 || p.join('\n') !== pictures[i - 1].join('\n'));

    const twice = runInTerminal(['--loops', '2', file('clip.webm')]);
    expect(twice.status).toBe(0);
    expect(replay(twice.out).pictures).toEqual(drawn);
    // 1.2 s of a 3 s clip at 2 frames a second: its first frames, and no more
    const timed = runInTerminal(['--duration', '1.2', file('clip.webm')]);
    expect(timed.status).toBe(0);
    expect(timed.out.endsWith(SHOW_CURSOR)).toBe(true);
    const shownTimed = replay(timed.out).pictures;
    expect(shownTimed.length).toBeGreaterThan(0);
    expect(shownTimed.length).toBeLessThan(drawn.length / 2);
    expect(shownTimed).toEqual(drawn.slice(0, shownTimed.length));
  });

  it('tunes again when the scene changes: a fade from black ends in the look of the picture, not of black', () => {
    const frames = decodedFrames('fade.webm', 5);
    expect(frames).toHaveLength(25);
    // the scene: black at first, the street once faded in, steady from there
    expect(sceneChanged(sceneOf(frames[0]), sceneOf(frames[10]))).toBe(true);
    expect(sceneChanged(sceneOf(frames[10]), sceneOf(frames[24]))).toBe(false);
    const params = resolveParams({ columns: '40' }, 'strings');
    /** The clip's last picture, every frame rendered with the parameters tuned on `tuneOn`. */
    const lastTunedOn = (tuneOn: RgbaImage) => {
      const executor = new CpuExecutor();
      const tuned = autoTune(executor, tuneOn, params, {}).params;
      const plan = planFrame(tuned, frames[0], {});
      const stream = new StreamState();
      return frames.map((f) => encode(executor.render(plan, f, stream), tuned).body).at(-1) as string;
    };
    // black is a source without contrast: tuned on it, levels and local contrast are held back,
    // and the street comes out flatter than when tuned on the street
    const onBlack = lastTunedOn(frames[0]);
    const onStreet = lastTunedOn(frames[24]);
    expect(onStreet).not.toBe(onBlack);
    const spreadOf = (text: string) => inkSpread(text.replace(/\n/g, ''));
    expect(spreadOf(onStreet)).toBeGreaterThan(spreadOf(onBlack) * 1.1);

    const { out, status } = runInTerminal([file('fade.webm')]);
    expect(status).toBe(0);
    const last = (replay(out).pictures.at(-1) as string[]).join('');
    // the CLI tuned again once the street had faded in: its picture has the street's spread
    expect(spreadOf(last)).toBeGreaterThan(spreadOf(onBlack) * 1.1);
  });

  it('shows its first frame into a pipe, from standard input, and on a terminal it does not fit, saying why', () => {
    const [first] = decodedFrames('clip.webm');
    const still = (columns: string) => {
      const params = resolveParams({ columns }, 'strings');
      return `${encode(renderImage(first, params), params).body}\n`;
    };
    const piped = execFileSync('sh', ['-c', `${glyphcastCommand(['--cols', '40', file('clip.webm')])} | cat`], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect(piped).toBe(still('40'));
    // from standard input into a pipe, too
    const fromStdin = execFileSync(
      'sh',
      ['-c', `${glyphcastCommand(['--cols', '40', '-'])} < ${JSON.stringify(file('clip.webm'))} | cat`],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '' },
      },
    );
    expect(fromStdin).toBe(still('40'));
    const { out, status } = runInTerminal(['--cols', '70', file('clip.webm')]);
    expect(status).toBe(0);
    expect(out).toBe(
      `glyphcast: ${file('clip.webm')}: showing its first frame only: the video is 70 columns and the terminal 40; ` +
        `--columns 40 or fewer plays it\n${still('70')}`,
    );
  });

  it('says in one line when it cannot make the temporary copy of a video from standard input (TMPDIR missing)', () => {
    const missing = file('no-such-folder');
    const expectedLine = `glyphcast: (stdin): cannot make a temporary folder in ${missing} (TMPDIR): no such file or directory\n`;
    // the build: tsx, which runs the sources, would make that folder for its own cache
    const cli = `${JSON.stringify(DIST_BIN)} --cols 40 -`;
    const piped = `${cli} < ${JSON.stringify(file('clip.webm'))} 2>&1; echo "exit $?"`;
    const env = { ...process.env, NODE_OPTIONS: '', TMPDIR: missing };
    expect(execFileSync('sh', ['-c', piped], { cwd: ROOT, encoding: 'utf8', env })).toBe(`${expectedLine}exit 1\n`);
    // on a terminal, where it would play
    const inTerminal = `stty cols 40 rows 20; ${cli} < ${JSON.stringify(file('clip.webm'))}; echo "exit $?"`;
    const out = execFileSync('script', ['-qec', inTerminal, '/dev/null'], {
      encoding: 'utf8',
      env: { ...TERMINAL_ENV, TMPDIR: missing },
    });
    expect(out.replace(/\r\n/g, '\n')).toBe(`${expectedLine}exit 1\n`);
  });

  it('ends at q, at once, ffmpeg stopped with it; from standard input too (the keys read from the terminal)', async () => {
    const fromPath = glyphcastCommand([file('fade.webm')]);
    const fromStdin = `${glyphcastCommand(['-'])} < ${JSON.stringify(file('fade.webm'))}`;
    for (const command of [fromPath, fromStdin]) {
      const { child, ended, output, type } = startInTerminal(`stty cols 40 rows 20; ${command}`);
      try {
        const framesDrawn = () => output.text().split('\x1b[?2026h').length - 1;
        await output.until(() => framesDrawn() > 2);
        type('q');
        expect(await ended, command).toBe(0);
        // the clip has 25 frames: it ended because of q, well before its end (it hung, ffmpeg blocked on its full pipe)
        expect(framesDrawn(), command).toBeLessThan(FADE_FRAMES);
      } finally {
        child.kill();
      }
    }
  });

  it('removes its temporary copy of a video from standard input when Ctrl-C ends it', async () => {
    const tmp = fs.mkdtempSync(path.join(dir as string, 'tmp-'));
    const copies = () => fs.readdirSync(tmp).filter((name) => name.startsWith('glyphcast-video-'));
    const { child, ended, output, type } = startInTerminal(
      `stty cols 40 rows 20; TMPDIR=${JSON.stringify(tmp)} ${glyphcastCommand(['-'])} < ${JSON.stringify(file('fade.webm'))}`,
    );
    try {
      await output.until((out) => out.split('\x1b[?2026h').length > 3);
      expect(copies()).toHaveLength(1); // the copy, while it plays
      type('\x03');
      await ended;
    } finally {
      child.kill();
    }
    expect(copies()).toEqual([]);
  });

  it('removes its temporary copy of a video from standard input however the run ends: at its end, or on SIGINT, SIGTERM, SIGHUP or SIGQUIT', async () => {
    // standard output not a terminal (/dev/null), no SignalGuard; the first frame read through a slow ffmpeg
    const tmp = fs.mkdtempSync(path.join(dir as string, 'tmp-'));
    const copies = () => fs.readdirSync(tmp).filter((name) => name.startsWith('glyphcast-video-'));
    const PATH = slowFfmpegPath();
    const run = (signal: NodeJS.Signals | null) =>
      new Promise<{ code: number | null; signal: NodeJS.Signals | null; seen: boolean }>((resolve, reject) => {
        const stdin = fs.openSync(file('clip.webm'), 'r');
        const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bin', 'glyphcast.ts'), '-'], {
          cwd: ROOT,
          env: { ...process.env, NODE_OPTIONS: '', TMPDIR: tmp, PATH },
          stdio: [stdin, 'ignore', 'inherit'],
        });
        fs.closeSync(stdin);
        let seen = false;
        // the signal once the copy is there
        const look = setInterval(() => {
          if (copies().length === 0) return;
          seen = true;
          if (signal) child.kill(signal);
          clearInterval(look);
        }, 5);
        child.on('error', reject);
        child.on('exit', (code, sig) => {
          clearInterval(look);
          resolve({ code, signal: sig, seen });
        });
      });
    for (const signal of [null, 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as const) {
      const r = await run(signal);
      expect(r.seen, String(signal)).toBe(true);
      expect(signal ? r.signal : r.code, String(signal)).toBe(signal ?? 0);
      expect(copies(), String(signal)).toEqual([]);
    }
  });

  it('removes it on Ctrl-C with --still, and on SIGHUP or SIGQUIT while it plays (the terminal put back)', async () => {
    const tmp = fs.mkdtempSync(path.join(dir as string, 'tmp-'));
    const copies = () => fs.readdirSync(tmp).filter((name) => name.startsWith('glyphcast-video-'));
    const env = `TMPDIR=${JSON.stringify(tmp)} PATH=${JSON.stringify(slowFfmpegPath())}`;
    const after = 'echo " status $?"; stty -a | tr " " "\\n" | grep -x -- "-\\?icanon\\|-\\?echo"';
    const clip = JSON.stringify(file('fade.webm'));
    // --still: a Ctrl-C from the terminal (not raw: the signal itself, to the foreground)
    const still = startInTerminal(
      `stty cols 40 rows 20; ${env} ${glyphcastCommand(['--still', '-'])} < ${clip}; ${after}`,
    );
    try {
      await new Promise<void>((resolve) => {
        const look = setInterval(() => {
          if (copies().length === 0) return;
          clearInterval(look);
          resolve();
        }, 5);
      });
      still.type('\x03');
      await still.ended;
    } finally {
      still.child.kill();
    }
    expect(copies()).toEqual([]);
    // playing: the signal from elsewhere (the process says its id, then is replaced by glyphcast)
    for (const [signal, status] of [
      ['SIGHUP', 129],
      ['SIGQUIT', 131],
    ] as const) {
      const { child, ended, output } = startInTerminal(
        `stty cols 40 rows 20; ulimit -c 0; ${env} sh -c 'echo " pid $$"; exec "$@"' sh ${glyphcastCommand(['-'])} < ${clip}; ${after}`,
      );
      try {
        await output.until((out) => out.split('\x1b[?2026h').length > 3);
        expect(copies()).toHaveLength(1);
        process.kill(Number(/ pid (\d+)/.exec(output.text())?.[1]), signal);
        expect(await ended).toBe(0);
      } finally {
        child.kill();
      }
      const out = output.text().replace(/\r\n/g, '\n');
      expect(out.slice(out.lastIndexOf('\x1b[?2026l')), signal).toMatch(
        new RegExp(`^\\x1b\\[\\?2026l\\x1b\\[0m\\x1b\\[\\?25h[^\\x1b]* status ${status}\\nicanon\\necho\\n$`),
      );
      expect(copies(), signal).toEqual([]);
    }
  });

  it("says a file has no video stream, and names no path inside ffmpeg's words", () => {
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=d=1', '-c:a', 'pcm_s16le', file('sound.mkv')]);
    const run = (name: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bin', 'glyphcast.ts'), file(name)], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '' },
      });
    const sound = run('sound.mkv');
    expect(sound.status).toBe(1);
    expect(sound.stderr).toBe(`glyphcast: ${file('sound.mkv')}: the file has no video stream\n`);
    // a Matroska header and then garbage, in a file whose name holds ': '
    fs.writeFileSync(
      file('a: b.webm'),
      Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4000, 0x5a)]),
    );
    const damaged = run('a: b.webm');
    expect(damaged.status).toBe(1);
    expect(damaged.stderr.startsWith(`glyphcast: ${file('a: b.webm')}: the video could not be decoded`)).toBe(true);
    expect(damaged.stderr.split(dir as string)).toHaveLength(2); // the path once: in the label
  });

  it('says in one line that ffmpeg is needed when it is not installed', () => {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'bin', 'glyphcast.ts'), file('clip.webm')],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '', PATH: dir as string }, // no ffmpeg there
      },
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `glyphcast: ${file('clip.webm')}: a video: glyphcast decodes video with ffmpeg, and ffmpeg was not found: install ffmpeg, or put it on PATH\n`,
    );
  });
});

/**
 * Animated GIFs on a terminal: the real `glyphcast` process (from the sources) in a
 * pseudo-terminal (`script`). The frames expected come from the engine in-process: the Auto
 * Director tuned on the first frame, then each frame rendered as a stream (temporal filter).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { CpuExecutor, StreamState } from '../../../engine/cpu/executor.js';
import { autoTune } from '../../../engine/director/direct.js';
import { encode } from '../../../engine/encode/index.js';
import { resolveParams } from '../../../engine/index.js';
import { decodeImage } from '../../../engine/node/decode.js';
import { decodeAnimation } from '../../../engine/node/decode-animation.js';
import { planFrame } from '../../../engine/plan.js';
import { type RenderOptions, renderImage } from '../../../engine/render.js';
import { ROOT } from '../../support/cli.js';
import { glyphcastCommand, runInTerminal, startInTerminal } from '../../support/pty.js';
import { replay } from '../../support/virtual-terminal.js';

const HIDE_CURSOR = '\x1b[?25l';
const SHOW_CURSOR = '\x1b[?25h';
const BEGIN_SYNC = '\x1b[?2026h';
const END_SYNC = '\x1b[?2026l';

let dir: string;
const file = (name: string) => path.join(dir, name);

/**
 * `n` frames of a light bar moving right across a dark w x h field, 40 ms each; the bar spans
 * the top `barShare` of the height (the rest of the field never changes).
 */
async function writeGif(name: string, w: number, h: number, n: number, loop: number, barShare = 1): Promise<void> {
  const frames = Array.from({ length: n }, (_, i) => {
    const px = Buffer.alloc(w * h * 4);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const on = y < barShare * h && Math.abs(x - ((i + 0.5) * w) / n) < w / (2 * n);
        px.set(on ? [250, 200, 60, 255] : [20, 20, 70, 255], (y * w + x) * 4);
      }
    return px;
  });
  await sharp(Buffer.concat(frames), { raw: { width: w, height: h * n, channels: 4, pageHeight: h } })
    .gif({ delay: Array(n).fill(40), loop, dither: 0 }) // flat fields stay flat
    .toFile(file(name));
}

/** The frames as the terminal shows them: their lines. */
const pictures = (bodies: readonly string[]) => bodies.map((b) => b.split('\n'));

/** What a run showed, replayed on a terminal: the picture after each update, its cursor hidden meanwhile. */
function shown(out: string): string[][] {
  expect(out.startsWith(HIDE_CURSOR)).toBe(true);
  expect(out.endsWith(SHOW_CURSOR)).toBe(true);
  return replay(out).pictures;
}

/** What a run that succeeds prints on the terminal. */
function inTerminal(args: readonly string[], cols = 40, rows = 20): string {
  const { out, status } = runInTerminal(args, cols, rows);
  expect(status).toBe(0);
  return out;
}

/** The frames the player shows, from the engine: tuned on the first, then rendered as a stream. */
async function streamFrames(name: string, strings: Record<string, string>, options: RenderOptions = {}) {
  const animation = await decodeAnimation(fs.readFileSync(file(name)));
  if (!animation) throw new Error(`${name} is not an animation`);
  const params = resolveParams(strings, 'strings');
  const executor = new CpuExecutor();
  const tuned = autoTune(executor, animation.frames[0], params, options).params;
  const plan = planFrame(tuned, animation, options);
  const stream = new StreamState();
  const bodies = animation.frames.map((f) => encode(executor.render(plan, f, stream), tuned).body);
  return { bodies, rows: plan.rows };
}

/** The first frame as a still, as it prints into a pipe. */
async function still(name: string, strings: Record<string, string>, options: RenderOptions = {}) {
  const params = resolveParams(strings, 'strings');
  return `${encode(renderImage(await decodeImage(fs.readFileSync(file(name))), params, options), params).body}\n`;
}

const CLEAR_SCREEN = '\x1b[H\x1b[2J';

/**
 * Plays `args` on a 40 x 20 terminal that the shell resizes to 30 x 16 a few frames in (stty
 * sends SIGWINCH; the test says when through a fifo). With `updates`, SIGTERM ends it once that
 * many frames have been drawn after the screen was cleared; with null it ends by itself. What
 * the terminal got, newlines as written, and the status the shell saw at the end.
 */
/**
 * A FIFO through which the test tells the shell when to go on (`read` in the command waits for
 * a line): its path quoted for the shell, `send` a line, `close`. One writer is held open
 * throughout (read-write: the open does not wait for a reader), so each `read` waits for its
 * line: written and closed line by line, a second `read` that opened the FIFO before the first
 * line's writer closed read end-of-file at once.
 */
function shellSignals() {
  const fifo = file(`signals-${Math.random().toString(36).slice(2)}.fifo`);
  execFileSync('mkfifo', [fifo]);
  const fd = fs.openSync(fifo, 'r+');
  return {
    path: JSON.stringify(fifo),
    send: (line: string) => fs.writeSync(fd, `${line}\n`),
    close: () => fs.closeSync(fd),
  };
}

async function resizedWhilePlaying(args: readonly string[], updates: number | null): Promise<string> {
  const signals = shellSignals();
  const end = updates === null ? '' : `read stop < ${signals.path}; kill -TERM $!; `;
  const command =
    `stty cols 40 rows 20; ${glyphcastCommand(args)} < /dev/tty & read go < ${signals.path}; stty cols 30 rows 16; ` +
    // the shell's own report of a job a signal ended ("Terminated") kept off the terminal
    `${end}wait $! 2>/dev/null; echo " status $?"`;
  const { child, ended, output } = startInTerminal(command, 'ignore');
  const updatesAfterClear = (out: string) =>
    out.includes(CLEAR_SCREEN) ? out.slice(out.indexOf(CLEAR_SCREEN)).split(BEGIN_SYNC).length - 1 : 0;
  try {
    await output.until((out) => out.split(BEGIN_SYNC).length > 3);
    signals.send('go');
    if (updates !== null) {
      await output.until((out) => updatesAfterClear(out) >= updates);
      signals.send('stop');
    }
    expect(await ended).toBe(0);
  } finally {
    child.kill();
    signals.close();
  }
  return output.text().replace(/\r\n/g, '\n');
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-animation-'));
  await writeGif('bar.gif', 80, 40, 3, 2); // 40 columns -> 10 rows; played twice
  await writeGif('tall.gif', 40, 200, 3, 1); // 40 columns -> 100 rows at the 1:2 cell
  await writeGif('forever.gif', 80, 40, 4, 0);
  await writeGif('top.gif', 80, 40, 3, 1, 0.25); // the bar in the top quarter only
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('glyphcast on a terminal, with an animated GIF', () => {
  it('plays it as the file says (twice), each frame drawn over the last in one synchronized update, the cursor hidden meanwhile', async () => {
    const { bodies, rows } = await streamFrames('bar.gif', { columns: '40' });
    expect(rows).toBe(10);
    expect(new Set(bodies).size).toBe(3);
    const out = inTerminal([file('bar.gif')]);
    expect(shown(out)).toEqual(pictures([...bodies, ...bodies]));
    // nothing is drawn outside an update, so the terminal never shows half a frame
    expect(
      out
        .split(BEGIN_SYNC)
        .map((part, i) => (i === 0 ? part : part.split(END_SYNC)[1]))
        .join(''),
    ).toBe(HIDE_CURSOR + SHOW_CURSOR);
  });

  it('rewrites only the cells that changed since the last frame', async () => {
    // untuned: the Auto Director turns dither on here, whose error diffusion changes the flat field too
    const { bodies, rows } = await streamFrames('top.gif', { columns: '40', autoOptimize: '0' });
    const out = inTerminal(['--auto-optimize', '0', file('top.gif')]);
    expect(shown(out)).toEqual(pictures(bodies));
    const changed = (a: string, b: string) => a.split('\n').filter((line, i) => line !== b.split('\n')[i]).length;
    expect(changed(bodies[0], bodies[1])).toBeGreaterThan(0);
    expect(changed(bodies[0], bodies[1])).toBeLessThanOrEqual(rows / 2);
    // each later update writes, in each changed line, the span of cells that changed (the bar's
    // old and new places), and cursor moves: not the whole frame, nor whole lines
    const { updates } = replay(out);
    const escapes = new RegExp(`${'\x1b'}\\[[0-9;]*[A-Za-z]|\r`, 'g');
    for (const [i, update] of updates.slice(1).entries()) {
      const written = update.split('\n').filter((segment) => segment.replace(escapes, '').length > 0);
      expect(written).toHaveLength(changed(bodies[i], bodies[i + 1]));
      for (const segment of written) expect(segment.replace(escapes, '').length).toBeLessThan(40);
    }
  });

  it('prints the first frame with --still, or into a pipe, as before', async () => {
    const first = await still('bar.gif', { columns: '40' });
    expect(inTerminal(['--still', file('bar.gif')])).toBe(first);
    const piped = execFileSync('sh', ['-c', `${glyphcastCommand(['--cols', '40', file('bar.gif')])} | cat`], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect(piped).toBe(first);
  });

  it('fits a tall animation to the terminal when no size is given; a forced size too tall shows its first frame and says why', async () => {
    const out = inTerminal([file('tall.gif')], 40, 20);
    // 19 rows (the terminal's 20 less the line the cursor ends on) of a 40 x 200 image at the
    // 1:2 cell keep its aspect at 7.6 columns: 8
    const { bodies, rows } = await streamFrames('tall.gif', { columns: '8' }, { rows: 19 });
    expect(rows).toBe(19);
    expect(bodies[0].split('\n')[0]).toHaveLength(8);
    expect(shown(out)).toEqual(pictures(bodies));

    const forced = inTerminal(['--rows', '30', file('tall.gif')], 40, 20);
    const note =
      `glyphcast: ${file('tall.gif')}: showing its first frame only: the animation is 30 rows and the terminal 20 ` +
      '(one for the cursor); --rows 19 or fewer plays it\n';
    // --rows alone keeps the aspect: 30 rows are 12 columns
    expect(forced).toBe(note + (await still('tall.gif', { columns: '12' }, { rows: 30 })));
  });

  it('does not play what would wrap or could not be decoded whole: the first frame, and why', async () => {
    const wide = inTerminal(['--cols', '70', file('bar.gif')], 40, 20);
    expect(wide).toBe(
      `glyphcast: ${file('bar.gif')}: showing its first frame only: the animation is 70 columns and the terminal 40; ` +
        `--columns 40 or fewer plays it\n${await still('bar.gif', { columns: '70' })}`,
    );
    // too wide and, at the terminal's width, too tall as well: the width named fits both
    expect(inTerminal(['--cols', '70', file('tall.gif')], 40, 30).split('\n')[0]).toBe(
      `glyphcast: ${file('tall.gif')}: showing its first frame only: the animation is 70 columns and the terminal 40; ` +
        '--columns 11 or fewer plays it',
    );
    expect(inTerminal(['--cols', '70', file('tall.gif')], 40, 20).split('\n')[0]).toBe(
      `glyphcast: ${file('tall.gif')}: showing its first frame only: the animation is 70 columns and the terminal 40; ` +
        '--rows 19 without --columns plays it',
    );
    // --columns given: a height too tall is lowered through the width, the widest whose rows fit
    const tall = inTerminal(['--cols', '30', file('tall.gif')], 40, 30);
    expect(tall.split('\n')[0]).toBe(
      `glyphcast: ${file('tall.gif')}: showing its first frame only: the animation is 75 rows and the terminal 30 ` +
        '(one for the cursor); --columns 11 or fewer plays it',
    );
    // 11 columns are 28 rows (12 would be 30): the advice plays
    expect(shown(inTerminal(['--loops', '1', '--cols', '11', file('tall.gif')], 40, 30))[0]).toHaveLength(28);
    // even the narrowest width too tall: the height alone, which plays
    const tallest = inTerminal(['--cols', '30', file('tall.gif')], 40, 20);
    expect(tallest.split('\n')[0]).toBe(
      `glyphcast: ${file('tall.gif')}: showing its first frame only: the animation is 75 rows and the terminal 20 ` +
        '(one for the cursor); --rows 19 without --columns plays it',
    );
    expect(shown(inTerminal(['--loops', '1', '--rows', '19', file('tall.gif')], 40, 20))[0]).toHaveLength(19);
    // a terminal narrower than any art
    expect(inTerminal(['--cols', '8', file('tall.gif')], 5, 20).split('\n')[0]).toBe(
      `glyphcast: ${file('tall.gif')}: showing its first frame only: the animation is 8 columns and the terminal 5; ` +
        'art takes at least 8, so no width plays it here',
    );
    // the last frame's compressed data garbled: the animation cannot be decoded whole, its first frame can
    const bytes = Buffer.from(fs.readFileSync(file('bar.gif')));
    const descriptors = [...bytes.keys()].filter((i) => bytes[i] === 0x2c && bytes[i - 1] === 0x00);
    const lzw = (descriptors.at(-1) as number) + 12; // the 10-byte descriptor, the code size, the first block's length
    fs.writeFileSync(file('garbled.gif'), bytes.fill(0xff, lzw, lzw + 20));
    expect(inTerminal([file('garbled.gif')])).toBe(
      `glyphcast: ${file('garbled.gif')}: showing its first frame only: the image could not be decoded: the file is damaged or truncated\n` +
        (await still('garbled.gif', { columns: '40' })),
    );
  });

  it('says only what is wrong with an animation whose first frame does not decode either', async () => {
    const bytes = Buffer.from(fs.readFileSync(file('bar.gif')));
    const descriptors = [...bytes.keys()].filter((i) => bytes[i] === 0x2c && bytes[i - 1] === 0x00);
    const lzw = descriptors[0] + 12;
    fs.writeFileSync(file('first-garbled.gif'), bytes.fill(0xff, lzw, lzw + 20));
    expect(runInTerminal([file('first-garbled.gif')])).toEqual({
      out: `glyphcast: ${file('first-garbled.gif')}: the image could not be decoded: the file is damaged or truncated\n`,
      status: 1,
    });
  });

  it('shows the first frame on a terminal of one row, or of a size never set', async () => {
    const first = await still('bar.gif', { columns: '40' });
    expect(inTerminal(['--cols', '40', file('bar.gif')], 40, 1)).toBe(first);
    expect(inTerminal(['--cols', '40', file('bar.gif')], 0, 0)).toBe(first);
  });

  it('plays as many times as --loops says, and for at most --duration (alone: again and again until then)', async () => {
    const bar = await streamFrames('bar.gif', { columns: '40' });
    // the file says twice
    expect(shown(inTerminal(['--loops', '3', file('bar.gif')]))).toEqual(
      pictures([...bar.bodies, ...bar.bodies, ...bar.bodies]),
    );
    const forever = await streamFrames('forever.gif', { columns: '40' });
    expect(shown(inTerminal(['--loops', '1', file('forever.gif')]))).toEqual(pictures(forever.bodies));
    // without end, until the time is up: it ends by itself, its frames in order
    const timed = shown(inTerminal(['--duration', '0.4', file('forever.gif')]));
    expect(timed.length).toBeGreaterThan(0);
    expect(timed).toEqual(timed.map((_, i) => forever.bodies[i % forever.bodies.length].split('\n')));
    // a second of an animation that plays twice in 0.24 s: again and again, more than the file says
    const looped = shown(inTerminal(['--duration', '1', file('bar.gif')]));
    expect(looped.length).toBeGreaterThan(2 * bar.bodies.length);
    expect(looped).toEqual(looped.map((_, i) => bar.bodies[i % bar.bodies.length].split('\n')));
  });

  it('q ends a playback without end, leaving the frame shown; typed keys do not echo into the picture', async () => {
    const { bodies } = await streamFrames('forever.gif', { columns: '40' });
    const { child, ended, output, type } = startInTerminal(
      `stty cols 40 rows 20; ${glyphcastCommand([file('forever.gif')])}`,
    );
    const updates = (n: number) => {
      const before = output.text().split(BEGIN_SYNC).length;
      return output.until((out) => out.split(BEGIN_SYNC).length >= before + n);
    };
    try {
      await updates(2);
      // echoed, Enter would move the cursor a line down, and every later frame would be drawn a line low
      type('ab\r');
      await updates(3);
      type('q');
      expect(await ended).toBe(0);
    } finally {
      child.kill();
    }
    const out = output.text();
    const seen = shown(out.replace(/\r\n/g, '\n'));
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(seen).toEqual(seen.map((_, i) => bodies[i % bodies.length].split('\n')));
    expect(replay(out.replace(/\r\n/g, '\n')).screen).toEqual(seen.at(-1));
  });

  it('reads the keys from the terminal when the animation comes through standard input', async () => {
    const { bodies } = await streamFrames('forever.gif', { columns: '40' });
    const { child, ended, output, type } = startInTerminal(
      `stty cols 40 rows 20; ${glyphcastCommand(['-'])} < ${JSON.stringify(file('forever.gif'))}`,
    );
    try {
      await output.until((out) => out.split(BEGIN_SYNC).length > 2);
      // not echoed either: a newline would draw every later frame a line low
      type('ab\r');
      type('q');
      expect(await ended).toBe(0);
    } finally {
      child.kill();
    }
    const out = output.text().replace(/\r\n/g, '\n');
    const seen = shown(out);
    expect(seen).toEqual(seen.map((_, i) => bodies[i % bodies.length].split('\n')));
    expect(replay(out).screen).toEqual(seen.at(-1));
  });

  it('plays in the background (&) without being stopped, and reads the keys once brought to the foreground (fg)', async () => {
    // an interactive shell, for job control: the job in its own process group, not the terminal's
    const signals = shellSignals();
    const job = `${glyphcastCommand([file('forever.gif')])} & read go < ${signals.path}; jobs; fg %1; echo " status $?"`;
    const { child, ended, output, type } = startInTerminal(
      `stty cols 40 rows 20; bash --norc -i -c '${job}'`, // no single quote in the job's words
    );
    const updatesSince = (marker: string, out: string) =>
      out.includes(marker) ? out.slice(out.lastIndexOf(marker)).split(BEGIN_SYNC).length - 1 : 0;
    // put away on a timeout too (a job stopped in the background never draws, and the waits never end)
    onTestFinished(() => {
      child.kill();
      signals.close();
    });
    // frames drawn while in the background: changing the terminal's mode there would have stopped it first
    await output.until((out) => out.split(BEGIN_SYNC).length > 3);
    signals.send('go');
    // the keys are taken up within a poll of the foreground after fg: q typed every few frames till then
    let typed = 0;
    child.stdout?.on('data', () => {
      if (updatesSince('Running', output.text()) < 5 * (typed + 1)) return;
      typed++;
      type('q');
    });
    expect(await ended).toBe(0);
    const out = output.text().replace(/\r\n/g, '\n');
    expect(out).not.toContain('Stopped');
    expect(out.endsWith(`${SHOW_CURSOR} status 0\n`)).toBe(true);
  });

  it('stops, saying why, when the terminal is resized too small for the size given', async () => {
    const out = await resizedWhilePlaying(['--cols', '40', file('forever.gif')], null);
    // the last frame left on the screen, the cursor shown, why on stderr, and a plain exit
    expect(
      out.endsWith(
        `${SHOW_CURSOR}glyphcast: ${file('forever.gif')}: stopped playing: the animation is 40 columns and the ` +
          'terminal 30; --columns 30 or fewer plays it\n status 0\n',
      ),
    ).toBe(true);
  });

  it('holds, saying so, while the terminal is narrower than art can be, and plays on when it grows (a size the CLI chose)', async () => {
    const signals = shellSignals();
    const command =
      `stty cols 40 rows 20; ${glyphcastCommand([file('forever.gif')])} < /dev/tty & read go < ${signals.path}; ` +
      `stty cols 5 rows 16; read back < ${signals.path}; stty cols 40 rows 20; read stop < ${signals.path}; ` +
      'kill -TERM $!; wait $! 2>/dev/null; echo " status $?"';
    const { child, ended, output } = startInTerminal(command, 'ignore');
    onTestFinished(() => {
      child.kill();
      signals.close();
    });
    const waiting = 'glyphcast: waiting for a larger terminal (q quits): the animation is 8 columns and the terminal 5';
    const framesAfter = (marker: string, out: string) =>
      out.includes(marker) ? out.slice(out.lastIndexOf(marker)).split(BEGIN_SYNC).length - 1 : 0;
    await output.until((out) => out.split(BEGIN_SYNC).length > 3);
    signals.send('go');
    // one line, wrapped by the terminal only as it shows it
    await output.until((out) => out.includes(waiting));
    signals.send('back');
    // drawn again, fitted to the terminal grown back: the playback did not end
    await output.until((out) => framesAfter('(q quits)', out) >= 3);
    signals.send('stop');
    expect(await ended).toBe(0);
    expect(output.text()).not.toContain('stopped playing');
  });

  it('fits the picture again to a terminal resized while it plays, drawn anew at the top', async () => {
    // motionSensitivity 1: each frame as it is, so a frame's art does not depend on when the resize came
    const args = ['--motion-sensitivity', '1', file('forever.gif')];
    const animation = await decodeAnimation(fs.readFileSync(file('forever.gif')));
    if (!animation) throw new Error('not an animation');
    const params = resolveParams({ columns: '40', motionSensitivity: '1' }, 'strings');
    const executor = new CpuExecutor();
    const tuned = autoTune(executor, animation.frames[0], params, {}).params;
    // the size the CLI chose follows the terminal: 30 columns (8 rows) once it is 30 x 16
    const plan = planFrame({ ...tuned, columns: 30 }, animation, {});
    expect(plan.rows).toBe(8);
    const resizedFrames = animation.frames.map((f) =>
      encode(executor.render(plan, f, new StreamState()), tuned).body.split('\n'),
    );
    const out = await resizedWhilePlaying(args, 4);
    expect(out.endsWith(`${SHOW_CURSOR} status 143\n`)).toBe(true);
    const after = replay(out.slice(out.indexOf(CLEAR_SCREEN))).pictures;
    expect(after.length).toBeGreaterThanOrEqual(4);
    for (const picture of after) expect(resizedFrames).toContainEqual(picture);
  });

  it('Ctrl-C while it plays without end puts the colors, the cursor and the keyboard back', async () => {
    // the status and the terminal's line mode, as the shell sees them after the run
    const after = 'echo " status $?"; stty -a | tr " " "\\n" | grep -x -- "-\\?icanon\\|-\\?echo"';
    const { child, ended, output, type } = startInTerminal(
      `stty cols 40 rows 20; ${glyphcastCommand(['--color', file('forever.gif')])}; ${after}`,
    );
    try {
      // a few frames in, press Ctrl-C
      await output.until((out) => out.split(BEGIN_SYNC).length > 5);
      type('\x03');
      expect(await ended).toBe(0);
    } finally {
      child.kill();
    }
    // raw mode while it played: Ctrl-C came as a byte, and was raised as the signal
    expect(output.text().replace(/\r\n/g, '\n').endsWith(`\x1b[0m${SHOW_CURSOR} status 130\nicanon\necho\n`)).toBe(
      true,
    );
  });

  it('SIGHUP, SIGQUIT and Ctrl-\\ while it plays put the colors, the cursor and the keyboard back too, then it dies of the signal', async () => {
    // the status and the terminal's line mode, as the shell sees them after the run; no core dump on SIGQUIT
    const after = 'echo " status $?"; stty -a | tr " " "\\n" | grep -x -- "-\\?icanon\\|-\\?echo\\|-\\?isig"';
    // the process says its id, then is replaced by glyphcast (exec: the same id, in the foreground);
    // it plays for 15 s unless the signal ends it (a run that missed it then fails on its status)
    const play = glyphcastCommand(['--color', '--duration', '15', file('forever.gif')]);
    const command = `sh -c 'echo " pid $$"; exec "$@"' sh ${play}`;
    for (const [end, status, label] of [
      ['SIGHUP', 129, 'SIGHUP'],
      ['SIGQUIT', 131, 'SIGQUIT'],
      ['\x1c', 131, 'Ctrl-\\'], // typed: a byte in raw mode, raised as SIGQUIT (as Ctrl-C is raised as SIGINT)
    ] as const) {
      const { child, ended, output, type } = startInTerminal(`stty cols 40 rows 20; ulimit -c 0; ${command}; ${after}`);
      try {
        await output.until((out) => out.split(BEGIN_SYNC).length > 5);
        const pid = Number(/ pid (\d+)/.exec(output.text())?.[1]);
        if (end.startsWith('SIG')) process.kill(pid, end);
        else type(end);
        expect(await ended, label).toBe(0);
      } finally {
        child.kill();
      }
      const out = output.text().replace(/\r\n/g, '\n');
      // after the last frame: the colors reset and the cursor shown (the shell may name the signal before the status)
      const tail = out.slice(out.lastIndexOf(END_SYNC) + END_SYNC.length);
      expect(tail.startsWith(`\x1b[0m${SHOW_CURSOR}`), `${label}: ${JSON.stringify(tail)}`).toBe(true);
      // cooked mode again: no longer raw (-icanon -echo -isig)
      expect(tail.endsWith(` status ${status}\nisig\nicanon\necho\n`), `${label}: ${JSON.stringify(tail)}`).toBe(true);
    }
  });
});

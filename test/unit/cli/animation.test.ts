/**
 * Animated GIFs on a terminal: the real `glyphcast` process (from the sources) in a
 * pseudo-terminal (`script`). The frames expected come from the engine in-process: the Auto
 * Director tuned on the first frame, then each frame rendered as a stream (temporal filter).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CpuExecutor, StreamState } from '../../../engine/cpu/executor.js';
import { autoTune } from '../../../engine/director/direct.js';
import { encode } from '../../../engine/encode/index.js';
import { decodeImage } from '../../../engine/node/decode.js';
import { decodeAnimation } from '../../../engine/node/decode-animation.js';
import { resolveParams } from '../../../engine/params.js';
import { planFrame } from '../../../engine/plan.js';
import { type RenderOptions, renderImage } from '../../../engine/render.js';
import { ROOT } from '../../support/cli.js';

const HIDE_CURSOR = '\x1b[?25l';
const SHOW_CURSOR = '\x1b[?25h';
const up = (rows: number) => `\x1b[${rows}A\r`;

let dir: string;
const file = (name: string) => path.join(dir, name);

/** `n` frames of a light bar moving right across a dark w x h field, 40 ms each. */
async function writeGif(name: string, w: number, h: number, n: number, loop: number): Promise<void> {
  const frames = Array.from({ length: n }, (_, i) => {
    const px = Buffer.alloc(w * h * 4);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const on = Math.abs(x - ((i + 0.5) * w) / n) < w / (2 * n);
        px.set(on ? [250, 200, 60, 255] : [20, 20, 70, 255], (y * w + x) * 4);
      }
    return px;
  });
  await sharp(Buffer.concat(frames), { raw: { width: w, height: h * n, channels: 4, pageHeight: h } })
    .gif({ delay: Array(n).fill(40), loop })
    .toFile(file(name));
}

const shell = (args: readonly string[]) =>
  [process.execPath, '--import', 'tsx', path.join(ROOT, 'bin', 'glyphcast.ts'), ...args]
    .map((a) => JSON.stringify(a))
    .join(' ');

/**
 * What the CLI prints on a terminal `cols` x `rows` (stdout and stderr, as the terminal shows
 * them), and its exit status.
 */
function runInTerminal(args: readonly string[], cols = 40, rows = 20): { out: string; status: number | null } {
  const command = `stty cols ${cols} rows ${rows}; ${shell(args)}`;
  const r = spawnSync('script', ['-qec', command, '/dev/null'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', TERM: 'xterm-256color', COLORTERM: 'truecolor' },
  });
  // the terminal's line discipline writes each newline as CR LF
  return { out: r.stdout.replace(/\r\n/g, '\n'), status: r.status };
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

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-animation-'));
  await writeGif('bar.gif', 80, 40, 3, 2); // 40 columns -> 10 rows; played twice
  await writeGif('tall.gif', 40, 200, 3, 1); // 40 columns -> 100 rows at the 1:2 cell
  await writeGif('forever.gif', 80, 40, 4, 0);
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('glyphcast on a terminal, with an animated GIF', () => {
  it('plays it as the file says (twice), each frame drawn over the last, the cursor hidden meanwhile', async () => {
    const { bodies, rows } = await streamFrames('bar.gif', { columns: '40' });
    expect(rows).toBe(10);
    expect(new Set(bodies).size).toBe(3);
    const shown = [...bodies, ...bodies].map((b, i) => `${i > 0 ? up(rows) : ''}${b}\n`).join('');
    expect(inTerminal([file('bar.gif')])).toBe(`${HIDE_CURSOR}${shown}${SHOW_CURSOR}`);
  });

  it('prints the first frame with --still, or into a pipe, as before', async () => {
    const first = await still('bar.gif', { columns: '40' });
    expect(inTerminal(['--still', file('bar.gif')])).toBe(first);
    const piped = execFileSync('sh', ['-c', `${shell(['--cols', '40', file('bar.gif')])} | cat`], {
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
    expect(out).toBe(`${HIDE_CURSOR}${bodies.map((b, i) => `${i > 0 ? up(19) : ''}${b}\n`).join('')}${SHOW_CURSOR}`);

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
    // --columns given: a height too tall is lowered through the width
    const tall = inTerminal(['--cols', '30', file('tall.gif')], 40, 20);
    expect(tall.split('\n')[0]).toBe(
      `glyphcast: ${file('tall.gif')}: showing its first frame only: the animation is 75 rows and the terminal 20 ` +
        '(one for the cursor); --columns 8 or fewer plays it',
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

  it('Ctrl-C while it plays without end puts the colors and the cursor back', async () => {
    const child = spawn(
      'script',
      ['-qec', `stty cols 40 rows 20; ${shell(['--color', file('forever.gif')])}`, '/dev/null'],
      {
        cwd: ROOT,
        env: { ...process.env, NODE_OPTIONS: '', TERM: 'xterm-256color', COLORTERM: 'truecolor' },
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    let out = '';
    const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        // a few frames in (each after the first starts by moving the cursor up), press Ctrl-C
        if (out.split(up(10)).length > 5) resolve();
      });
    });
    child.stdin.write('\x03');
    expect(await ended).toBe(130);
    expect(out.endsWith(`\x1b[0m${SHOW_CURSOR}`)).toBe(true);
  });
});

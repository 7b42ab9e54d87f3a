/**
 * The real `glyphcast` process, spawned from the sources (tsx) and, in the last block, from
 * the build (dist/bin/glyphcast.cjs). Expected art comes from the in-process pipeline
 * (decode, render, encode), never from hard-coded strings.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kebabCase } from '../../../bin/cli/args.js';
import { MAX_INPUT_BYTES } from '../../../bin/cli/io.js';
import { encode } from '../../../engine/encode/index.js';
import { describeExpected, PARAMS, resolveParams } from '../../../engine/index.js';
import { decodeImage } from '../../../engine/node/decode.js';
import { type RenderOptions, renderImage } from '../../../engine/render.js';
import { BAD_DIR, BAD_FIXTURES } from '../../../scripts/make-bad-fixtures.js';
import { type CliResult, DIST_BIN, ROOT, runCli, STACK_TRACE } from '../../support/cli.js';
import { glyphcastCommand, runInTerminal, TERMINAL_ENV } from '../../support/pty.js';

/** The escape character that starts every SGR. */
const ESC = '\x1b';

let dir: string;
const file = (name: string) => path.join(dir, name);

/** A w x h gradient with a color band, as PNG or JPEG. */
async function writeImage(name: string, width: number, height: number): Promise<void> {
  const px = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      px.set([(x * 255) / (width - 1), (y * 255) / (height - 1), x < width / 2 ? 200 : 40], (y * width + x) * 3);
    }
  const img = sharp(px, { raw: { width, height, channels: 3 } });
  await (name.endsWith('.jpg') ? img.jpeg() : img.png()).toFile(file(name));
}

/** What the CLI must print for one file: the in-process pipeline's body and a newline. */
async function expected(name: string, strings: Record<string, string> = {}, options: RenderOptions = {}) {
  const params = resolveParams(strings, 'strings');
  const image = await decodeImage(fs.readFileSync(name.startsWith('/') ? name : file(name)));
  return `${encode(renderImage(image, params, options), params).body}\n`;
}

/** One line on stderr, starting `glyphcast: `, and no trace of a stack. */
function expectOneLineError(r: CliResult, status: number, message?: string | RegExp) {
  expect(r.status).toBe(status);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/^glyphcast: [^\n]+\n$/);
  expect(r.stderr).not.toMatch(STACK_TRACE);
  if (typeof message === 'string') expect(r.stderr).toBe(`glyphcast: ${message}\n`);
  else if (message) expect(r.stderr).toMatch(message);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-cli-'));
  await writeImage('wide.png', 64, 32); // 16 columns -> 4 rows at the 1:2 cell
  await writeImage('square.jpg', 48, 48);
  await writeImage('tall.png', 20, 60);
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('glyphcast (from the sources)', () => {
  it('--help lists every parameter, on stdout, exit 0', async () => {
    const r = await runCli(['--help']);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    for (const p of PARAMS) {
      expect(r.stdout).toContain(`--${kebabCase(p.name)}`);
      expect(r.stdout).toContain(
        `${p.kind.type === 'boolean' ? 'true or false' : describeExpected(p.kind)}; default ${p.default}`,
      );
    }
  });

  it('--version prints the package version', async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(await runCli(['--version'])).toEqual({ status: 0, stdout: `glyphcast ${version}\n`, stderr: '' });
  });

  it('renders one file to stdout: the encoder body and a newline', async () => {
    const r = await runCli(['--cols', '16', file('wide.png')]);
    expect(r).toEqual({ status: 0, stdout: await expected('wide.png', { columns: '16' }), stderr: '' });
    expect(r.stdout.split('\n')).toHaveLength(4 + 1); // rows from the aspect: 16 x (32 / 64) x 0.5 = 4
  });

  it('honors --rows and --cell-aspect', async () => {
    const rows = await runCli(['--cols', '16', '--rows', '7', file('wide.png')]);
    expect(rows.status).toBe(0);
    expect(rows.stdout).toBe(await expected('wide.png', { columns: '16' }, { rows: 7 }));
    expect(rows.stdout.split('\n')).toHaveLength(7 + 1);
    const aspect = await runCli(['--cols', '16', '--cell-aspect', '1', file('wide.png')]);
    expect(aspect.stdout.split('\n')).toHaveLength(8 + 1);
  });

  it('--rows without --columns sets the size by the height: the width keeps the image aspect', async () => {
    // 64 x 32 at 3 rows of 1:2 cells: 3 x (64 / 32) / 0.5 = 12 columns, not the default 120
    const r = await runCli(['--rows', '3', file('wide.png')]);
    expect(r).toEqual({ status: 0, stdout: await expected('wide.png', { columns: '12' }, { rows: 3 }), stderr: '' });
    // 20 x 60 at 6 rows would be 4 columns, under the range's 8: refused, not stretched without a word
    expectOneLineError(
      await runCli(['--rows', '6', file('tall.png')]),
      1,
      /tall\.png: at --rows 6 the image's aspect needs 4 columns, fewer than the 8 art takes: give --rows 12 or more, or --columns too, to stretch it\n$/,
    );
    expect(
      JSON.parse((await runCli(['--rows', '12', '--format', 'json-compact', file('tall.png')])).stdout),
    ).toMatchObject({
      columns: 8,
      rows: 12,
    });
    // 64 x 32 at 201 rows would be 804 columns, over the range's 400
    expectOneLineError(
      await runCli(['--rows', '201', file('wide.png')]),
      1,
      /wide\.png: at --rows 201 the image's aspect needs 804 columns, more than the 400 it may take: give --rows 100 or fewer, or --columns too, to stretch it\n$/,
    );
    // given both, both hold
    const both = await runCli(['--rows', '3', '--cols', '40', file('wide.png')]);
    expect(both.stdout.split('\n')[0]).toHaveLength(40);
  });

  it('passes every flag through to the render: --color prints ansi, --format picks the encoder', async () => {
    const ansi = await runCli([file('square.jpg'), '--columns=12', '--color', '--charset', 'blocks']);
    expect(ansi.stdout).toBe(
      await expected('square.jpg', { columns: '12', color: 'true', charset: 'blocks', format: 'ansi' }),
    );
    expect(ansi.stdout).toContain('\x1b[38;2;');
    const json = await runCli([
      file('square.jpg'),
      '--cols',
      '12',
      '--format',
      'json',
      '--edge-strength',
      '3',
      '--edges',
    ]);
    expect(JSON.parse(json.stdout).params).toMatchObject({ columns: 12, edgeStrength: 3, edges: true, format: 'json' });
  });

  it('reads the image from standard input with -', async () => {
    const r = await runCli(['--cols', '16', '-'], { stdin: fs.readFileSync(file('wide.png')) });
    expect(r).toEqual({ status: 0, stdout: await expected('wide.png', { columns: '16' }), stderr: '' });
  });

  it('reads a named pipe whole, once: its bytes are not lost to a look at what it holds', async () => {
    const fifo = file('image.fifo');
    execFileSync('mkfifo', [fifo]);
    const run = runCli(['--cols', '16', fifo]);
    // opening the pipe for writing waits for the CLI to open it for reading
    await fs.promises.writeFile(fifo, fs.readFileSync(file('wide.png')));
    expect(await run).toEqual({ status: 0, stdout: await expected('wide.png', { columns: '16' }), stderr: '' });
  });

  it('says an empty input is empty, on a terminal as into a pipe', async () => {
    const empty = file('empty.png');
    fs.writeFileSync(empty, '');
    expectOneLineError(await runCli([empty]), 1, `${empty}: the image is empty (0 bytes)`);
    for (const [args, stdin] of [[[empty]], [['-'], '/dev/null']] as const) {
      const { out, status } = runInTerminal(args, 40, 20, stdin);
      const name = args[0] === '-' ? '(stdin)' : empty;
      expect({ out, status }).toEqual({ out: `glyphcast: ${name}: the image is empty (0 bytes)\n`, status: 1 });
    }
  });

  it('- with standard input on the terminal is refused at once, not waited on', () => {
    expect(runInTerminal(['-'], 40, 20)).toEqual({
      out: 'glyphcast: (stdin): standard input is a terminal, not an image: pipe one in (cat photo.jpg | glyphcast -)\n',
      status: 1,
    });
  });

  it('on a dumb terminal (TERM=dumb) an animation shows its first frame, with no cursor moves', async () => {
    const [w, h] = [32, 16];
    const frames = [0, 1].map((i) => Buffer.alloc(w * h * 4, i === 0 ? 40 : 220));
    await sharp(Buffer.concat(frames), { raw: { width: w, height: h * 2, channels: 4, pageHeight: h } })
      .gif({ delay: [40, 40], loop: 0 })
      .toFile(file('blink.gif'));
    const command = `stty cols 40 rows 20; TERM=dumb ${glyphcastCommand(['--cols', '16', file('blink.gif')])}`;
    const out = execFileSync('script', ['-qec', command, '/dev/null'], {
      encoding: 'utf8',
      env: TERMINAL_ENV,
      timeout: 30_000,
    });
    expect(out.replace(/\r\n/g, '\n')).toBe(await expected('blink.gif', { columns: '16' }));
  });

  it('renders many files in one process, in order', async () => {
    const names = ['wide.png', 'square.jpg', 'tall.png', 'wide.png'];
    const r = await runCli(['--cols', '10', ...names.map(file)]);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    const each = await Promise.all(names.map((n) => expected(n, { columns: '10' })));
    expect(r.stdout).toBe(each.join(''));
  });

  it('writes -o FILE, taking the format from its extension', async () => {
    const out = file('out/one.html');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const r = await runCli(['--cols', '16', '--color', file('wide.png'), '-o', out]);
    expect(r).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(fs.readFileSync(out, 'utf8')).toBe(
      await expected('wide.png', { columns: '16', color: 'true', format: 'html' }),
    );
  });

  it('writes one file per input into --out-dir, named after the inputs with the format extension', async () => {
    const out = file('many');
    const r = await runCli(['--cols', '12', '--format', 'svg', '--out-dir', out, file('wide.png'), file('square.jpg')]);
    expect(r).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(fs.readdirSync(out).sort()).toEqual(['square.svg', 'wide.svg']);
    expect(fs.readFileSync(path.join(out, 'square.svg'), 'utf8')).toBe(
      await expected('square.jpg', { columns: '12', format: 'svg' }),
    );
  });

  it('exits 1 with the reason when the --out-dir folder cannot be made (a file, a place that takes none)', async () => {
    fs.writeFileSync(file('plain-file'), 'x');
    expectOneLineError(
      await runCli(['--out-dir', file('plain-file'), file('wide.png')]),
      1,
      /cannot create the folder .*plain-file: a file of that name exists/,
    );
    expectOneLineError(
      await runCli(['--out-dir', file('plain-file/sub'), file('wide.png')]),
      1,
      /cannot create the folder .*plain-file\/sub: a part of the path is not a directory/,
    );
    // Node 20's own recursive mkdir spins forever here
    expectOneLineError(
      await runCli(['--out-dir', '/proc/glyphcast-out/sub', file('wide.png')]),
      1,
      'cannot create the folder /proc/glyphcast-out/sub: no such file or directory',
    );
  });

  it('refuses two inputs that would write the same file, before rendering anything', async () => {
    fs.copyFileSync(file('wide.png'), file('twin.png'));
    fs.mkdirSync(file('sub'), { recursive: true });
    fs.copyFileSync(file('wide.png'), file('sub/twin.png'));
    const out = file('twins');
    const r = await runCli(['--out-dir', out, file('twin.png'), file('sub/twin.png')]);
    expectOneLineError(r, 2, /would both be written to .*twin\.txt/);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('refuses an output that would overwrite an input (a PNG named .txt, a link to it), writing nothing', async () => {
    const sub = file('overwrite');
    fs.mkdirSync(sub);
    const image = path.join(sub, 'pic.txt');
    fs.copyFileSync(file('wide.png'), image);
    fs.symlinkSync(image, path.join(sub, 'link.txt'));
    const before = fs.readFileSync(image);
    for (const args of [
      ['--out-dir', sub, image],
      ['-o', image, image],
      ['-o', path.join(sub, 'link.txt'), image],
      ['--out-dir', sub, file('wide.png'), image],
    ]) {
      expectOneLineError(await runCli(args), 2, /: the output .*\.txt would overwrite the input .*pic\.txt\n$/);
      expect(fs.readFileSync(image)).toEqual(before);
    }
  });

  it('exits 2 with one clear line for a bad flag, a bad value, a missing value or no input', async () => {
    expectOneLineError(
      await runCli(['--colour', file('wide.png')]),
      2,
      'unknown option --colour (did you mean --color?)',
    );
    expectOneLineError(
      await runCli(['--columns', '500', file('wide.png')]),
      2,
      '--columns: expected an integer from 8 to 400, received "500"',
    );
    expectOneLineError(await runCli([file('wide.png'), '--rows']), 2, '--rows needs a value (see glyphcast --help)');
    expectOneLineError(await runCli([]), 2, /no input image/);
  });

  it('never writes a control character of what it quotes to stderr (a file name met by a glob drives no terminal)', async () => {
    // `glyphcast *` in a folder holding a file named like this passes it as an option
    const osc = '\x1b]52;c;cHduZWQ\x07';
    const named = '--\\u001b]52;c;cHduZWQ\\u0007.png';
    expectOneLineError(
      await runCli([`--${osc}.png`]),
      2,
      `unknown option ${named} (for a file of that name, write ./${named}, or -- before it)`,
    );
    expectOneLineError(
      await runCli([`--x${osc}=1`, file('wide.png')]),
      2,
      'unknown option --x\\u001b]52;c;cHduZWQ\\u0007',
    );
    expectOneLineError(await runCli(['-o', `art.\x1b[2J`, file('wide.png')]), 2, /^glyphcast: -o art\.\\u001b\[2J: /);
    // C1 controls too: U+009B is CSI to a terminal that reads 8-bit controls
    const r = await runCli([file('\u009b31mred.png')]);
    expectOneLineError(r, 1, /^glyphcast: ".*\\u009b31mred\.png": no such file or directory\n$/);
  });

  it('exits 2, writing nothing, for a flag given twice or an -o extension that names no format', async () => {
    expectOneLineError(
      await runCli(['--cols', '10', '--columns=12', file('wide.png')]),
      2,
      '--columns given twice (as --cols and --columns): give each option once',
    );
    const out = file('out/art.xyz');
    expectOneLineError(
      await runCli(['-o', out, file('wide.png')]),
      2,
      /^glyphcast: -o .*art\.xyz: the extension \.xyz names no format \(known: .*\); give --format/,
    );
    expect(fs.existsSync(out)).toBe(false);
  });

  it('exits 1 with one clear line for a missing file, a folder, or a file that is not an image', async () => {
    expectOneLineError(await runCli([file('nope.png')]), 1, `${file('nope.png')}: no such file or directory`);
    expectOneLineError(await runCli([dir]), 1, `${dir}: is a directory`);
    // a web address (jp2a fetches one): how to give it
    const address = 'https://images.example/cat.png?size=large&x=1';
    expectOneLineError(
      await runCli([address]),
      1,
      `${address}: no such file or directory (glyphcast reads files: curl -sL '${address}' | glyphcast -)`,
    );
    const cli = ['--import', 'tsx', 'bin/glyphcast.ts', '-'].map((a) => JSON.stringify(a)).join(' ');
    const fromFolder = `${JSON.stringify(process.execPath)} ${cli} < ${JSON.stringify(dir)} 2>&1; echo "exit $?"`;
    expect(execFileSync('bash', ['-c', fromFolder], { cwd: ROOT, encoding: 'utf8' })).toBe(
      'glyphcast: (stdin): is a directory\nexit 1\n',
    );
    const text = path.join(BAD_DIR, 'sniff-text.txt');
    expectOneLineError(
      await runCli([text]),
      1,
      `${text}: the data is not an image in a supported format (PNG, JPEG, WebP, GIF, TIFF, AVIF, BMP, PBM, PGM, PPM, PAM)`,
    );
  });

  it('reads a pipe or a file on standard input when no input is named, as -; /dev/null is still no input', () => {
    const cli = ['--import', 'tsx', 'bin/glyphcast.ts', '--columns', '16'].map((a) => JSON.stringify(a)).join(' ');
    const glyphcast = `${JSON.stringify(process.execPath)} ${cli}`;
    const png = JSON.stringify(file('wide.png'));
    const run = (cmd: string) =>
      execFileSync('bash', ['-c', `${cmd} 2>&1; echo "exit $?"`], { cwd: ROOT, encoding: 'utf8' });
    const named = run(`${glyphcast} - < ${png}`);
    expect(named).toMatch(/^[^\n]{16}\n[\s\S]*exit 0\n$/);
    expect(run(`cat ${png} | ${glyphcast}`)).toBe(named);
    expect(run(`${glyphcast} < ${png}`)).toBe(named);
    expect(run(`${glyphcast} < /dev/null`)).toMatch(/^glyphcast: no input image .*\nexit 2\n$/);
  });

  it('says why a file whose name is not UTF-8 cannot be found: Node mangles it', () => {
    fs.writeFileSync(Buffer.from(`${file('bad')}\xffname.png`, 'latin1'), fs.readFileSync(file('wide.png')));
    // bash's $'...' passes the byte 0xff as it is, which no Node string can
    const cli = ['--import', 'tsx', 'bin/glyphcast.ts'].map((a) => JSON.stringify(a)).join(' ');
    const cmd = `${JSON.stringify(process.execPath)} ${cli} ${JSON.stringify(file('bad'))}$'\\xffname.png' 2>&1; echo "exit $?"`;
    const out = execFileSync('bash', ['-c', cmd], { cwd: ROOT, encoding: 'utf8' });
    expect(out).toBe(
      `glyphcast: ${file('bad')}\ufffdname.png: no such file or directory (the name is not valid UTF-8, which Node cannot pass on: rename the file, or use - < FILE)\nexit 1\n`,
    );
  });

  it('refuses an endless or oversized input without reading it all, and names odd paths on one line', async () => {
    // a device that never ends: refused once MAX_INPUT_BYTES have come, not read into memory forever
    expectOneLineError(
      await runCli(['/dev/zero']),
      1,
      `/dev/zero: more than ${MAX_INPUT_BYTES / 1024 / 1024} MiB, larger than any image glyphcast reads`,
    );
    // a sparse file larger than the cap: refused by its size, before any read
    const huge = file('huge.png');
    fs.closeSync(fs.openSync(huge, 'w'));
    fs.truncateSync(huge, MAX_INPUT_BYTES + 1);
    expectOneLineError(await runCli([huge]), 1, /huge\.png: more than 256 MiB/);
    const odd = file('bad\nname.png');
    fs.writeFileSync(odd, 'not an image');
    expectOneLineError(await runCli([odd]), 1, /^glyphcast: ".*bad\\nname\.png": the data is not an image/);
  });

  it('renders a photo over the 40 MP decode limit (a 48 MP phone camera), shrunk to fit as it loads', async () => {
    const photo = file('phone-48mp.jpg');
    await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#4080c0' } })
      .jpeg()
      .toFile(photo);
    const r = await runCli(['--columns', '40', photo]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toHaveLength(40);
  }, 30_000);

  it('exits 1 for an image the grid cannot hold at the --columns given, naming the limit', async () => {
    const column = path.join(BAD_DIR, 'render-1x300.png');
    expectOneLineError(
      await runCli(['--columns', '120', column]),
      1,
      /render-1x300\.png: .* needs 18000 rows; the limit is 2000: at most 13 columns fit \(or set the height with --rows\)\n$/,
    );
  });

  it('without --columns, narrows its own width for an image too tall at it, to the widest that fits', async () => {
    const column = path.join(BAD_DIR, 'render-1x300.png');
    const r = await runCli([column]);
    expect(r).toEqual({ status: 0, stdout: await expected(column, { columns: '13' }), stderr: '' });
    expect(r.stdout.split('\n')).toHaveLength(1950 + 1);
  });

  it('keeps going after a bad input: the others render, the bad one is reported, exit 1', async () => {
    const r = await runCli(['--cols', '10', file('wide.png'), file('nope.png'), file('square.jpg')]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe(
      (await expected('wide.png', { columns: '10' })) + (await expected('square.jpg', { columns: '10' })),
    );
    expect(r.stderr).toBe(`glyphcast: ${file('nope.png')}: no such file or directory\n`);
  });

  it('runs the whole bad-input corpus in one process: renders or one clear line each, never a crash', async () => {
    const files = BAD_FIXTURES.map((f) => path.join(BAD_DIR, f.file));
    const r = await runCli(['--cols', '8', ...files]);
    expect(r.status).toBe(1);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    const failing = BAD_FIXTURES.filter((f) => f.expect !== 'renders');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(failing.length);
    failing.forEach((f, k) => {
      expect(lines[k].startsWith(`glyphcast: ${path.join(BAD_DIR, f.file)}: `)).toBe(true);
    });
    const rendered = await Promise.all(
      BAD_FIXTURES.filter((f) => f.expect === 'renders').map((f) =>
        expected(path.join(BAD_DIR, f.file), { columns: '8' }),
      ),
    );
    expect(r.stdout).toBe(rendered.join(''));
  });

  it('stops quietly when the reader goes away (glyphcast ... | head -n 1)', () => {
    const args = ['--import', 'tsx', 'bin/glyphcast.ts', '--cols', '60', ...Array(20).fill(file('tall.png'))];
    const cmd = `${JSON.stringify(process.execPath)} ${args.map((a) => JSON.stringify(a)).join(' ')} 2>&1 | head -n 1`;
    const out = execFileSync('bash', ['-c', cmd], { cwd: ROOT, encoding: 'utf8' });
    expect(out.split('\n').filter(Boolean)).toHaveLength(1);
    expect(out).not.toMatch(STACK_TRACE);
  });

  it('exits 1 when standard output cannot be written (a full disk), saying so in one line', () => {
    for (const flags of [['--cols', '8', file('tall.png')], ['--help'], ['--version']]) {
      const args = ['--import', 'tsx', 'bin/glyphcast.ts', ...flags];
      const cmd = `${JSON.stringify(process.execPath)} ${args.map((a) => JSON.stringify(a)).join(' ')} 2>&1 > /dev/full; echo "exit $?"`;
      const out = execFileSync('bash', ['-c', cmd], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      expect([flags, out]).toEqual([
        flags,
        'glyphcast: cannot write to standard output: no space left on the device\nexit 1\n',
      ]);
    }
  });

  it('--help and --version into a reader that went away end quietly, exit 0', () => {
    for (const flag of ['--help', '--version']) {
      const args = ['--import', 'tsx', 'bin/glyphcast.ts', flag];
      // `true` exits without reading: the write meets a closed pipe
      const cmd = `${JSON.stringify(process.execPath)} ${args.map((a) => JSON.stringify(a)).join(' ')} 2>/tmp/gc-epipe.$$ | true; echo "exit \${PIPESTATUS[0]}"; cat /tmp/gc-epipe.$$; rm -f /tmp/gc-epipe.$$`;
      const out = execFileSync('bash', ['-c', cmd], { cwd: ROOT, encoding: 'utf8' });
      expect([flag, out]).toEqual([flag, 'exit 0\n']);
    }
  });
});

describe('glyphcast (the build, dist/bin/glyphcast.cjs, run as an executable)', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-node.mjs')], { cwd: ROOT, stdio: 'pipe' });
  }, 120_000);

  it('starts with the node shebang and is executable', () => {
    expect(fs.readFileSync(DIST_BIN, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(fs.statSync(DIST_BIN).mode & 0o111).not.toBe(0);
  });

  // Node 22.1 and later keep the code in their own compile cache (bin/glyphcast.ts)
  it.skipIf('enableCompileCache' in module)(
    'writes its code cache after a render, not after --version (whose cache would lack the renderer)',
    async () => {
      const env = { XDG_CACHE_HOME: fs.mkdtempSync(path.join(os.tmpdir(), 'glyphcast-cache-')) };
      const cacheDir = path.join(env.XDG_CACHE_HOME, 'glyphcast');
      try {
        expect((await runCli(['--version'], { entry: 'dist', env })).status).toBe(0);
        expect(fs.existsSync(cacheDir)).toBe(false);
        const first = await runCli([file('wide.png')], { entry: 'dist', env });
        const [cache] = fs.readdirSync(cacheDir);
        expect(cache).toMatch(/^cli-[0-9a-f]{20}-\d+-\d+-v[\d.]+-\w+\.v8$/);
        const written = fs.statSync(path.join(cacheDir, cache)).mtimeMs;
        // the next run reads it, prints the same, and leaves it as it was
        expect(await runCli([file('wide.png')], { entry: 'dist', env })).toEqual(first);
        expect(fs.readdirSync(cacheDir)).toEqual([cache]);
        expect(fs.statSync(path.join(cacheDir, cache)).mtimeMs).toBe(written);
      } finally {
        fs.rmSync(env.XDG_CACHE_HOME, { recursive: true, force: true });
      }
    },
  );

  it('prints --help and --version', async () => {
    const help = await runCli(['--help'], { entry: 'dist' });
    expect(help.status).toBe(0);
    expect(help.stdout).toBe((await runCli(['--help'])).stdout);
    expect((await runCli(['-V'], { entry: 'dist' })).stdout).toMatch(/^glyphcast \d+\.\d+\.\d+\n$/);
  });

  it('prints art as wide as the terminal it runs in (a pseudo-terminal of 57 columns, through script)', async () => {
    const command = `stty cols 57 rows 20; ${JSON.stringify(DIST_BIN)} ${JSON.stringify(file('wide.png'))}`;
    const stdout = execFileSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', env: TERMINAL_ENV });
    const lines = stdout.split('\r\n').filter((l) => l.length > 0);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line).toHaveLength(57);
    // --rows alone: the width keeps the aspect, at most the terminal's; 40 rows of 64 x 32 would be
    // 160 columns, so it is refused with the heights that fit, not stretched to 57
    const byRows = `stty cols 57 rows 20; ${JSON.stringify(DIST_BIN)} --rows 40 ${JSON.stringify(file('wide.png'))}`;
    const refused = execFileSync('script', ['-qec', `${byRows}; echo "exit $?"`, '/dev/null'], {
      encoding: 'utf8',
      env: TERMINAL_ENV,
    });
    expect(refused).toContain(
      'needs 160 columns, more than the 57 it may take: give --rows 14 or fewer, or --columns too',
    );
    expect(refused).toContain('exit 1');
    const fitting = `stty cols 57 rows 20; ${JSON.stringify(DIST_BIN)} --rows 14 ${JSON.stringify(file('wide.png'))}`;
    const rowsLines = execFileSync('script', ['-qec', fitting, '/dev/null'], { encoding: 'utf8', env: TERMINAL_ENV })
      .split('\r\n')
      .filter((l) => l.length > 0);
    expect(rowsLines).toHaveLength(14);
    for (const line of rowsLines) expect(line).toHaveLength(56);
    // the same command into a pipe keeps the default width
    const piped = await runCli([file('wide.png')], { entry: 'dist' });
    expect(piped.stdout.split('\n')[0]).toHaveLength(120);
  });

  it('fits a still whole on the terminal (its rows less the prompt), as chafa does; a size given is kept', () => {
    const onTerminal = (args: string) =>
      execFileSync('script', ['-qec', `stty cols 57 rows 20; ${JSON.stringify(DIST_BIN)} ${args}`, '/dev/null'], {
        encoding: 'utf8',
        env: TERMINAL_ENV,
      })
        .split('\r\n')
        .filter((l) => l.length > 0);
    // 20 x 60 is 85 rows at 57 columns: narrowed to the widest whose rows fit 19
    const fitted = onTerminal(JSON.stringify(file('tall.png')));
    expect(fitted.length).toBeLessThanOrEqual(19);
    expect(fitted.length).toBeGreaterThanOrEqual(16);
    expect(fitted[0].length).toBeLessThan(20);
    for (const line of fitted) expect(line).toHaveLength(fitted[0].length);
    // --columns given: as wide as asked, however tall
    expect(onTerminal(`--columns 40 ${JSON.stringify(file('tall.png'))}`)).toHaveLength(60);
  });

  it('into a pipe, takes the width of the terminal on stderr, or COLUMNS; into a file, the default 120', () => {
    const widths = (command: string) =>
      execFileSync('script', ['-qec', `stty cols 57 rows 20; ${command}`, '/dev/null'], {
        encoding: 'utf8',
        env: TERMINAL_ENV,
      })
        .split('\r\n')
        .filter((l) => l.length > 0)
        .map((l) => l.length);
    const art = `${JSON.stringify(DIST_BIN)} ${JSON.stringify(file('wide.png'))}`;
    expect(new Set(widths(`${art} | cat`))).toEqual(new Set([57]));
    expect(new Set(widths(`COLUMNS=33 ${art} | cat`))).toEqual(new Set([33]));
    const saved = file('piped-to-file.txt');
    execFileSync('script', ['-qec', `stty cols 57 rows 20; ${art} > ${JSON.stringify(saved)}`, '/dev/null'], {
      env: TERMINAL_ENV,
    });
    expect(fs.readFileSync(saved, 'utf8').split('\n')[0]).toHaveLength(120);
  });

  it('writes ANSI art in the colors the terminal says it shows; 24-bit into a pipe, and as --color-depth says', async () => {
    const inTerminal = (env: NodeJS.ProcessEnv, flags = '') =>
      execFileSync(
        'script',
        [
          '-qec',
          `stty cols 40 rows 20; ${JSON.stringify(DIST_BIN)} --color ${flags} ${JSON.stringify(file('wide.png'))}`,
          '/dev/null',
        ],
        { encoding: 'utf8', env: { PATH: process.env.PATH, ...env } },
      );
    const sgrs = (out: string) =>
      new Set(
        [...out.matchAll(new RegExp(`${ESC}\\[([0-9;]*)m`, 'g'))].map((m) => m[1].split(';').slice(0, 2).join(';')),
      );
    const at256 = sgrs(inTerminal({ TERM: 'xterm-256color' }));
    expect(at256).toContain('38;5');
    expect([...at256].filter((s) => s !== '0').every((s) => s === '38;5')).toBe(true);
    const at16 = sgrs(inTerminal({ TERM: 'linux' }));
    expect(at16.size).toBeGreaterThan(2);
    expect([...at16].every((s) => /^(0|3[0-7]|9[0-7])$/.test(s))).toBe(true);
    expect(sgrs(inTerminal({ TERM: 'xterm-256color', COLORTERM: 'truecolor' }))).toContain('38;2');
    expect(sgrs(inTerminal({ TERM: 'linux' }, '--color-depth truecolor'))).toContain('38;2');
    // the same art, only its colors fewer: the text under the SGRs is the same
    const plain = (out: string) => out.replace(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '');
    expect(plain(inTerminal({ TERM: 'linux' }))).toBe(plain(inTerminal({ COLORTERM: 'truecolor' })));
    const piped = await runCli(['--color', '--cols', '40', file('wide.png')], { entry: 'dist' });
    expect(piped.stdout).toBe(await expected('wide.png', { columns: '40', color: 'true', format: 'ansi' }));
    const forced = await runCli(['--color', '--cols', '40', '--color-depth', '256', file('wide.png')], {
      entry: 'dist',
    });
    expect(sgrs(forced.stdout)).toEqual(new Set(['38;5', '0']));
  });

  it('renders many files, honors --rows, and reports bad input in one line with exit 1', async () => {
    const ok = await runCli(['--cols', '16', '--rows', '3', file('wide.png'), file('square.jpg')], { entry: 'dist' });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe(
      (await expected('wide.png', { columns: '16' }, { rows: 3 })) +
        (await expected('square.jpg', { columns: '16' }, { rows: 3 })),
    );
    const bad = await runCli([path.join(BAD_DIR, 'decode-truncated.png')], { entry: 'dist' });
    expectOneLineError(bad, 1, /decode-truncated\.png: the image could not be decoded/);
    expectOneLineError(await runCli(['--gamma', '0'], { entry: 'dist' }), 2, /^glyphcast: --gamma: expected a number/);
  });
});

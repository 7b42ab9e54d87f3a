import { describe, expect, it } from 'vitest';
import { kebabCase, parseArgs, type RenderCommand, UsageError } from '../../../bin/cli/args.js';
import { defaultParams, PARAMS, resolveParams } from '../../../engine/index.js';

const render = (...argv: string[]) => parseArgs(argv) as RenderCommand;

function usageError(...argv: string[]): string {
  try {
    parseArgs(argv);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error(`expected ${argv.join(' ')} to be refused`);
}

/** A value in range that differs from the default, as the flag's text. */
function otherValue(p: (typeof PARAMS)[number]): string {
  switch (p.kind.type) {
    case 'integer':
    case 'number':
      return String(p.kind.max);
    case 'boolean':
      return 'true';
    case 'enum':
      return p.kind.values[p.kind.values.length - 1];
    case 'color':
      return '#123456';
  }
}

describe('parseArgs', () => {
  it('gives the defaults of SPEC 2.2 when no flag is set', () => {
    expect(render('a.png')).toEqual({
      command: 'render',
      params: defaultParams(),
      inputs: ['a.png'],
      colorDepth: 'auto',
      limits: {},
    });
  });

  it('takes every parameter by its API name and in kebab case, as --name value and --name=value', () => {
    for (const p of PARAMS) {
      const value = otherValue(p);
      const expected = resolveParams({ [p.name]: value }, 'strings')[p.name];
      for (const flag of new Set([p.name, kebabCase(p.name)])) {
        const spaced = p.kind.type === 'boolean' ? [`--${flag}`] : [`--${flag}`, value];
        expect(render(...spaced, 'a.png').params[p.name], flag).toEqual(expected);
        expect(render(`--${flag}=${value}`, 'a.png').params[p.name], flag).toEqual(expected);
      }
    }
  });

  it('takes --cols for --columns', () => {
    expect(render('--cols', '80', 'a.png').params.columns).toBe(80);
    expect(render('--cols=80', 'a.png').params.columns).toBe(80);
  });

  it('refuses a flag given twice, whatever its spellings, as the HTTP API refuses a parameter given twice', () => {
    expect(usageError('--cols', '10', '--cols', '12', 'a.png')).toBe('--cols given twice: give each option once');
    expect(usageError('--cols=80', '--columns', '90', 'a.png')).toBe(
      '--columns given twice (as --cols and --columns): give each option once',
    );
    expect(usageError('--edgeStrength', '2', '--edge-strength=2', 'a.png')).toBe(
      '--edge-strength given twice (as --edgeStrength and --edge-strength): give each option once',
    );
    expect(usageError('--dither', '--no-dither', 'a.png')).toBe(
      '--dither given twice (as --dither and --no-dither): give each option once',
    );
    expect(usageError('-o', 'a.txt', '--output=b.txt', 'a.png')).toBe(
      '--output given twice (as -o and --output): give each option once',
    );
    expect(usageError('--rows', '5', '--rows', '5', 'a.png')).toBe('--rows given twice: give each option once');
    expect(usageError('--cell-aspect', '1', '--cellAspect', '1', 'a.png')).toMatch(/^--cell-aspect given twice/);
    expect(usageError('--out-dir', 'd', '--outDir', 'd', 'a.png')).toMatch(/^--out-dir given twice/);
    // inputs may repeat, and so may --help
    expect(render('a.png', 'a.png').inputs).toEqual(['a.png', 'a.png']);
    expect(parseArgs(['--help', '-h'])).toEqual({ command: 'help' });
  });

  it("reads every number flag with the render parameters' syntax, and refuses an empty -o or --out-dir", () => {
    expect(render('--rows', '1e3', 'a.png').rows).toBe(1000);
    expect(render('--cell-aspect', '2e0', 'a.png').cellAspect).toBe(2);
    expect(render('--columns', '1e2', 'a.png').params.columns).toBe(100);
    expect(usageError('--rows', '0x10', 'a.png')).toMatch(/^--rows: expected an integer from 1 to 2000/);
    expect(usageError('-o', '', 'a.png')).toBe('-o needs a file name (or - for standard output)');
    expect(usageError('--out-dir', '', 'a.png')).toBe('--out-dir needs a folder name');
  });

  it('fits the art to the terminal when it goes there and --columns is not given', () => {
    const inTerminal = (width: number, ...argv: string[]) => (parseArgs(argv, width) as RenderCommand).params.columns;
    expect(inTerminal(80, 'a.png')).toBe(80);
    expect(inTerminal(80, '-o', '-', 'a.png')).toBe(80);
    expect(inTerminal(500, 'a.png')).toBe(400);
    expect(inTerminal(3, 'a.png')).toBe(8);
    // a width given, or art going to files, keeps its own width
    expect(inTerminal(80, '--cols', '60', 'a.png')).toBe(60);
    expect(inTerminal(80, '-o', 'a.txt', 'a.png')).toBe(120);
    expect(inTerminal(80, '--out-dir', 'out', 'a.png')).toBe(120);
    expect(render('a.png').params.columns).toBe(120);
  });

  it('takes booleans as --x, --no-x and --x=true|false|1|0', () => {
    expect(render('--dither', 'a.png').params.dither).toBe(true);
    expect(render('--no-dither', 'a.png').params.dither).toBe(false);
    expect(render('--dither=false', 'a.png').params.dither).toBe(false);
    expect(render('--dither=1', 'a.png').params.dither).toBe(true);
    expect(render('--auto-levels', '0', '--no-edges', 'a.png').params).toMatchObject({ autoLevels: 0, edges: false });
    // a boolean flag never takes the next argument: that is an input (a boolean word is refused, below)
    expect(render('--dither', 'false.png').inputs).toEqual(['false.png']);
  });

  it('reads negative numbers as values, and mixes options and inputs in any order', () => {
    const c = render('a.png', '--brightness', '-20', 'b.png', '--rows', '7', '--', '--c.png');
    expect(c.params.brightness).toBe(-20);
    expect(c.rows).toBe(7);
    expect(c.inputs).toEqual(['a.png', 'b.png', '--c.png']);
  });

  it('refuses bad values with the message of the HTTP API (resolveParams)', () => {
    expect(usageError('--columns', '500', 'a.png')).toBe(
      '--columns: expected an integer from 8 to 400, received "500"',
    );
    expect(usageError('--color=maybe', 'a.png')).toBe('--color: expected true or false, received "maybe"');
    expect(usageError('--charset', 'emoji', 'a.png')).toBe(
      '--charset: expected one of standard, detailed, blocks, binary, dots, minimal, received "emoji"',
    );
    // each named by the flag as typed, not by its parameter
    expect(usageError('--cols', '5', '--gamma', 'x', '--monoColor', 'red', 'a.png')).toBe(
      '--cols: expected an integer from 8 to 400, received "5"; --gamma: expected a number from 0.2 to 3, received "x"; ' +
        '--monoColor: expected a hex color #rrggbb or #rgb, received "red"',
    );
  });

  it('refuses unknown flags, suggesting the closest one', () => {
    expect(usageError('--colour', 'a.png')).toBe('unknown option --colour (did you mean --color?)');
    // a shortened option: the ones it begins, as --help spells them
    expect(usageError('--ver', 'a.png')).toBe('unknown option --ver (did you mean --version?)');
    expect(usageError('--out', 'a.png')).toBe('unknown option --out (did you mean --output or --out-dir?)');
    expect(usageError('--quality', 'a.png')).toBe('unknown option --quality (did you mean --quality-target?)');
    expect(usageError('--edge-strenght=2', 'a.png')).toBe(
      'unknown option --edge-strenght (did you mean --edge-strength?)',
    );
    expect(usageError('--zzzzzzzz', 'a.png')).toBe('unknown option --zzzzzzzz');
    expect(usageError('-x', 'a.png')).toBe('unknown option -x');
    expect(usageError('-0.25', 'a.png')).toBe('unknown option -0.25');
    // a file whose name begins with a dash: how to name it
    expect(usageError('-x.png')).toBe(
      'unknown option -x.png (for a file of that name, write ./-x.png, or -- before it)',
    );
    expect(usageError('--old.jpeg')).toBe(
      'unknown option --old.jpeg (for a file of that name, write ./--old.jpeg, or -- before it)',
    );
    expect(usageError('--no-columns', 'a.png')).toMatch(/^unknown option --no-columns/);
    expect(usageError('--no-color=true', 'a.png')).toBe('--no-color takes no value');
  });

  it("reads a boolean's value as the HTTP API does: true, false, 1, 0, and names the one meant for another word", () => {
    const c = render('--color=1', '--invert=true', '--dither=0', '--denoise', '0.5', 'a.png');
    expect([c.params.color, c.params.invert, c.params.dither]).toEqual([true, true, false]);
    expect(usageError('--color=yes', 'a.png')).toBe(
      '--color: expected true or false (did you mean true?), received "yes"',
    );
    expect(usageError('--invert=Off', 'a.png')).toBe(
      '--invert: expected true or false (did you mean false?), received "Off"',
    );
  });

  it('names the flag chafa or jp2a users type for what glyphcast spells otherwise', () => {
    expect(usageError('--width', '80', 'a.png')).toBe('unknown option --width (glyphcast says --columns)');
    expect(usageError('--height=20', 'a.png')).toBe('unknown option --height (glyphcast says --rows)');
    expect(usageError('--size', '80x25', 'a.png')).toBe('unknown option --size (glyphcast says --columns and --rows)');
    expect(usageError('--html', 'a.png')).toBe('unknown option --html (glyphcast says --format html)');
    expect(usageError('--symbols', 'ascii', 'a.png')).toBe('unknown option --symbols (glyphcast says --charset)');
    // jp2a's --background=light|dark is glyphcast's two-colour switch, which takes true or false
    expect(usageError('--background=light', 'a.png')).toBe('--background: expected true or false, received "light"');
    expect(usageError('-s', '80x25', 'a.png')).toBe('unknown option -s (glyphcast says --columns and --rows)');
    expect(usageError('-w', '80', 'a.png')).toBe('unknown option -w (glyphcast says --columns)');
    expect(usageError('-f', 'html', 'a.png')).toBe('unknown option -f (glyphcast says --format)');
  });

  it('takes the value of -o attached, as getopt does: -oart.txt', () => {
    const c = render('-oart.txt', 'a.png');
    expect([c.output, c.params.format]).toEqual(['art.txt', 'text']);
    expect(usageError('-oart.txt', '-o', 'b.txt', 'a.png')).toBe('-o given twice: give each option once');
  });

  it('refuses a boolean flag followed by a separate value, which would be read as an input', () => {
    expect(usageError('--color', 'false', 'a.png')).toBe(
      '--color takes no separate value: write --no-color (or --color=false); for an input named false, write ./false',
    );
    expect(usageError('--dither', '1', 'a.png')).toMatch(/^--dither takes no separate value: write --dither \(or/);
    expect(usageError('--invert', 'Off', 'a.png')).toMatch(/^--invert takes no separate value: write --no-invert/);
    // a file that only starts like one, and a value after --, are inputs
    expect(parseArgs(['--color', 'false.png'], undefined)).toMatchObject({ inputs: ['false.png'] });
    expect(parseArgs(['--color', '--', '0'], undefined)).toMatchObject({ inputs: ['0'] });
    expect(parseArgs(['--color', './0'], undefined)).toMatchObject({ inputs: ['./0'] });
  });

  it('refuses a missing value, no input, stdin twice, and outputs that do not fit the inputs', () => {
    expect(usageError('a.png', '--columns')).toBe('--columns needs a value (see glyphcast --help)');
    expect(usageError('a.png', '-o')).toBe('-o needs a value (see glyphcast --help)');
    expect(usageError()).toMatch(/^no input image/);
    expect(usageError('-', '-')).toBe('standard input (-) can be read only once');
    expect(usageError('-o', 'x.txt', 'a.png', 'b.png')).toBe(
      '-o writes one file, but 2 inputs were given (use --out-dir for many)',
    );
    expect(usageError('-o', 'x.txt', '--out-dir', 'd', 'a.png')).toBe('give -o or --out-dir, not both');
  });

  it('checks --rows (1 to 2000) and --cell-aspect (0.2 to 2) in the same words', () => {
    expect(render('--rows', '2000', 'a.png').rows).toBe(2000);
    expect(usageError('--rows', '0', 'a.png')).toBe('--rows: expected an integer from 1 to 2000, received "0"');
    expect(usageError('--rows=2.5', 'a.png')).toBe('--rows: expected an integer from 1 to 2000, received "2.5"');
    expect(render('--cell-aspect', '0.45', 'a.png').cellAspect).toBe(0.45);
    expect(render('--cellAspect=1', 'a.png').cellAspect).toBe(1);
    expect(usageError('--cell-aspect', 'wide', 'a.png')).toBe(
      '--cell-aspect: expected a number from 0.2 to 2, received "wide"',
    );
  });

  it('takes the format from the -o extension, and ansi for --color, unless --format is given', () => {
    expect(render('-o', 'x.html', 'a.png').params.format).toBe('html');
    expect(render('--output=x.SVG', 'a.png').params.format).toBe('svg');
    expect(render('-o', 'x.json', 'a.png').params.format).toBe('json');
    expect(render('-o', 'x.ans', 'a.png').params.format).toBe('ansi');
    expect(render('-o', 'x.png.txt', '--no-color', 'a.png').params.format).toBe('text');
    // --color into a .txt file would lose its color without a word
    expect(usageError('-o', 'x.png.txt', '--color', 'a.png')).toBe(
      '-o x.png.txt: a .txt file is plain text, which has no color, so --color would be lost; give --format ansi to keep the name, or name it .ans, .html or .svg',
    );
    expect(render('-o', 'x.txt', '--color', '--format', 'ansi', 'a.png').params.format).toBe('ansi');
    expect(render('-o', 'noext', 'a.png').params.format).toBe('text');
    expect(render('-o', 'dir.d/noext', 'a.png').params.format).toBe('text');
    expect(render('-o', 'x.htm', 'a.png').params.format).toBe('html');
    expect(render('-o', 'x.HTM', '--color', 'a.png').params.format).toBe('html');
    expect(render('--color', 'a.png').params.format).toBe('ansi');
    expect(render('--color', '--out-dir', 'd', 'a.png').params.format).toBe('ansi');
    expect(render('--color', '--format', 'text', 'a.png').params.format).toBe('text');
    expect(render('--format', 'json-compact', '-o', 'x.html', 'a.png').params.format).toBe('json-compact');
  });

  it('--background turns color on (two-colour cells are color), and refuses --no-color beside it', () => {
    const { params } = render('--background', 'a.png');
    expect([params.background, params.color, params.format]).toEqual([true, true, 'ansi']);
    expect(render('--background', '--color', 'a.png').params.color).toBe(true);
    expect(render('--no-background', 'a.png').params.color).toBe(false);
    expect(usageError('--background', '--no-color', 'a.png')).toBe(
      '--background colors each cell behind its glyph, so it needs color (drop --no-color)',
    );
  });

  it('refuses an -o extension that names no format, unless --format picks one', () => {
    const known = '(known: .txt .ans .html .json .svg .htm); give --format to pick one';
    expect(usageError('-o', 'out.xyz', 'a.png')).toBe(`-o out.xyz: the extension .xyz names no format ${known}`);
    // an image's extension: the picture glyphcast does make is an SVG
    expect(usageError('-o', 'photo.PNG', '--color', 'a.png')).toBe(
      `-o photo.PNG: the extension .png names no format (no raster image: .svg is the art as a picture) ${known}`,
    );
    expect(usageError('--format', 'png', 'a.png')).toBe(
      '--format: expected one of text, ansi, html, json, json-compact, svg (did you mean svg?), received "png"',
    );
    expect(render('-o', 'out.xyz', '--format', 'ansi', 'a.png')).toMatchObject({ output: 'out.xyz' });
    expect(render('-o', 'out.xyz', '--format', 'ansi', 'a.png').params.format).toBe('ansi');
  });

  it('takes --color-depth for ANSI output only, and refuses a depth it does not know', () => {
    expect(render('--color', '--color-depth', '256', 'a.png').colorDepth).toBe('256');
    expect(render('--format', 'ansi', '--colorDepth=16', 'a.png').colorDepth).toBe('16');
    expect(render('--color', '--color-depth', 'TrueColor', 'a.png').colorDepth).toBe('truecolor');
    expect(render('--color-depth', 'auto', 'a.png').colorDepth).toBe('auto');
    expect(usageError('--color', '--color-depth', '8', 'a.png')).toBe(
      '--color-depth: expected one of truecolor, 256, 16, auto, received "8"',
    );
    // another spelling or another tool's word for a depth: the depth meant
    for (const [word, meant] of [
      ['truecolour', 'truecolor'],
      ['24bit', 'truecolor'],
      ['full', 'truecolor'],
      ['8-bit', '256'],
    ]) {
      expect(usageError('--color', `--color-depth=${word}`, 'a.png')).toBe(
        `--color-depth: expected one of truecolor, 256, 16, auto (did you mean ${meant}?), received "${word}"`,
      );
    }
    expect(usageError('--color-depth', '256', 'a.png')).toBe(
      '--color-depth sets the colors of ANSI art, but the format is text (add --color, or --format ansi)',
    );
    expect(usageError('--color', '--format', 'text', '--color-depth', '16', 'a.png')).toBe(
      '--color-depth sets the colors of ANSI art, but the format is text (give --format ansi)',
    );
    expect(render('--format', 'json', '--color-depth', 'auto', 'a.png').colorDepth).toBe('auto');
    expect(usageError('--color', '--color-depth', '16', '--colorDepth', '256', 'a.png')).toBe(
      '--color-depth given twice (as --color-depth and --colorDepth): give each option once',
    );
  });

  it('takes --still as a switch, and tells whether --columns was given', () => {
    expect(render('--still', 'a.gif').still).toBe(true);
    expect(render('a.gif').still).toBeUndefined();
    expect(usageError('--still=yes', 'a.gif')).toBe('--still takes no value');
    expect(render('--cols', '60', 'a.gif').columnsGiven).toBe(true);
    expect(parseArgs(['a.gif'], 90)).not.toHaveProperty('columnsGiven');
  });

  it('takes --loops and --duration for playing, in range, and refuses them where nothing plays', () => {
    expect(render('--loops', '3', 'a.gif').limits).toEqual({ loops: 3 });
    expect(render('--loops=0', '--duration', '2.5', 'a.gif').limits).toEqual({ loops: 0, durationMs: 2500 });
    expect(render('--duration', '0.1', 'a.gif', '-o', '-').limits).toEqual({ durationMs: 100 });
    expect(usageError('--loops', '1.5', 'a.gif')).toBe('--loops: expected an integer from 0 to 10000, received "1.5"');
    expect(usageError('--loops', '-1', 'a.gif')).toBe('--loops: expected an integer from 0 to 10000, received "-1"');
    expect(usageError('--duration', '0', 'a.gif')).toBe(
      '--duration: expected a number from 0.1 to 86400, received "0"',
    );
    expect(usageError('--duration', 'soon', 'a.gif')).toBe(
      '--duration: expected a number from 0.1 to 86400, received "soon"',
    );
    expect(usageError('--loops', '2', '--loops', '3', 'a.gif')).toBe('--loops given twice: give each option once');
    expect(usageError('--loops', '2', '--duration', '1', '--still', 'a.gif')).toBe(
      '--still prints the first frame, and --loops and --duration say how it plays: give one or the other, not both',
    );
    expect(usageError('--duration', '1', 'a.gif', '-o', 'a.txt')).toBe(
      '--duration says how it plays on a terminal, not into files',
    );
    expect(usageError('--loops', '2', 'a.gif', '--out-dir', 'out')).toBe(
      '--loops says how it plays on a terminal, not into files',
    );
  });

  it('answers --help and --version whatever else is given', () => {
    expect(parseArgs(['--help'])).toEqual({ command: 'help' });
    expect(parseArgs(['a.png', '-h', '--columns', '3'])).toEqual({ command: 'help' });
    expect(parseArgs(['-V'])).toEqual({ command: 'version' });
    expect(parseArgs(['--version'])).toEqual({ command: 'version' });
    expect(usageError('--help=yes')).toBe('--help takes no value');
  });
});

/**
 * Color SGRs, glyph and background, in 24-bit and for terminals with fewer colors: the xterm 256-color palette and
 * the 16 ANSI colors. Each cell color goes to the palette entry nearest to it in CIELAB (ΔE76),
 * so a dark red stays a dark red rather than the nearest by RGB distance, which favours greys.
 */
import { srgbDecode } from '../srgb.js';

/** How many colors the terminal shows: 24-bit (`38;2`), xterm's 256 (`38;5`), or the 16 ANSI colors. */
export const ANSI_COLOR_DEPTHS = ['truecolor', '256', '16'] as const;
export type AnsiColorDepth = (typeof ANSI_COLOR_DEPTHS)[number];

type Rgb = readonly [number, number, number];
type Lab = readonly [number, number, number];

/** Which color of a cell an SGR sets: the glyph's (38, 30-37, 90-97) or the cell's background (48, 40-47, 100-107). */
export type ColorPlane = 'fg' | 'bg';

/** CIELAB (D65) of an 8-bit sRGB color. */
function labOf(r: number, g: number, b: number): Lab {
  const [lr, lg, lb] = [r, g, b].map((c) => srgbDecode(c / 255));
  const x = (0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / 0.95047;
  const y = 0.2126729 * lr + 0.7151522 * lg + 0.072175 * lb;
  const z = (0.0193339 * lr + 0.119192 * lg + 0.9503041 * lb) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** A palette color with its SGR parameters for each plane (`38;5;196` and `48;5;196`; `31` and `41`). */
interface PaletteEntry {
  readonly fg: string;
  readonly bg: string;
  readonly lab: Lab;
}

const entry = (fg: string, bg: string, [r, g, b]: Rgb): PaletteEntry => ({ fg, bg, lab: labOf(r, g, b) });

/**
 * xterm's 6x6x6 cube (16-231) and grey ramp (232-255). Entries 0-15 are left out: terminals
 * let their themes change them, so their color on screen is not known.
 */
const XTERM_256: readonly PaletteEntry[] = (() => {
  const levels = [0, 95, 135, 175, 215, 255];
  const entries: PaletteEntry[] = [];
  for (let i = 0; i < 216; i++) {
    const rgb: Rgb = [levels[Math.floor(i / 36)], levels[Math.floor(i / 6) % 6], levels[i % 6]];
    entries.push(entry(`38;5;${16 + i}`, `48;5;${16 + i}`, rgb));
  }
  for (let i = 0; i < 24; i++) {
    const grey = 8 + 10 * i;
    entries.push(entry(`38;5;${232 + i}`, `48;5;${232 + i}`, [grey, grey, grey]));
  }
  return entries;
})();

/** The 16 ANSI colors (SGR 30-37, 90-97) as xterm shows them by default; themes move them a little. */
const ANSI_16: readonly PaletteEntry[] = (
  [
    [30, [0, 0, 0]],
    [31, [205, 0, 0]],
    [32, [0, 205, 0]],
    [33, [205, 205, 0]],
    [34, [0, 0, 238]],
    [35, [205, 0, 205]],
    [36, [0, 205, 205]],
    [37, [229, 229, 229]],
    [90, [127, 127, 127]],
    [91, [255, 0, 0]],
    [92, [0, 255, 0]],
    [93, [255, 255, 0]],
    [94, [92, 92, 255]],
    [95, [255, 0, 255]],
    [96, [0, 255, 255]],
    [97, [255, 255, 255]],
  ] as const
).map(([code, rgb]) => entry(`${code}`, `${code + 10}`, rgb));

function nearest(palette: readonly PaletteEntry[], r: number, g: number, b: number): PaletteEntry {
  const [l, a, bb] = labOf(r, g, b);
  let best = palette[0];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const e of palette) {
    const d = (e.lab[0] - l) ** 2 + (e.lab[1] - a) ** 2 + (e.lab[2] - bb) ** 2;
    if (d < bestDistance) [best, bestDistance] = [e, d];
  }
  return best;
}

/**
 * The SGR parameters (without `ESC [` and `m`) that set a color on one plane at `depth`, so
 * that a glyph color and a background can share one SGR. The palettes' answers are remembered
 * by the function returned, so make one per output: a picture repeats its colors.
 */
export function sgrParamsAt(depth: AnsiColorDepth): (plane: ColorPlane, r: number, g: number, b: number) => string {
  if (depth === 'truecolor') return (plane, r, g, b) => `${plane === 'fg' ? 38 : 48};2;${r};${g};${b}`;
  const palette = depth === '256' ? XTERM_256 : ANSI_16;
  const known = new Map<number, PaletteEntry>();
  return (plane, r, g, b) => {
    const key = (r << 16) | (g << 8) | b;
    let found = known.get(key);
    if (found === undefined) {
      found = nearest(palette, r, g, b);
      known.set(key, found);
    }
    return found[plane];
  };
}

/** The foreground SGR of a color at `depth` (one function per output, as sgrParamsAt). */
export function foregroundAt(depth: AnsiColorDepth): (r: number, g: number, b: number) => string {
  const params = sgrParamsAt(depth);
  return (r, g, b) => `\x1b[${params('fg', r, g, b)}m`;
}

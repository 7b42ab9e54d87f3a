/**
 * Foreground SGRs for terminals with fewer colors than 24-bit: the xterm 256-color palette and
 * the 16 ANSI colors. Each cell color goes to the palette entry nearest to it in CIELAB (ΔE76),
 * so a dark red stays a dark red rather than the nearest by RGB distance, which favours greys.
 */
import { srgbDecode } from '../srgb.js';

/** How many colors the terminal shows: 24-bit (`38;2`), xterm's 256 (`38;5`), or the 16 ANSI colors. */
export const ANSI_COLOR_DEPTHS = ['truecolor', '256', '16'] as const;
export type AnsiColorDepth = (typeof ANSI_COLOR_DEPTHS)[number];

type Rgb = readonly [number, number, number];
type Lab = readonly [number, number, number];

/** SGR 38;2: a 24-bit foreground color. */
export const ansiForeground = (r: number, g: number, b: number) => `\x1b[38;2;${r};${g};${b}m`;

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

interface PaletteEntry {
  readonly sgr: string;
  readonly lab: Lab;
}

const entry = (sgr: string, [r, g, b]: Rgb): PaletteEntry => ({ sgr, lab: labOf(r, g, b) });

/**
 * xterm's 6x6x6 cube (16-231) and grey ramp (232-255). Entries 0-15 are left out: terminals
 * let their themes change them, so their color on screen is not known.
 */
const XTERM_256: readonly PaletteEntry[] = (() => {
  const levels = [0, 95, 135, 175, 215, 255];
  const entries: PaletteEntry[] = [];
  for (let i = 0; i < 216; i++) {
    const rgb: Rgb = [levels[Math.floor(i / 36)], levels[Math.floor(i / 6) % 6], levels[i % 6]];
    entries.push(entry(`\x1b[38;5;${16 + i}m`, rgb));
  }
  for (let i = 0; i < 24; i++) entries.push(entry(`\x1b[38;5;${232 + i}m`, [8 + 10 * i, 8 + 10 * i, 8 + 10 * i]));
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
).map(([code, rgb]) => entry(`\x1b[${code}m`, rgb));

function nearest(palette: readonly PaletteEntry[], r: number, g: number, b: number): string {
  const [l, a, bb] = labOf(r, g, b);
  let best = palette[0];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const e of palette) {
    const d = (e.lab[0] - l) ** 2 + (e.lab[1] - a) ** 2 + (e.lab[2] - bb) ** 2;
    if (d < bestDistance) [best, bestDistance] = [e, d];
  }
  return best.sgr;
}

/**
 * The foreground SGR of a color at `depth`. The palettes' answers are remembered by the function
 * returned, so make one per output: a picture repeats its colors.
 */
export function foregroundAt(depth: AnsiColorDepth): (r: number, g: number, b: number) => string {
  if (depth === 'truecolor') return ansiForeground;
  const palette = depth === '256' ? XTERM_256 : ANSI_16;
  const known = new Map<number, string>();
  return (r, g, b) => {
    const key = (r << 16) | (g << 8) | b;
    let sgr = known.get(key);
    if (sgr === undefined) {
      sgr = nearest(palette, r, g, b);
      known.set(key, sgr);
    }
    return sgr;
  };
}

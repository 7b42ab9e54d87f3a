/**
 * The character cell, measured from the page's actual font.
 *
 * Width: the font's advance (monospace, so any glyph; 'M' is measured). Height: the larger of
 * the font's own line height (ascent + descent of its bounding box) and two advances. Two
 * advances is the 1:2 cell the engine's glyph shapes were measured in (engine/glyphs) and the
 * cell the HTML (`line-height: 2ch`) and SVG (8 x 16) exports draw, so a font whose line fits
 * in it is drawn in exactly that cell; a font with a taller line gets a taller cell and the
 * engine is told (cellAspect), so the rows follow the real font either way.
 */
import { FONT_STACK } from '../../engine/index.js';

export { FONT_STACK };

/** The family the glyph metrics were measured in (first of FONT_STACK). */
export const PRIMARY_FONT = 'DejaVu Sans Mono';

export interface CellMetrics {
  /** Font size in the pixels these metrics are in (CSS or device pixels, as asked). */
  readonly fontPx: number;
  readonly width: number;
  readonly height: number;
  /** Baseline from the top of the cell (the line is centred in the cell). */
  readonly baseline: number;
  /** width / height: what the engine gets as `cellAspect`. */
  readonly aspect: number;
}

let scratch: OffscreenCanvasRenderingContext2D | null = null;
let aspect: number | null = null;

/** The font's advance and line box at a size. */
function measureFont(fontPx: number): { advance: number; ascent: number; descent: number } {
  scratch ??= new OffscreenCanvas(1, 1).getContext('2d') as OffscreenCanvasRenderingContext2D;
  scratch.font = `${fontPx}px ${FONT_STACK}`;
  const m = scratch.measureText('M');
  return { advance: m.width, ascent: m.fontBoundingBoxAscent, descent: m.fontBoundingBoxDescent };
}

/** Size the aspect is measured at: large, so the rounding of the font's metrics is negligible. */
const REFERENCE_PX = 96;

/**
 * The cell aspect (width / height) handed to the engine, measured once at a large size:
 * advance / max(two advances, line height). Every drawn size uses this same aspect, so the
 * grid's rows and the drawing agree at any zoom.
 */
export function engineCellAspect(): number {
  if (aspect === null) {
    const f = measureFont(REFERENCE_PX);
    aspect = f.advance / Math.max(2 * f.advance, f.ascent + f.descent);
  }
  return aspect;
}

/** The cell at a font size: one advance wide, advance / aspect tall, the line centred in it. */
export function measureCell(fontPx: number): CellMetrics {
  const f = measureFont(fontPx);
  const cellAspect = engineCellAspect();
  const height = f.advance / cellAspect;
  const baseline = (height - (f.ascent + f.descent)) / 2 + f.ascent;
  return { fontPx, width: f.advance, height, baseline, aspect: cellAspect };
}

/** Waits for the art font (a system or web font) so measurements are of the font, not a fallback. */
export async function loadArtFont(): Promise<boolean> {
  try {
    const faces = await document.fonts.load(`16px '${PRIMARY_FONT}'`);
    aspect = null;
    return faces.length > 0 || document.fonts.check(`16px '${PRIMARY_FONT}'`);
  } catch {
    return false;
  }
}

/**
 * Fixed-point formats shared by every kernel twin (TS here, WGSL in shaders/common.wgsl,
 * which receives these values from the plan so they are never copied by hand).
 */

/** Linear light, u16: 0 = black, 65535 = the full sRGB white. 16 bits keep 1/255 near black distinct. */
export const LINEAR_MAX = 65535;

/** Perceptual tone, 12 bits: 0..4095. Finer than 8 bits so levels and tone curves do not band. */
export const TONE_MAX = 4095;
export const TONE_LEVELS = 4096;

/** Ink coverage, Q12: 4096 = a fully inked pixel. A glyph's mean coverage is far below (ASCII '@' ~1094). */
export const INK_ONE = 4096;

/** Sub-cell samples: 2 x 4 per cell, enough for shape (left/right, four bands top to bottom). */
export const SAMPLES_X = 2;
export const SAMPLES_Y = 4;
export const SAMPLES_PER_CELL = SAMPLES_X * SAMPLES_Y;

/** Rec. 709 luminance weights in Q16; they sum to exactly 65536 (0.2126, 0.7152, 0.0722). */
export const LUMA_R = 13933;
export const LUMA_G = 46871;
export const LUMA_B = 4732;

/** Weight of the mean-tone term against the shape term in glyph matching (per sample, x8 cell). */
export const MEAN_TONE_WEIGHT = 16;

/** Q8 one: multipliers for strengths (sharpen, saturation, structure, blend factors). */
export const Q8_ONE = 256;

/** Directional glyph bonus per unit of (structure x coherence): bonus = V x s x c x gain, V the cell's ink variance. */
export const STRUCTURE_GAIN = 2;

/**
 * Two-colour cells (kernels/two-color.ts): the error an inked glyph must save over a space (in
 * 256 x sRGB8^2: 600000 is an RMS of 17 levels over the 8 samples) at 80 columns and fewer, so
 * that flat and textured cells stay calm spaces on their own color (the plan lowers it for wider
 * grids); and more per unit of ink (A1, Q8), so a dense letter (g, B) drawn across a contour,
 * which reads as a letter, gives way to a light mark. Chosen by the blind panel
 * (bench/results/panel.md, two-colour rounds).
 */
export const TWO_COLOR_INK_COST = 600000;
export const TWO_COLOR_INK_WEIGHT = 200;
/**
 * Two-colour blocks (fineBlocks): what a block element must save over a flat cell, in squared
 * sRGB8 error over a cell's 32 points and 3 channels (3000: an RMS of 5.6 levels), so that noise
 * such as a night sky's stays flat. The blind panel preferred it to no cost (blocks-prototype-3
 * against 1, bench/results/panel/notes.md).
 */
export const FINE_FLAT_COST = 3000;
/**
 * fineBlocks: a shape that saves at least what it leaves (its two parts differ more than each
 * part varies: a gradient or an edge, not noise) needs to save only that plus FINE_LEAST_GAIN
 * (200: two halves 3 levels apart) rather than FINE_FLAT_COST, so faint skies are drawn a half
 * cell at a time instead of banding a cell row at a time (blocks-engine-3).
 */
export const FINE_LEAST_GAIN = 200;
/**
 * fineBlocks: an edge cell's two colors move apart by FINE_EDGE_PUSH / 16 of their difference
 * (keeping the cell's mean), so a stroke thinner than the fine points (text, digits, grain) keeps
 * its dark instead of the mean of it and its paper (blocks-engine-4).
 */
export const FINE_EDGE_PUSH = 8;

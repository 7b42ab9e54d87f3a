/** The sRGB transfer function (IEC 61966-2-1), on values from 0 to 1. */

/** Encoded sRGB to linear light. */
export const srgbDecode = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);

/** Linear light to encoded sRGB. */
export const srgbEncode = (v: number) => (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);

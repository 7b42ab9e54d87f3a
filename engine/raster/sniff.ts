/**
 * Which format read by engine/raster some bytes start as, from their first three: small, so a
 * host can ask before it loads the readers.
 */

const PNM_NAMES = ['PBM', 'PGM', 'PPM', 'PBM', 'PGM', 'PPM', 'PAM'] as const;

export type PnmName = (typeof PNM_NAMES)[number];

/** Netpbm's whitespace: space, tab, LF, VT, FF, CR. */
export const isSpace = (byte: number | undefined) =>
  byte === 0x20 || (byte !== undefined && byte >= 0x09 && byte <= 0x0d);

/** The two bytes every BMP starts with ("BM"). */
export function isBmp(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x42 && bytes[1] === 0x4d;
}

/** "P1" to "P7" and a whitespace or comment: the Netpbm format's name, or null for other data. */
export function pnmName(bytes: Uint8Array): PnmName | null {
  const kind = (bytes[1] ?? 0) - 0x31; // '1' -> 0
  if (bytes[0] !== 0x50 || kind < 0 || kind > 6) return null;
  return isSpace(bytes[2]) || bytes[2] === 0x23 ? (PNM_NAMES[kind] as PnmName) : null;
}

/** The lower-case name of the format these bytes start as ('bmp', 'pbm', 'pgm', 'ppm', 'pam'), when it is one read here; else null. */
export function rasterFormat(bytes: Uint8Array): string | null {
  if (isBmp(bytes)) return 'bmp';
  return pnmName(bytes)?.toLowerCase() ?? null;
}

/** The bytes rasterFormat looks at. */
export const RASTER_HEAD_BYTES = 3;

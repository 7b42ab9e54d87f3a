/**
 * What libvips does not say of a GIF: whether it has no pixels at all. Its GIF loader rounds a
 * 0 x 0 image up to 1 x 1, which would render as one blank cell instead of being refused.
 */

/** The width and height at `at`, little-endian 16-bit each (the GIF screen and frame sizes). */
const sizeAt = (bytes: Uint8Array, at: number) => ({
  width: bytes[at] | (bytes[at + 1] << 8),
  height: bytes[at + 2] | (bytes[at + 3] << 8),
});

/**
 * The size of a GIF's first frame, read from its image descriptor past the global color table
 * and any extension blocks; null when the bytes end (or go astray) before it.
 */
export function gifFirstFrameSize(bytes: Uint8Array): { width: number; height: number } | null {
  const flags = bytes[10];
  let at = 13 + (flags & 0x80 ? 3 * (1 << ((flags & 0x07) + 1)) : 0);
  while (at < bytes.length) {
    if (bytes[at] === 0x2c) return at + 9 <= bytes.length ? sizeAt(bytes, at + 5) : null;
    if (bytes[at] !== 0x21) return null;
    // an extension: its introducer and label, then data sub-blocks up to an empty one
    at += 2;
    while (at < bytes.length && bytes[at] !== 0) at += bytes[at] + 1;
    at += 1;
  }
  return null;
}

/** Whether a GIF has no pixels: its logical screen and its first frame both empty. */
export function isEmptyGif(bytes: Uint8Array): boolean {
  if (bytes.length < 13) return false;
  const screen = sizeAt(bytes, 6);
  const frame = gifFirstFrameSize(bytes);
  const empty = (size: { width: number; height: number } | null) =>
    size !== null && (size.width === 0 || size.height === 0);
  return empty(screen) && empty(frame);
}

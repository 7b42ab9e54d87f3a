/**
 * Video containers known by their first bytes: the CLI sends such a file to ffmpeg (the image
 * decoder reads no video), and the studio plays a dropped file as a video when the browser
 * gave it no type.
 */

/** Major brands of ISO media files that hold images (AVIF, HEIF), which the image decoders read. */
const IMAGE_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** The opening bytes a container is known by (three MPEG transport stream packets). */
export const VIDEO_HEAD_BYTES = 377;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * Whether a file's bytes (its first VIDEO_HEAD_BYTES are enough) open as a video container:
 * Matroska or WebM, MP4 or QuickTime, AVI, Ogg, MPEG, FLV, Y4M.
 */
export function isVideoContainer(head: Uint8Array): boolean {
  if (head.length < 12) return false;
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return true; // EBML
  if (ascii(head, 4, 8) === 'ftyp') return !IMAGE_BRANDS.has(ascii(head, 8, 12));
  if (ascii(head, 0, 4) === 'RIFF') return ascii(head, 8, 12) === 'AVI ';
  if (ascii(head, 0, 4) === 'OggS' || ascii(head, 0, 3) === 'FLV' || ascii(head, 0, 9) === 'YUV4MPEG2') return true;
  if (head[0] === 0 && head[1] === 0 && head[2] === 1 && head[3] === 0xba) return true; // MPEG program stream
  // MPEG transport stream: its sync byte opening three 188-byte packets (a GIF also opens with 'G')
  return ascii(head, 0, 4) !== 'GIF8' && [0, 188, 376].every((at) => head[at] === 0x47);
}

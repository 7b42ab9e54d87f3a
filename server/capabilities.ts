/** What the service can do (SPEC 2.3, 2.4), stated once for health, manifests and llms.txt. */
import { CHROMA_ENCODING, FORMAT_INFO, FORMATS } from '../engine/index.js';

export const CAPABILITIES = {
  color: true,
  edgeDetection: true,
  dithering: 'floyd-steinberg',
  luminance: 'linear-light-rec709',
  streaming: {
    supported: true,
    browserOnly: true,
    sources: ['webcam', 'video'],
    temporalFilter: 'bayesian-adaptive',
  },
} as const;

/** The output formats of SPEC 2.3 with content type, file extension and label. */
export const OUTPUT_FORMATS = FORMATS.map((id) => ({
  id,
  ...FORMAT_INFO[id],
  ...(id === 'json-compact' ? { chromaEncoding: CHROMA_ENCODING } : {}),
}));

/**
 * Image types accepted as input: what engine/node/decode.ts decodes (SVG is refused there), BMP
 * and Netpbm by engine/raster. The format is known by the bytes, not by the type sent.
 */
export const INPUT_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/tiff',
  'image/avif',
  'image/bmp',
  'image/x-portable-bitmap',
  'image/x-portable-graymap',
  'image/x-portable-pixmap',
  'image/x-portable-anymap',
  'image/x-portable-arbitrarymap',
] as const;

/**
 * The one error every image decoder throws for bad input, in every host: sharp's in Node, and
 * the BMP and PNM readers of this folder wherever they run (the studio's page among them).
 */
export type DecodeErrorCode = 'not_an_image' | 'unsupported_image' | 'corrupt_image' | 'image_too_large';

export class DecodeError extends Error {
  readonly code: DecodeErrorCode;
  constructor(code: DecodeErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DecodeError';
    this.code = code;
  }
}

/** The decode limit's refusal, checked from the header before any pixel is allocated. */
export function tooManyPixels(width: number, height: number, maxPixels: number, why = ''): DecodeError {
  return new DecodeError(
    'image_too_large',
    `image is ${width} x ${height} pixels; the decode limit is ${maxPixels} pixels${why}`,
  );
}

/** Data that stops before the pixels its header promises. */
export function endsEarly(format: string): DecodeError {
  return new DecodeError('corrupt_image', `the image could not be decoded: the ${format} file ends early (truncated)`);
}

/** A header or pixel stream that breaks its format's rules, named. */
export function damaged(format: string, what: string): DecodeError {
  return new DecodeError('corrupt_image', `the image could not be decoded: the ${format} ${what}`);
}

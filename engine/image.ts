/** An RGBA8 image, row-major, 4 bytes per pixel: what every host decodes its input to. */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array | Uint8ClampedArray;
}

/** Typed errors the engine throws for inputs it cannot render. Hosts map `code` to their errors. */
export type RenderErrorCode = 'empty_image' | 'image_buffer_mismatch' | 'grid_too_large' | 'invalid_rows';

export class RenderError extends Error {
  readonly code: RenderErrorCode;
  constructor(code: RenderErrorCode, message: string) {
    super(message);
    this.name = 'RenderError';
    this.code = code;
  }
}

/** Why a GPU render failed: the host decides whether to fall back to the CPU executor. */
export type GpuErrorCode = 'device_lost' | 'destroyed' | 'stale' | 'source_too_large' | 'bad_frame' | 'gpu_error';

export class GpuExecutorError extends Error {
  readonly code: GpuErrorCode;
  constructor(code: GpuErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GpuExecutorError';
    this.code = code;
  }
}

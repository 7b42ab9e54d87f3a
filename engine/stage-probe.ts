/**
 * Stage outputs for the per-kernel parity tests: each executor can hand over what a stage wrote
 * (as integers, whatever the buffer's element type), so a CPU/GPU mismatch names the kernel
 * whose twins differ instead of the cells it ends in. Never used while rendering for a user.
 */

/** The stages whose output both executors hand over, in pipeline order. */
export const PROBED_STAGES = [
  'resample',
  'luma',
  'denoise',
  'levels',
  'tone',
  'sharpen',
  'sobel',
  'local-contrast',
  'cells',
  'temporal',
  'glyphs',
  'dither',
] as const;
export type ProbedStage = (typeof PROBED_STAGES)[number];

/** Filled by a render: each probed stage that ran, with a copy of its output. */
export type StageOutputs = Map<ProbedStage, Int32Array>;

export const isProbedStage = (name: string): name is ProbedStage => (PROBED_STAGES as readonly string[]).includes(name);

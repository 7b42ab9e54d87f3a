/**
 * Per-kernel parity: one frame rendered by both executors with their stage probes on, and the
 * stages whose outputs differ, in pipeline order, so a twin mismatch names its kernel.
 */
import type { CpuExecutor, StreamState } from '../../engine/cpu/executor.js';
import type { GpuExecutor } from '../../engine/gpu/executor.js';
import type { DecodedImage } from '../../engine/node/decode.js';
import type { FramePlan } from '../../engine/plan.js';
import { PROBED_STAGES, type StageOutputs } from '../../engine/stage-probe.js';

/** What differs between two outputs of one stage, or null. */
function outputDiff(cpu: Int32Array, gpu: Int32Array): string | null {
  if (gpu.length < cpu.length) return `the GPU wrote ${gpu.length} values, the CPU ${cpu.length}`;
  let count = 0;
  let first = -1;
  for (let i = 0; i < cpu.length; i++)
    if (cpu[i] !== gpu[i]) {
      if (first < 0) first = i;
      count++;
    }
  return count === 0
    ? null
    : `${count} of ${cpu.length} values differ, first at ${first} (CPU ${cpu[first]}, GPU ${gpu[first]})`;
}

export interface StageReport {
  /** The stages both executors ran, in pipeline order. */
  readonly ran: readonly string[];
  /** "stage: what differs", in pipeline order; empty when every twin agrees. */
  readonly mismatches: readonly string[];
}

/** Renders `plan` on both executors (a stream frame with `stream`) and compares every probed stage. */
export async function compareStages(
  cpu: CpuExecutor,
  gpu: GpuExecutor,
  plan: FramePlan,
  image: DecodedImage,
  stream?: StreamState,
): Promise<StageReport> {
  const onCpu: StageOutputs = new Map();
  const onGpu: StageOutputs = new Map();
  cpu.probe = onCpu;
  try {
    cpu.render(plan, image, stream);
  } finally {
    cpu.probe = null;
  }
  await gpu.render(plan, image, { probe: onGpu, stream: stream !== undefined });
  const ran: string[] = [];
  const mismatches: string[] = [];
  for (const stage of PROBED_STAGES) {
    const [c, g] = [onCpu.get(stage), onGpu.get(stage)];
    if (!c && !g) continue;
    if (!c || !g) {
      mismatches.push(`${stage}: ran on the ${c ? 'CPU' : 'GPU'} only`);
      continue;
    }
    ran.push(stage);
    const diff = outputDiff(c, g);
    if (diff) mismatches.push(`${stage}: ${diff}`);
  }
  return { ran, mismatches };
}

/**
 * The per-kernel parity tests' probe (GpuRenderOptions.probe): each probed stage's output copied
 * out right after its pass, then mapped as 32-bit integers.
 */
import { isProbedStage, type ProbedStage, type StageOutputs } from '../stage-probe.js';
import type { FrameResources } from './resources.js';

/** A copy of a probed stage's output, made right after its pass (none for other passes). */
export function copyOutput(
  device: GPUDevice,
  res: FrameResources,
  name: string,
  encoder: GPUCommandEncoder,
): [ProbedStage, GPUBuffer][] {
  if (!isProbedStage(name)) return [];
  const source = res.stageOutput(name);
  const copy = device.createBuffer({ size: source.size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  encoder.copyBufferToBuffer(source, 0, copy, 0, source.size);
  return [[name, copy]];
}

/** Maps the copies into `probe`, as 32-bit integers, and releases them. */
export async function readOutputs(copies: readonly [ProbedStage, GPUBuffer][], probe: StageOutputs): Promise<void> {
  for (const [stage, copy] of copies) {
    await copy.mapAsync(GPUMapMode.READ);
    probe.set(stage, new Int32Array(copy.getMappedRange().slice(0)));
    copy.destroy();
  }
}

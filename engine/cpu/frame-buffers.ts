/** The CPU executor's planes for one frame size, allocated once and reused while the size stays. */
import { CELL_STRIDE } from '../kernels/cells.js';
import type { FramePlan } from '../plan.js';

/** The buffers of one frame size. */
export interface Buffers {
  readonly key: string;
  readonly pyramid: Uint16Array[];
  readonly resampledX: Uint16Array;
  readonly lin: Uint16Array;
  /** Full-resolution linear planes when no pyramid step applies (small sources). */
  readonly full: Uint16Array | null;
  /** The source tone (luma output), kept intact so several finishes can share one prepare. */
  readonly source: Uint16Array;
  readonly toneA: Uint16Array;
  readonly toneB: Uint16Array;
  readonly grad: Int32Array;
  readonly hist: Uint32Array;
  readonly levels: Int32Array;
  readonly cellData: Int32Array;
  /** Local contrast: the cell mean tones and their blur (ping-pong with `localB`). */
  readonly means: Uint16Array;
  readonly localA: Uint16Array;
  readonly localB: Uint16Array;
  /** Two-colour blocks: the fine plane's x pass and the fine plane (linear RGB, u16 x 3); empty without. */
  readonly fineX: Uint16Array;
  readonly fine: Uint16Array;
}

export function allocate(plan: FramePlan, key: string): Buffers {
  const sizes: Uint16Array[] = [];
  let w = plan.source.width;
  let h = plan.source.height;
  for (const step of plan.pyramid) {
    w = Math.floor(w / step.fx);
    h = Math.floor(h / step.fy);
    sizes.push(new Uint16Array(w * h * 3));
  }
  const samples = plan.sampleWidth * plan.sampleHeight;
  return {
    key,
    pyramid: sizes,
    resampledX: new Uint16Array(plan.sampleWidth * plan.reducedHeight * 3),
    lin: new Uint16Array(samples * 3),
    full: plan.pyramid.length === 0 ? new Uint16Array(plan.source.width * plan.source.height * 3) : null,
    source: new Uint16Array(samples),
    toneA: new Uint16Array(samples),
    toneB: new Uint16Array(samples),
    grad: new Int32Array(samples * 2),
    hist: new Uint32Array(256),
    levels: new Int32Array(2),
    cellData: new Int32Array(plan.columns * plan.rows * CELL_STRIDE),
    means: new Uint16Array(plan.columns * plan.rows),
    localA: new Uint16Array(plan.columns * plan.rows),
    localB: new Uint16Array(plan.columns * plan.rows),
    fineX: new Uint16Array(plan.fineWidth * plan.reducedHeight * 3),
    fine: new Uint16Array(plan.fineWidth * plan.fineHeight * 3),
  };
}

/**
 * The CPU executor's planes for one frame size, allocated once and reused while the size stays.
 * A new size takes its planes from the last size's memory where it is large enough (a batch of
 * photos of many sizes allocates, and leaves the garbage collector, little more than its largest
 * frame); every stage writes all of its plane before it is read, so what a plane held before
 * never shows.
 */
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

export function allocate(plan: FramePlan, key: string, previous?: Buffers): Buffers {
  const sizes: Uint16Array[] = [];
  let w = plan.source.width;
  let h = plan.source.height;
  for (const [i, step] of plan.pyramid.entries()) {
    w = Math.floor(w / step.fx);
    h = Math.floor(h / step.fy);
    sizes.push(reuse(Uint16Array, w * h * 3, previous?.pyramid[i]));
  }
  const samples = plan.sampleWidth * plan.sampleHeight;
  const cells = plan.columns * plan.rows;
  const full = plan.pyramid.length === 0 ? plan.source.width * plan.source.height * 3 : 0;
  return {
    key,
    pyramid: sizes,
    resampledX: reuse(Uint16Array, plan.sampleWidth * plan.reducedHeight * 3, previous?.resampledX),
    lin: reuse(Uint16Array, samples * 3, previous?.lin),
    full: full > 0 ? reuse(Uint16Array, full, previous?.full ?? previous?.pyramid[0]) : null,
    source: reuse(Uint16Array, samples, previous?.source),
    toneA: reuse(Uint16Array, samples, previous?.toneA),
    toneB: reuse(Uint16Array, samples, previous?.toneB),
    grad: reuse(Int32Array, samples * 2, previous?.grad),
    hist: previous?.hist ?? new Uint32Array(256),
    levels: previous?.levels ?? new Int32Array(2),
    cellData: reuse(Int32Array, cells * CELL_STRIDE, previous?.cellData),
    means: reuse(Uint16Array, cells, previous?.means),
    localA: reuse(Uint16Array, cells, previous?.localA),
    localB: reuse(Uint16Array, cells, previous?.localB),
    fineX: reuse(Uint16Array, plan.fineWidth * plan.reducedHeight * 3, previous?.fineX),
    fine: reuse(Uint16Array, plan.fineWidth * plan.fineHeight * 3, previous?.fine),
  };
}

type PlaneType = Uint16ArrayConstructor | Int32ArrayConstructor;

/** A plane of `length` over `old`'s memory when it holds that many, else a new one. */
function reuse<T extends PlaneType>(type: T, length: number, old?: Uint16Array | Int32Array | null): InstanceType<T> {
  const bytes = length * type.BYTES_PER_ELEMENT;
  const memory =
    old && old.byteOffset === 0 && old.buffer.byteLength >= bytes
      ? (old.buffer as ArrayBuffer)
      : new ArrayBuffer(bytes);
  return new type(memory, 0, length) as InstanceType<T>;
}

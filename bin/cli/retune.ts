/**
 * A video's look re-tuned when its scene changes. The Auto Director tunes on the first frame,
 * but a video that fades in from black, or cuts to another scene, would keep the look tuned
 * for a picture no longer shown (on a black first frame, a handful of glyphs for the whole
 * video). Each frame's tone is summed up cheaply (sceneOf); when it has moved far from the
 * tuned frame's, the frame is tuned again on a worker thread (the frames go on meanwhile) and
 * the new look applies from the frame after the result comes back.
 */
import type { Piscina } from 'piscina';
import type { RenderOptions, RenderParams, RgbaImage } from '../../engine/index.js';
import type { TuneTask } from './tune-worker.js';
import { cliWorkerPool } from './worker-pool.js';

/** A frame's tone in brief: the mean and spread of its luma, 0..255, over a sparse grid of pixels. */
export interface Scene {
  readonly mean: number;
  readonly spread: number;
}

/** Pixels read per frame, at most: enough for a mean and a spread, a fraction of a millisecond. */
const SCENE_SAMPLES = 4096;

export function sceneOf(image: RgbaImage): Scene {
  const { width, height, data } = image;
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / SCENE_SAMPLES)));
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  for (let y = step >> 1; y < height; y += step)
    for (let x = step >> 1; x < width; x += step) {
      const p = (y * width + x) * 4;
      const luma = 0.2126 * data[p] + 0.7152 * data[p + 1] + 0.0722 * data[p + 2];
      sum += luma;
      sumSq += luma * luma;
      n++;
    }
  const mean = n > 0 ? sum / n : 0;
  return { mean, spread: n > 0 ? Math.sqrt(Math.max(0, sumSq / n - mean * mean)) : 0 };
}

/** The mean moved by a tenth of the range, or the spread grew or shrank by half: another picture to tune for. */
export function sceneChanged(tuned: Scene, now: Scene): boolean {
  const wider = Math.max(tuned.spread, now.spread);
  const narrower = Math.min(tuned.spread, now.spread);
  return Math.abs(now.mean - tuned.mean) > 25.5 || wider > 1.5 * narrower + 4;
}

export class Retuner {
  #pool: Piscina<TuneTask, RenderParams> | null = null;
  #tunedScene: Scene;
  #pending = false;
  #result: RenderParams | null = null;

  constructor(firstFrame: RgbaImage) {
    this.#tunedScene = sceneOf(firstFrame);
  }

  /**
   * Looks at the frame about to be rendered: when its scene has changed and no tuning is under
   * way, starts tuning it from the caller's `params` (the grid's size in `options`).
   */
  consider(frame: RgbaImage, params: RenderParams, options: RenderOptions): void {
    if (this.#pending) return;
    const scene = sceneOf(frame);
    if (!sceneChanged(this.#tunedScene, scene)) return;
    this.#pending = true;
    this.#tunedScene = scene;
    const image = { width: frame.width, height: frame.height, data: frame.data.slice() };
    this.#worker()
      .run({ image, params, options }, { transferList: [image.data.buffer] })
      .then((tuned) => {
        this.#result = tuned;
      })
      .catch(() => {}) // the look tuned before stays
      .finally(() => {
        this.#pending = false;
      });
  }

  /** The params of a tuning that has come back since the last call, once; else null. */
  take(): RenderParams | null {
    const result = this.#result;
    this.#result = null;
    return result;
  }

  async close(): Promise<void> {
    await this.#pool?.destroy();
  }

  #worker(): Piscina<TuneTask, RenderParams> {
    this.#pool ??= cliWorkerPool<TuneTask, RenderParams>('tune-worker', 1);
    return this.#pool;
  }
}

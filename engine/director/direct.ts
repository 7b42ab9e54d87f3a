/**
 * The Auto Director (DESIGN 4): proposes a look for this source from its analysis (one render,
 * no search: the rubric's `look`), blends from the caller's parameters towards it by
 * `autoOptimize`, and reports honest evidence measured on the final render: the rubric's
 * metrics against their targets, what changed, and why in plain words.
 *
 * Cost: the sampling stages (linear light, pyramid, resample) run once; the analysis is a few
 * passes over the sample grid; then one render and its measurement. The motion rubric also
 * renders a 4-frame noisy stream to measure flicker. Deterministic: same input, same result.
 */
import { type CpuExecutor, type SamplePlanes, StreamState } from '../cpu/executor.js';
import { TONE_MAX } from '../fixed.js';
import type { CellGrid, DirectorEvidence, MetricEvidence, ParamChange } from '../grid.js';
import type { RgbaImage } from '../image.js';
import { CELL_STRIDE } from '../kernels/cells.js';
import { temporal } from '../kernels/temporal.js';
import { paramInfo, type RenderParams } from '../params.js';
import { type FramePlan, planFrame, srgbTables } from '../plan.js';
import type { RenderOptions } from '../size.js';
import { analyzeSource } from './analyze.js';
import {
  bandDetail,
  highlightClip,
  psnr,
  renderView,
  shadowNoise,
  tonalSpread,
  toneCorrelation,
  toneRmse,
} from './metrics.js';
import { RUBRICS, type Rubric, TUNABLE } from './rubrics.js';

/** Noise of the motion rubric's simulated stream: 1.5 % of the tone range, Gaussian. */
const STREAM_NOISE = 0.015 * TONE_MAX;

const round4 = (v: number) => Math.round(v * 1e4) / 1e4;

/** A deterministic Gaussian noise generator (LCG + Box-Muller). */
function noiseSource(seed: number): () => number {
  let s = seed >>> 0;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s + 0.5) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(next())) * Math.cos(2 * Math.PI * next());
}

/** Frames the temporal filter needs to cover 90 % of a step from black to 80 % ink. */
function stepFrames(plan: FramePlan): number {
  const data = new Int32Array(CELL_STRIDE);
  const m = new Int32Array(8);
  const p = new Int32Array(8);
  const step = Math.round(plan.glyphs.densest * 0.8);
  data.fill(0, 0, 8);
  temporal(data, 1, plan.temporal, true, m, p);
  for (let f = 0; f < 3; f++) {
    data.fill(0, 0, 8);
    temporal(data, 1, plan.temporal, false, m, p);
  }
  for (let f = 1; f <= 30; f++) {
    data.fill(step, 0, 8);
    temporal(data, 1, plan.temporal, false, m, p);
    if (data[8] >= 0.9 * step) return f;
  }
  return 30;
}

/** One source prepared at the sample grid: its renders and their measurement. */
class Session {
  private readonly sourceTone: Uint16Array;
  readonly planes: SamplePlanes;
  renders = 0;

  constructor(
    private readonly executor: CpuExecutor,
    private readonly image: RgbaImage,
    private readonly options: RenderOptions,
    private readonly rubric: Rubric,
    firstPlan: FramePlan,
  ) {
    this.planes = executor.prepare(firstPlan, image);
    // the executor's own plane, unchanged until the next prepare (finish never writes it)
    this.sourceTone = this.planes.tone;
  }

  /** Renders the final parameters (`colors`: with the cells' colors, else black). */
  render(params: RenderParams, colors: boolean): CellGrid {
    const grid = this.executor.finish(planFrame(params, this.image, this.options), undefined, undefined, { colors });
    this.renders++;
    return grid;
  }

  /** The rubric's metrics of `grid`, the render of `params`. */
  measure(params: RenderParams, grid: CellGrid): Record<string, number> {
    const plan = planFrame(params, this.image, this.options);
    const v = renderView(grid, plan.glyphs, this.sourceTone, plan.invert);
    const m: Record<string, number> = {};
    for (const { name } of this.rubric.metrics) {
      if (name === 'tonalSpread') m.tonalSpread = tonalSpread(v);
      else if (name === 'toneCorrelation') m.toneCorrelation = toneCorrelation(v);
      else if (name === 'midtoneDetail') m.midtoneDetail = bandDetail(v, 0.3, 0.7);
      else if (name === 'highlightClip') m.highlightClip = highlightClip(v);
      else if (name === 'shadowDetail') m.shadowDetail = bandDetail(v, 0, 0.25);
      else if (name === 'shadowNoise') m.shadowNoise = shadowNoise(v);
      else if (name === 'toneRmse') m.toneRmse = toneRmse(v);
      else if (name === 'psnr') m.psnr = psnr(toneRmse(v));
      else if (name === 'staticChangeRate') m.staticChangeRate = this.staticChangeRate(plan);
      else if (name === 'stepFrames') m.stepFrames = stepFrames(plan);
      else throw new Error(`rubric ${this.rubric.name}: no metric ${name}`);
    }
    return m;
  }

  /** Glyph changes per cell per frame over frames 3-4 of a noisy still stream. */
  private staticChangeRate(plan: FramePlan): number {
    const stream = new StreamState();
    const gauss = noiseSource(0x5eed);
    const noisy = new Uint16Array(this.sourceTone.length);
    let prev: Uint8Array | null = null;
    let changes = 0;
    for (let f = 0; f < 4; f++) {
      for (let i = 0; i < noisy.length; i++)
        noisy[i] = Math.min(TONE_MAX, Math.max(0, Math.round(this.sourceTone[i] + gauss() * STREAM_NOISE)));
      const g = this.executor.finish(plan, stream, noisy, { colors: false });
      this.renders++;
      if (prev && f >= 2) for (let i = 0; i < g.glyphs.length; i++) if (g.glyphs[i] !== prev[i]) changes++;
      prev = g.glyphs;
    }
    return changes / (2 * (prev?.length ?? 1));
  }
}

/** What a render is for: `measure`, its evidence measured; `colors`, the cells' colors computed. */
export interface RenderHow {
  readonly measure: boolean;
  readonly colors: boolean;
}

/**
 * The tunable parameters the caller set away from their defaults: a choice made on purpose
 * (a slider moved, a flag typed with another value), which the director keeps as given. It
 * tunes only what was left at the default. By value, not by presence, so every face (the HTTP
 * API, MCP, the CLI, the studio) pins the same parameters for the same values.
 */
export function pinnedParams(user: RenderParams): ReadonlySet<(typeof TUNABLE)[number]> {
  return new Set(TUNABLE.filter((name) => user[name] !== paramInfo(name).default));
}

/** Blend the caller's params towards the tuned ones (pinned ones stay): numbers linearly, choices at >= 0.5. */
function blend(user: RenderParams, tuned: Partial<Record<string, unknown>>, a: number): RenderParams {
  const pinned = pinnedParams(user);
  const out: Record<string, unknown> = { ...user };
  for (const name of TUNABLE) {
    if (pinned.has(name) || !(name in tuned)) continue;
    const u = user[name];
    const t = tuned[name];
    if (typeof u === 'number' && typeof t === 'number') out[name] = round4(u + a * (t - u));
    else out[name] = a >= 0.5 ? t : u;
  }
  return Object.freeze(out as unknown as RenderParams);
}

function evidenceOf(
  rubric: Rubric,
  metrics: Record<string, number>,
  final: RenderParams,
  user: RenderParams,
  reasons: readonly string[],
  renders: number,
  ms: number,
): DirectorEvidence {
  const measured: MetricEvidence[] = rubric.metrics.map((spec) => {
    const value = round4(metrics[spec.name]);
    return { ...spec, value, met: spec.higherIsBetter ? value >= spec.target : value <= spec.target };
  });
  const changes: ParamChange[] = TUNABLE.filter((n) => final[n] !== user[n]).map((n) => ({
    param: n,
    from: user[n],
    to: final[n],
  }));
  return {
    status: measured.every((m) => m.met) ? 'target_met' : 'best_effort',
    rubric: rubric.name,
    autoOptimize: user.autoOptimize,
    metrics: measured,
    changes,
    reasons: changes.length > 0 ? reasons : [],
    candidates: renders,
    ms: round4(ms),
  };
}

/**
 * Renders an image with the Auto Director: proposes the rubric's look for the source, blends
 * by `autoOptimize`, renders the result and attaches the evidence. With autoOptimize = 0 it
 * renders the caller's params and still measures them against the rubric.
 */
export function directRender(
  executor: CpuExecutor,
  image: RgbaImage,
  user: RenderParams,
  options: RenderOptions,
  how: RenderHow = { measure: true, colors: true },
): CellGrid {
  const { grid, evidence } = runDirector(executor, image, user, options, how);
  return { ...grid, evidence: { ...grid.evidence, director: evidence } };
}

/**
 * For streams (the studio): tune on one frame and return the blended parameters and their
 * evidence, so the host renders the following frames with them (on the GPU or CPU) and
 * re-tunes at a low rate, easing between successive results.
 */
export function autoTune(
  executor: CpuExecutor,
  image: RgbaImage,
  user: RenderParams,
  options: RenderOptions,
): { params: RenderParams; evidence: DirectorEvidence } {
  const { params, evidence } = runDirector(executor, image, user, options, { measure: true, colors: true });
  return { params, evidence };
}

function runDirector(
  executor: CpuExecutor,
  image: RgbaImage,
  user: RenderParams,
  options: RenderOptions,
  how: RenderHow & { measure: true },
): { grid: CellGrid; params: RenderParams; evidence: DirectorEvidence };
function runDirector(
  executor: CpuExecutor,
  image: RgbaImage,
  user: RenderParams,
  options: RenderOptions,
  how: RenderHow,
): { grid: CellGrid; params: RenderParams; evidence: DirectorEvidence | null };
/** Tunes, renders and (with `measure`) measures the render for its evidence. */
function runDirector(
  executor: CpuExecutor,
  image: RgbaImage,
  user: RenderParams,
  options: RenderOptions,
  how: RenderHow,
): { grid: CellGrid; params: RenderParams; evidence: DirectorEvidence | null } {
  const t0 = performance.now();
  const rubric = RUBRICS[user.qualityTarget];
  const session = new Session(executor, image, options, rubric, planFrame(user, image, options));
  let final: RenderParams = user;
  let reasons: readonly string[] = [];
  if (user.autoOptimize > 0) {
    const p = session.planes;
    const look = rubric.look(analyzeSource(p.tone, p.lin, p.width, p.height, srgbTables().linearToSrgb));
    final = blend(user, look.params, user.autoOptimize);
    reasons = look.reasons;
  }
  const grid = session.render(final, how.colors);
  if (!how.measure) return { grid, params: final, evidence: null };
  const metrics = session.measure(final, grid);
  const evidence = evidenceOf(rubric, metrics, final, user, reasons, session.renders, performance.now() - t0);
  return { grid, params: final, evidence };
}

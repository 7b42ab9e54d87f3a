/**
 * The Auto Director (DESIGN 4): tunes the parameters for this source against the chosen
 * rubric, blends from the caller's parameters towards the tuned ones by `autoOptimize`, and
 * reports honest evidence measured on the final render.
 *
 * Budget: at most 9 candidate renders at the sample grid (the caller's params, up to 5 rubric
 * looks, up to 3 one-step refinements), plus the final render; the sampling stages (linear
 * light, pyramid, resample) run once for all of them. Grids over TUNING_MAX_CELLS are tuned
 * on a preview grid of the same aspect with at most that many cells; the final render and
 * its evidence are at full size. The motion rubric renders each candidate
 * as a 4-frame noisy stream. Deterministic: same input, same result.
 */
import { type CpuExecutor, type SamplePlanes, StreamState } from '../cpu/executor.js';
import { TONE_MAX } from '../fixed.js';
import type { CellGrid, DirectorEvidence, MetricEvidence, ParamChange } from '../grid.js';
import type { RgbaImage } from '../image.js';
import { CELL_STRIDE } from '../kernels/cells.js';
import { temporal } from '../kernels/temporal.js';
import { paramInfo, type RenderParams } from '../params.js';
import { type FramePlan, LINEAR_TO_SRGB, planFrame } from '../plan.js';
import type { RenderOptions } from '../size.js';
import { analyzeSource, type SourceAnalysis } from './analyze.js';
import {
  bandDetail,
  blurredSsim,
  edgeFidelity,
  gradientError,
  highlightClip,
  psnr,
  renderView,
  type SsimReference,
  shadowNoise,
  ssimReference,
  tonalCoverage,
  toneCorrelation,
  toneRmse,
} from './metrics.js';
import { RUBRICS, type Rubric, TUNABLE } from './rubrics.js';

/** Largest grid the candidates are rendered at: 200 x 80 cells (a 200-column landscape). */
export const TUNING_MAX_CELLS = 16_000;
/** Candidates scoring within this of the best count as equal; the smallest codebook among them wins. */
const SCORE_TIE = 0.002;
/**
 * Every rubric's floor: art whose cell tones no longer follow the source's (correlation under
 * this) ranks below every candidate that keeps to it, and among such candidates loses the
 * shortfall from its score. SSIM's constants (the display's white) make it blind to faint
 * structure, so on a low-contrast photo (a hazy dune, sRGB 107-150) a uniform field of one
 * glyph outscored every render that shows the dune; a penalty of the shortfall alone was
 * outweighed by that SSIM gain (the hazy dune in blocks: 0.89 -> 0.41).
 */
const MIN_TONE_CORRELATION = 0.5;
/** Larger than any rubric score's span, so a candidate under the floor never beats one over it. */
const BELOW_FLOOR = 10;
/** Noise of the motion rubric's simulated stream: 1.5 % of the tone range, Gaussian. */
const STREAM_NOISE = 0.015 * TONE_MAX;

interface Candidate {
  readonly params: RenderParams;
  readonly grid: CellGrid;
  readonly metrics: Record<string, number>;
  readonly score: number;
}

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

class Session {
  private readonly sourceTone: Uint16Array;
  private readonly ssimRef: SsimReference;
  private readonly planes: SamplePlanes;
  private analysisCache: SourceAnalysis | null = null;
  renders = 0;

  constructor(
    private readonly executor: CpuExecutor,
    private readonly image: RgbaImage,
    private readonly options: RenderOptions,
    private readonly rubric: Rubric,
    firstPlan: FramePlan,
  ) {
    this.planes = executor.prepare(firstPlan, image);
    this.sourceTone = Uint16Array.from(this.planes.tone);
    this.ssimRef = ssimReference(this.sourceTone, this.planes.width, this.planes.height);
  }

  /** The source analysis, computed when a rubric first asks for it. */
  get analysis(): SourceAnalysis {
    const p = this.planes;
    this.analysisCache ??= analyzeSource(this.sourceTone, p.lin, p.width, p.height, LINEAR_TO_SRGB);
    return this.analysisCache;
  }

  /** Renders and measures one parameter set; `final` also computes the colors. */
  evaluate(params: RenderParams, final = false): Candidate {
    const plan = planFrame(params, this.image, this.options);
    const grid = this.executor.finish(plan, undefined, undefined, { colors: final });
    this.renders++;
    const metrics = this.measure(plan, grid);
    const shortfall = MIN_TONE_CORRELATION - metrics.toneCorrelation;
    const lost = shortfall > 0 ? BELOW_FLOOR + shortfall : 0;
    return { params, grid, metrics, score: this.rubric.score(metrics) - lost };
  }

  private measure(plan: FramePlan, grid: CellGrid): Record<string, number> {
    const v = renderView(grid, plan.glyphs, this.sourceTone, plan.invert);
    const m: Record<string, number> = {};
    const want = new Set(this.rubric.metrics.map((x) => x.name));
    m.blurredSsim = blurredSsim(v, this.ssimRef);
    if (want.has('tonalCoverage')) m.tonalCoverage = tonalCoverage(v);
    m.toneCorrelation = toneCorrelation(v);
    if (want.has('midtoneDetail')) m.midtoneDetail = bandDetail(v, 0.3, 0.7);
    if (want.has('gradientError')) m.gradientError = gradientError(v);
    if (want.has('edgeFidelity')) m.edgeFidelity = edgeFidelity(v);
    if (want.has('highlightClip')) m.highlightClip = highlightClip(v);
    if (want.has('shadowDetail')) m.shadowDetail = bandDetail(v, 0, 0.25);
    if (want.has('shadowNoise')) m.shadowNoise = shadowNoise(v);
    if (want.has('toneRmse') || want.has('psnr')) {
      m.toneRmse = toneRmse(v);
      m.psnr = psnr(m.toneRmse);
    }
    if (want.has('staticChangeRate')) m.staticChangeRate = this.staticChangeRate(plan);
    if (want.has('stepFrames')) m.stepFrames = stepFrames(plan);
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

function clampToRange(name: (typeof TUNABLE)[number], value: number): number {
  const k = paramInfo(name).kind;
  return k.type === 'number' || k.type === 'integer' ? Math.min(k.max, Math.max(k.min, value)) : value;
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

/** `change` without the pinned parameters: a look or a refinement never moves a choice the caller made. */
function unpinned(
  change: Partial<Record<string, unknown>>,
  pinned: ReadonlySet<string>,
): Partial<Record<string, unknown>> {
  return Object.fromEntries(Object.entries(change).filter(([name]) => !pinned.has(name)));
}

/** Blend the caller's params towards the tuned ones: numbers linearly, choices at >= 0.5. */
function blend(user: RenderParams, tuned: RenderParams, a: number): RenderParams {
  const out: Record<string, unknown> = { ...user };
  for (const name of TUNABLE) {
    const u = user[name];
    const t = tuned[name];
    if (typeof u === 'number' && typeof t === 'number') out[name] = round4(u + a * (t - u));
    else out[name] = a >= 0.5 ? t : u;
  }
  return Object.freeze(out as unknown as RenderParams);
}

function withChange(p: RenderParams, change: Partial<Record<string, unknown>>): RenderParams {
  return Object.freeze({ ...p, ...change }) as RenderParams;
}

function evidenceOf(rubric: Rubric, c: Candidate, user: RenderParams, renders: number, ms: number): DirectorEvidence {
  const metrics: MetricEvidence[] = rubric.metrics.map((spec) => {
    const value = round4(c.metrics[spec.name]);
    return { ...spec, value, met: spec.higherIsBetter ? value >= spec.target : value <= spec.target };
  });
  const changes: ParamChange[] = TUNABLE.filter((n) => c.params[n] !== user[n]).map((n) => ({
    param: n,
    from: user[n],
    to: c.params[n],
  }));
  return {
    status: metrics.every((m) => m.met) ? 'target_met' : 'best_effort',
    rubric: rubric.name,
    autoOptimize: user.autoOptimize,
    metrics,
    changes,
    candidates: renders,
    ms: round4(ms),
  };
}

/**
 * Renders an image with the Auto Director: tunes, blends by `autoOptimize`, renders the
 * result and attaches the evidence. With autoOptimize = 0 it renders the caller's params and
 * still measures them against the rubric.
 */
export function directRender(
  executor: CpuExecutor,
  image: RgbaImage,
  user: RenderParams,
  options: RenderOptions,
): CellGrid {
  const { grid, evidence } = runDirector(executor, image, user, options);
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
  const { params, evidence } = runDirector(executor, image, user, options);
  return { params, evidence };
}

function runDirector(
  executor: CpuExecutor,
  image: RgbaImage,
  user: RenderParams,
  options: RenderOptions,
): { grid: CellGrid; params: RenderParams; evidence: DirectorEvidence } {
  const t0 = performance.now();
  const rubric = RUBRICS[user.qualityTarget];
  const fullPlan = planFrame(user, image, options);
  const cells = fullPlan.columns * fullPlan.rows;
  let final: RenderParams = user;
  let renders = 0;
  let fullSession: Session | null = null;
  if (user.autoOptimize > 0) {
    // tune on the full grid, or on a preview of the same aspect when the grid is large
    const scale = Math.min(1, Math.sqrt(TUNING_MAX_CELLS / cells));
    if (scale < 1) {
      const preview: RenderOptions = { rows: Math.max(1, Math.floor(fullPlan.rows * scale)) };
      const small = withChange(user, { columns: Math.max(8, Math.floor(user.columns * scale)) });
      const session = new Session(executor, image, preview, rubric, planFrame(small, image, preview));
      final = blend(user, withChange(tune(session, rubric, small), { columns: user.columns }), user.autoOptimize);
      renders = session.renders;
    } else {
      fullSession = new Session(executor, image, options, rubric, fullPlan);
      final = blend(user, tune(fullSession, rubric, user), user.autoOptimize);
    }
  }
  fullSession ??= new Session(executor, image, options, rubric, fullPlan);
  const result = fullSession.evaluate(final, true);
  const evidence = evidenceOf(rubric, result, user, renders + fullSession.renders, performance.now() - t0);
  return { grid: result.grid, params: final, evidence };
}

/**
 * The search: the caller's params, the rubric's looks, one-step refinements of the best; none
 * moves a pinned parameter (a look that differs only there from one tried is not rendered again).
 */
function tune(session: Session, rubric: Rubric, user: RenderParams): RenderParams {
  const pinned = pinnedParams(user);
  // a look may come to params already tried once its pinned parameters are left out: rendered once
  const seen = new Set<string>();
  const unseen = (p: RenderParams) => {
    const key = JSON.stringify(TUNABLE.map((name) => p[name]));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const tried: Candidate[] = [session.evaluate(user)];
  unseen(user);
  for (const look of rubric.looks(session.analysis)) {
    const params = withChange(user, unpinned(look, pinned));
    if (unseen(params)) tried.push(session.evaluate(params));
  }
  let best = tried.reduce((a, b) => (b.score > a.score ? b : a));
  for (const { param, step } of rubric.refine) {
    if (pinned.has(param)) continue;
    const value = round4(clampToRange(param, best.params[param] + step));
    if (value === best.params[param]) continue;
    const c = session.evaluate(withChange(best.params, { [param]: value }));
    tried.push(c);
    if (c.score > best.score) best = c;
  }
  // rate-distortion: among near-ties, the smallest codebook
  return tried
    .filter((c) => c.score >= best.score - SCORE_TIE)
    .reduce((a, b) => (b.grid.evidence.codebook.size < a.grid.evidence.codebook.size ? b : a)).params;
}

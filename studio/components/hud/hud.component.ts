import { html, LitElement, nothing } from 'lit';
import { hudStyles } from './hud.styles.js';

/** What the HUD shows; numbers the host does not have are null and shown as a dash. */
export interface HudFigures {
  readonly fps: number | null;
  /** Executor time per frame, ms. */
  readonly frameMs: number | null;
  /** GPU time of the executor's passes per frame, ms (null on the CPU executor). */
  readonly gpuMs: number | null;
  /** How gpuMs was measured: GPU timestamp queries, or wall time from submit to readback. */
  readonly gpuTiming: 'timestamp-query' | 'wall' | null;
  /** GPU time of the draw pass (timestamp queries, WebGPU painter only), ms. */
  readonly drawGpuMs: number | null;
  readonly columns: number;
  readonly rows: number;
  /** Share of cells whose glyph changed since the previous frame, 0..1. */
  readonly changeRate: number | null;
  /** Whether the stream's frames run the temporal filter (null: not a stream). */
  readonly temporal: boolean | null;
  readonly dropped: number;
  /** A still's render for changed settings is under way (the picture shown is the last one). */
  readonly rendering: boolean;
}

const gpuTitle = (timing: HudFigures['gpuTiming']) =>
  timing === 'timestamp-query'
    ? "GPU time of the executor's compute passes (timestamp queries)"
    : timing === 'wall'
      ? 'No GPU timestamps on this device: wall time from submit to the mapped readback'
      : 'The CPU executor renders: no GPU time';

const fixed = (v: number | null, digits: number, unit = '') => (v === null ? '—' : `${v.toFixed(digits)}${unit}`);

/**
 * The performance HUD over the stage: fps, executor time per frame (wall, request to grid), GPU
 * time of the executor's passes (marked `wall` when the device has no timestamp queries and the
 * figure is submit-to-readback wall time), GPU time of the draw pass, grid size, glyph change
 * rate, whether the temporal filter runs, and dropped frames; for a still, "rendering…" while a
 * render for changed settings is under way. Pure display; the host refreshes it (4 Hz while a stream plays).
 *
 * @csspart list - the figures.
 */
export class Hud extends LitElement {
  static override styles = hudStyles;
  static override properties = { figures: { attribute: false }, stream: { type: Boolean } };

  declare figures: HudFigures | null;
  declare stream: boolean;

  constructor() {
    super();
    this.figures = null;
    this.stream = false;
  }

  protected override render() {
    const f = this.figures;
    if (!f) return nothing;
    return html`<dl part="list" aria-label="Performance">
      ${this.stream ? html`<div><dt>fps</dt><dd>${fixed(f.fps, 0)}</dd></div>` : nothing}
      <div><dt>frame</dt><dd>${fixed(f.frameMs, 1, ' ms')}</dd></div>
      <div title=${gpuTitle(f.gpuTiming)}><dt>GPU</dt><dd>${fixed(f.gpuMs, 2, f.gpuTiming === 'wall' ? ' ms (wall)' : ' ms')}</dd></div>
      <div title="GPU time of the draw pass (timestamp queries)"><dt>draw</dt><dd>${fixed(f.drawGpuMs, 2, ' ms')}</dd></div>
      <div><dt>grid</dt><dd>${f.columns}×${f.rows}</dd></div>
      ${f.rendering ? html`<div class="rendering"><dt>now</dt><dd>rendering…</dd></div>` : nothing}
      ${
        this.stream
          ? html`<div><dt>filter</dt><dd>${f.temporal ? 'temporal' : 'off'}</dd></div>
              <div><dt>Δ glyphs</dt><dd>${fixed(f.changeRate === null ? null : f.changeRate * 100, 1, '%')}</dd></div>
              <div><dt>dropped</dt><dd>${f.dropped}</dd></div>`
          : nothing
      }
    </dl>`;
  }
}

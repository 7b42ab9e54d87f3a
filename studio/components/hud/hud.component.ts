import { html, LitElement, nothing } from 'lit';
import { hudStyles } from './hud.styles.js';

/** What the HUD shows; numbers the host does not have are null and shown as a dash. */
export interface HudFigures {
  readonly fps: number | null;
  /** Executor time per frame, ms. */
  readonly frameMs: number | null;
  /** GPU time per frame (draw pass, plus compute when the GPU executor runs), ms. */
  readonly gpuMs: number | null;
  readonly columns: number;
  readonly rows: number;
  /** Share of cells whose glyph changed since the previous frame, 0..1. */
  readonly changeRate: number | null;
  readonly dropped: number;
}

const fixed = (v: number | null, digits: number, unit = '') => (v === null ? '—' : `${v.toFixed(digits)}${unit}`);

/**
 * The performance HUD over the stage: fps, executor time per frame, GPU time per frame, grid
 * size, glyph change rate and dropped frames. Pure display; the host refreshes it (4 Hz while
 * a stream plays).
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
      <div><dt>GPU</dt><dd>${fixed(f.gpuMs, 2, ' ms')}</dd></div>
      <div><dt>grid</dt><dd>${f.columns}×${f.rows}</dd></div>
      ${
        this.stream
          ? html`<div><dt>Δ glyphs</dt><dd>${fixed(f.changeRate === null ? null : f.changeRate * 100, 1, '%')}</dd></div>
              <div><dt>dropped</dt><dd>${f.dropped}</dd></div>`
          : nothing
      }
    </dl>`;
  }
}

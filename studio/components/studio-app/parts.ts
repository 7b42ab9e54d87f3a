/** Pieces of the studio's page, drawn from its state. */
import { html, nothing } from 'lit';
import type { CellGrid } from '../../../engine/index.js';
import type { RenderPipeline } from '../../controllers/render-pipeline.js';
import type { Notice } from '../../state/notices.js';
import type { HudFigures } from '../hud/hud.component.js';

/** The notices above the stage, each with its action (Undo) and a Dismiss button. */
export function noticeList(notices: readonly Notice[], close: (notice: Notice, run?: () => void) => void) {
  return notices.map(
    (n) => html`<div class="notice ${n.kind}" role=${n.kind === 'error' ? 'alert' : 'status'}>
      <p>${n.text}</p>
      ${n.action ? html`<button class="action" @click=${() => close(n, n.action?.run)}>${n.action.label}</button>` : nothing}
      <button class="icon" aria-label="Dismiss" @click=${() => close(n)}>✕</button>
    </div>`,
  );
}

/** What the HUD shows of the latest frame: a stream's rate and changes, a still's render time. */
export function hudFigures(
  pipeline: RenderPipeline,
  grid: CellGrid,
  stream: boolean,
  drawGpuMs: number | null,
): HudFigures {
  return {
    fps: stream ? pipeline.stats.fps() : null,
    frameMs: pipeline.stats.renderMs,
    gpuMs: pipeline.gpuMs,
    gpuTiming: pipeline.gpuTiming,
    drawGpuMs,
    columns: grid.columns,
    rows: grid.rows,
    changeRate: stream ? pipeline.stats.changeRate : null,
    temporal: stream ? pipeline.temporalOn : null,
    dropped: pipeline.stats.dropped,
    rendering: !stream && pipeline.stillRendering,
  };
}

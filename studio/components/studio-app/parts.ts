/** Pieces of the studio's page, drawn from its state. */
import { html, nothing } from 'lit';
import type { CellGrid, DirectorEvidence, ParamIssue, ParamName, RenderEvidence } from '../../../engine/index.js';
import type { RenderPipeline } from '../../controllers/render-pipeline.js';
import type { StudioSource } from '../../sources/source.js';
import type { FrameBus } from '../../state/frame-bus.js';
import type { Notice } from '../../state/notices.js';
import { linkIssueText } from '../../state/url-state.js';
import type { HudFigures } from '../hud/hud.component.js';
import type { ParamValue } from '../param-field/param-field.component.js';

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

/** What the dock below the picture shows: the Auto Director's evidence, the exports, the handoff. */
export interface DockState {
  readonly bus: FrameBus;
  readonly evidence: RenderEvidence | null;
  readonly autoOptimize: number;
  readonly tunes: number | null;
  readonly sourceId: number;
  readonly source: StudioSource | null;
  readonly unrendered: boolean;
  readonly traceId: string | null;
  /** Whether the handoff panel shows: a receiver is configured, or the diagnostics view is open. */
  readonly handoff: boolean;
  /** The diagnostics view is open: the evidence shows its measures. */
  readonly diagnostics: boolean;
}

export function dockView(d: DockState) {
  return html`<section class="dock" tabindex="-1" aria-label="Evidence, export and handoff">
    <gc-evidence-panel
      tabindex="0"
      role="region"
      aria-label="Auto Director"
      .evidence=${d.evidence}
      .autoOptimize=${d.autoOptimize}
      .tunes=${d.tunes}
      ?detailed=${d.diagnostics}
    ></gc-evidence-panel>
    <gc-export-panel
      .bus=${d.bus}
      .sourceId=${d.sourceId}
      .sourceName=${d.source?.name ?? ''}
      ?stream=${d.source?.kind === 'video' || d.source?.kind === 'camera'}
    ></gc-export-panel>
    ${
      d.handoff
        ? html`<gc-handoff-panel
            .bus=${d.bus}
            .sourceId=${d.sourceId}
            ?unrendered=${d.unrendered}
            .sourceKind=${d.source?.kind ?? null}
            .traceId=${d.traceId}
          ></gc-handoff-panel>`
        : nothing
    }
  </section>`;
}

/** The values the Auto Director rendered instead of the controls' (its evidence's changes), remade only when the evidence changes. */
export class TunedValues {
  #from: DirectorEvidence | null = null;
  #values: ReadonlyMap<ParamName, ParamValue> = new Map();

  of(director: DirectorEvidence | null): ReadonlyMap<ParamName, ParamValue> {
    if (director !== this.#from) {
      this.#from = director;
      this.#values = new Map((director?.changes ?? []).map((c) => [c.param as ParamName, c.to as ParamValue]));
    }
    return this.#values;
  }
}

/** The notice for an opening link's values that could not be used. */
export const linkNoticeText = (issues: readonly ParamIssue[]) =>
  `Some values in this link were not used and their defaults apply instead: ${issues.map(linkIssueText).join('; ')}.`;

/**
 * The evidence shown for a stream frame whose grid stayed on the GPU: the last read frame's,
 * with the Auto Director's latest tune (the same object while that has not changed).
 */
export function withDirector(
  evidence: RenderEvidence | null,
  director: DirectorEvidence | null,
): RenderEvidence | null {
  return evidence && evidence.director !== director ? { ...evidence, director } : evidence;
}

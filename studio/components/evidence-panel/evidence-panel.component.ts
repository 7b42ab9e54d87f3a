import { html, LitElement, nothing } from 'lit';
import type { CodebookEvidence, DirectorEvidence, RenderEvidence } from '../../../engine/index.js';
import { type ParamName, paramInfo } from '../../../engine/index.js';
import { RETUNE_MS } from '../../render/auto-director.js';
import { METRIC_LABELS, paramLabel, readableValue } from '../../state/param-labels.js';
import { evidencePanelStyles } from './evidence-panel.styles.js';

const num = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toFixed(3));
/** An adjusted value as its control shows it ("on", "0.90"), not as the engine wrote it ("true", "0.9"). */
const adjusted = (name: ParamName, value: unknown) => readableValue(paramInfo(name), value);
/** A reason as a sentence: its first letter raised. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const statusBadge = (status: 'target_met' | 'best_effort') =>
  status === 'target_met'
    ? html`<span class="badge met">target met</span>`
    : html`<span class="badge best">best effort</span>`;

/**
 * The evidence of the frame on screen: the Auto Director's verdict (target met or best effort),
 * each rubric score against its target, and what it adjusted; and the glyph codebook chosen
 * (strategy, size, measured RMSE against its bound). Renders whatever the engine reports; the
 * director part says so plainly when the engine reported nothing. On a stream (`tunes` set) it
 * is the evidence of the last re-tune, and says how many there were.
 */
export class EvidencePanel extends LitElement {
  static override styles = evidencePanelStyles;
  static override properties = {
    evidence: { attribute: false },
    autoOptimize: { type: Number },
    tunes: { attribute: false },
    detailed: { type: Boolean },
  };

  declare evidence: RenderEvidence | null;
  declare autoOptimize: number;
  /** On a stream: how many times the director has tuned it so far (null: a still). */
  declare tunes: number | null;
  /** The diagnostics view: the measures and the codebook start open. */
  declare detailed: boolean;

  constructor() {
    super();
    this.evidence = null;
    this.autoOptimize = 0;
    this.tunes = null;
    this.detailed = false;
  }

  protected override render() {
    const e = this.evidence;
    return html`<h2 id="evidence-heading">Auto Director</h2>
      ${e ? this.director(e.director) : html`<p>Load an image, a video or the webcam to see the evidence.</p>`}
      ${e ? this.codebook(e.codebook, e) : nothing}`;
  }

  private director(d: DirectorEvidence | null) {
    if (!d) {
      return html`<section aria-label="Auto Director evidence">
        <p>
          ${
            this.autoOptimize === 0
              ? 'The Auto Director is off: your settings are drawn as they are.'
              : this.tunes !== null
                ? 'Auto Director: tuning on the first frame…'
                : 'No Auto Director evidence for this frame.'
          }
        </p>
      </section>`;
    }
    return html`<section aria-label="Auto Director evidence">
      ${
        d.reasons.length > 0 && d.changes.length > 0
          ? html`<p class="verdict">Chosen for this picture:</p>
              <ul aria-label="Why" class="reasons">
                ${d.reasons.map((r) => html`<li>${sentence(r)}</li>`)}
              </ul>`
          : html`<p class="verdict">
              ${d.autoOptimize === 0 ? 'The Auto Director is off: your settings are drawn as they are.' : 'Your settings suit this picture: the Auto Director changed nothing.'}
            </p>`
      }
      ${
        d.changes.length > 0
          ? html`<ul aria-label="Adjustments">
              ${d.changes.map(
                (c) =>
                  html`<li>
                    ${paramLabel(c.param as ParamName)} <span class="mono">${adjusted(c.param as ParamName, c.from)} → ${adjusted(c.param as ParamName, c.to)}</span>
                  </li>`,
              )}
            </ul>`
          : nothing
      }
      ${
        this.tunes !== null
          ? html`<p class="live">Live: tuned ${this.tunes} ${this.tunes === 1 ? 'time' : 'times'} on this stream, on a frame every
              ${RETUNE_MS / 1000} s and after each change; the picture eases to each result.</p>`
          : nothing
      }
      <details ?open=${this.detailed}>
        <summary>Measures ${statusBadge(d.status)}</summary>
        <table>
          <caption class="visually-hidden">${d.rubric} rubric</caption>
          <thead>
            <tr><th scope="col">Measure</th><th scope="col">Score</th><th scope="col">Target</th><th scope="col"><span class="visually-hidden">Result</span></th></tr>
          </thead>
          <tbody>
            ${d.metrics.map(
              (m) => html`<tr>
                <th scope="row" title="${m.name}: ${METRIC_LABELS[m.name]?.meaning ?? ''}">${METRIC_LABELS[m.name]?.label ?? m.name}</th>
                <td class="num">${num(m.value)}</td>
                <td class="num">${m.higherIsBetter ? '≥' : '≤'} ${num(m.target)}</td>
                <td class=${m.met ? 'met' : 'missed'}>${m.met ? 'met' : 'missed'}</td>
              </tr>`,
            )}
          </tbody>
        </table>
        <p>
          ${d.candidates} ${d.candidates === 1 ? 'render' : 'renders'} in ${d.ms.toFixed(1)} ms · strength
          ${d.autoOptimize}
        </p>
      </details>
    </section>`;
  }

  private codebook(c: CodebookEvidence, e: RenderEvidence) {
    return html`<details aria-label="Glyph codebook" ?open=${this.detailed}>
      <summary>Characters ${statusBadge(c.status)}</summary>
      <dl>
        <dt>strategy</dt>
        <dd>${c.strategy}, ${c.size} glyphs</dd>
        <dt>glyphs</dt>
        <dd><span class="glyphs" title=${c.glyphs}>${c.glyphs}</span></dd>
        <dt>RMSE</dt>
        <dd>${c.rmse.toFixed(4)}${c.bound === null ? '' : ` (bound ${c.bound})`}</dd>
        <dt>source</dt>
        <dd>${e.source.width}×${e.source.height}, ${e.samplesPerCell.x}×${e.samplesPerCell.y} samples per cell</dd>
      </dl>
    </details>`;
  }
}

import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { PARAM_GROUPS, PARAMS, type ParamName, paramInfo, type RenderParams } from '../../../engine/index.js';
import { GROUP_LABELS, MAIN_PARAMS, RAIL_HIDDEN } from '../../state/param-labels.js';
import { PRESETS, presetInForce, type QualityTarget } from '../../state/presets.js';
import type { ParamField, ParamValue } from '../param-field/param-field.component.js';
import { paramPanelStyles } from './param-panel.styles.js';

/** Detail of `gc-preset`. */
export interface PresetDetail {
  readonly target: QualityTarget;
}

/**
 * The render parameters, generated from the params schema (PARAMS): the few a newcomer reaches
 * for first (MAIN_PARAMS: width, style, colour, light background, contrast, brightness,
 * outlines), then, under Advanced, the rest as the schema groups them, with one preset per
 * `qualityTarget` rubric. The format is chosen per download, in Export. A reset for everything.
 *
 * @fires gc-param-change - from a field (see ParamField).
 * @fires gc-preset - `PresetDetail`, when a rubric preset is chosen.
 * @fires gc-params-reset - when "Reset all" is pressed.
 */
export class ParamPanel extends LitElement {
  static override styles = paramPanelStyles;
  static override properties = { params: { attribute: false }, tuned: { attribute: false } };

  declare params: RenderParams;
  /** The values the Auto Director rendered instead of the controls' (its evidence's changes). */
  declare tuned: ReadonlyMap<ParamName, ParamValue>;

  constructor() {
    super();
    this.tuned = new Map();
  }

  protected override updated(changed: PropertyValues<this>): void {
    // a refused typed value's message stands until the look changes in any way (another control,
    // a preset, Reset all, Undo): it then speaks of a look no longer on screen
    if (changed.get('params') !== undefined) this.dismissErrors();
  }

  private dismissErrors(): void {
    for (const field of this.renderRoot.querySelectorAll<ParamField>('gc-param-field')) field.dismissError();
  }

  protected override render() {
    const current = presetInForce(this.params);
    const rubric = PRESETS.find((p) => p.target === this.params.qualityTarget);
    const field = (info: (typeof PARAMS)[number]) =>
      html`<gc-param-field .info=${info} .value=${this.params[info.name]} .tuned=${this.tuned.get(info.name)}></gc-param-field>`;
    const main = MAIN_PARAMS.map(paramInfo);
    const rest = PARAMS.filter((p) => !MAIN_PARAMS.includes(p.name) && !RAIL_HIDDEN.has(p.name));
    return html`
      <div class="top">
        <h2 id="look-heading">Look</h2>
        <button class="icon reset-all" @click=${() => this.fire('gc-params-reset', null)}>Reset all</button>
      </div>
      <fieldset class="main" aria-labelledby="look-heading">${main.map(field)}</fieldset>
      <details class="advanced">
        <summary>Advanced</summary>
        <h3 id="presets-heading">Presets</h3>
        <div class="presets" role="group" aria-labelledby="presets-heading">
          ${PRESETS.map(
            (p) =>
              html`<button
                title=${p.description}
                aria-pressed=${String(p === current)}
                @click=${() => this.fire('gc-preset', { target: p.target })}
              >
                ${p.label}
              </button>`,
          )}
        </div>
        <p class="preset-note">
          ${current ? current.description : rubric ? `Your own settings, judged by the ${rubric.label} rubric` : ''}
        </p>
        ${PARAM_GROUPS.map((group) => {
          const fields = rest.filter((p) => p.group === group);
          return fields.length === 0
            ? nothing
            : html`<fieldset>
                <legend>${GROUP_LABELS[group]}</legend>
                ${fields.map(field)}
              </fieldset>`;
        })}
      </details>
    `;
  }

  /** A preset or Reset all: the fields' refusals go, even where the look was already that one. */
  private fire(type: string, detail: PresetDetail | null): void {
    this.dismissErrors();
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

import { html, LitElement, noChange, nothing, type PropertyValues } from 'lit';
import { live } from 'lit/directives/live.js';
import { issueMessage, type ParamInfo, ParamsError, type RenderParams, resolveParams } from '../../../engine/index.js';
import {
  CHOICE_LABELS,
  formatValue,
  paramHelp,
  paramLabel,
  rangeText,
  readableValue,
  stepDecimals,
} from '../../state/param-labels.js';
import { paramFieldStyles } from './param-field.styles.js';

export type ParamValue = RenderParams[keyof RenderParams];

/** "1.25", "fixed", "it on": how the Auto Director's value reads after "renders". */
function tunedText(info: ParamInfo, value: ParamValue): string {
  return typeof value === 'boolean' ? `it ${value ? 'on' : 'off'}` : readableValue(info, value);
}

/**
 * Whether a number sits on its slider's steps (counted from the minimum). A typed value may sit
 * between them; the slider then takes any value, so that its thumb shows the value exactly.
 */
function onSliderStep(info: ParamInfo, value: ParamValue): boolean {
  if (info.step === undefined || typeof value !== 'number' || !('min' in info.kind)) return true;
  const steps = (value - info.kind.min) / info.step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

/** Detail of `gc-param-change`: a value already validated against the schema. */
export interface ParamChangeDetail {
  readonly name: ParamInfo['name'];
  readonly value: ParamValue;
}

/**
 * One render parameter as a labelled, keyboard-operable control generated from its schema
 * entry: a slider plus a number field for numbers, a switch for booleans, a select for
 * choices, a color well plus hex field for colors. Shows the description, the range and the
 * default, and a reset button. Typed values are checked with the engine's own validation and
 * refused with its message, never clamped.
 *
 * When the Auto Director renders another value than the control's (`tuned`), the field says so:
 * with `autoOptimize` above 0 the render blends towards its tuning.
 *
 * @fires gc-param-change - `ParamChangeDetail`, on every valid edit (live while dragging).
 * @csspart control - the main input.
 * @attr changed - reflected when the value differs from the default.
 */
export class ParamField extends LitElement {
  static override styles = paramFieldStyles;
  static override properties = {
    info: { attribute: false },
    value: { attribute: false },
    changed: { type: Boolean, reflect: true },
    tuned: { attribute: false },
    error: { state: true },
    typing: { state: true },
  };

  declare info: ParamInfo;
  declare value: ParamValue;
  /** The value the Auto Director rendered instead of `value`, if it changed it. */
  declare tuned: ParamValue | undefined;
  declare changed: boolean;
  declare error: string;
  /**
   * True while the number field has the focus: a render then leaves its text alone (an Auto
   * Director result arriving mid-typing used to put the old value back before Enter).
   */
  declare typing: boolean;
  /** The text last confirmed, until the next keystroke: see `enter`. */
  #entered: string | null = null;

  constructor() {
    super();
    this.changed = false;
    this.error = '';
    this.typing = false;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('value') || changed.has('info')) this.changed = this.value !== this.info.default;
    if (changed.has('value')) this.error = '';
  }

  protected override render() {
    const { info } = this;
    const id = `p-${info.name}`;
    const label = paramLabel(info.name);
    return html`
      ${this.renderHead(id, label)} ${this.renderBody(id, label)}
      <p class="help" id="${id}-help" title=${this.details()}>${paramHelp(info.name)}</p>
      ${
        this.tuned !== undefined && this.tuned !== this.value
          ? html`<p class="tuned">The Auto Director renders ${tunedText(info, this.tuned)} while this is at its default (a value you set is kept, as is every value with the Auto Director at 0).</p>`
          : nothing
      }
      ${this.error ? html`<p class="error" id="${id}-error" role="alert">${this.error}</p>` : nothing}
    `;
  }

  private renderHead(id: string, label: string) {
    const { info } = this;
    const reset = html`<button
      class="icon"
      title="Reset to ${readableValue(info, info.default)}"
      aria-label="Reset ${label} to ${readableValue(info, info.default)}"
      ?disabled=${!this.changed}
      @click=${this.reset}
    >
      ↺
    </button>`;
    if (info.kind.type === 'boolean') {
      return html`<div class="head">
        <label class="switch">
          <input
            part="control"
            type="checkbox"
            role="switch"
            aria-describedby="${id}-help"
            .checked=${live(this.value as boolean)}
            @change=${(e: Event) => this.emit((e.target as HTMLInputElement).checked)}
          />
          ${label}
        </label>
        ${reset}
      </div>`;
    }
    const number =
      info.kind.type === 'integer' || info.kind.type === 'number'
        ? html`<input
            type="number"
            aria-labelledby="${id}-label"
            aria-describedby=${this.describedBy(id)}
            aria-invalid=${this.error ? 'true' : 'false'}
            min=${info.kind.min}
            max=${info.kind.max}
            step=${info.step ?? 'any'}
            .value=${this.typing ? noChange : live(formatValue(info, this.value))}
            @focus=${() => {
              this.typing = true;
            }}
            @blur=${() => {
              this.typing = false;
            }}
            @input=${() => {
              this.#entered = null;
            }}
            @change=${(e: Event) => this.enter(e.target as HTMLInputElement)}
            @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && this.enter(e.target as HTMLInputElement)}
          />`
        : nothing;
    return html`<div class="head">
      <label id="${id}-label" for="${id}">${label}</label>
      ${number} ${reset}
    </div>`;
  }

  private renderBody(id: string, label: string) {
    const { info } = this;
    const k = info.kind;
    switch (k.type) {
      case 'integer':
      case 'number':
        return html`<input
          part="control"
          id=${id}
          type="range"
          aria-describedby="${id}-help"
          min=${k.min}
          max=${k.max}
          step=${onSliderStep(info, this.value) ? (info.step ?? 'any') : 'any'}
          .value=${live(String(this.value))}
          @input=${(e: Event) => this.slid(Number((e.target as HTMLInputElement).value))}
        />`;
      case 'enum':
        return html`<select
          part="control"
          id=${id}
          aria-describedby="${id}-help"
          .value=${live(String(this.value))}
          @change=${(e: Event) => this.emit((e.target as HTMLSelectElement).value)}
        >
          ${k.values.map((v) => html`<option value=${v} ?selected=${v === this.value}>${CHOICE_LABELS[v] ?? v}</option>`)}
        </select>`;
      case 'color':
        return html`<div class="color">
          <input
            type="color"
            aria-label="${label} picker"
            .value=${live(String(this.value))}
            @input=${(e: Event) => this.typed((e.target as HTMLInputElement).value)}
          />
          <input
            part="control"
            id=${id}
            type="text"
            spellcheck="false"
            aria-describedby=${this.describedBy(id)}
            aria-invalid=${this.error ? 'true' : 'false'}
            .value=${live(String(this.value))}
            @change=${(e: Event) => this.typed((e.target as HTMLInputElement).value)}
          />
        </div>`;
      case 'boolean':
        return nothing;
    }
  }

  /** The API's words for the parameter, for the tooltip: its name there, what it does, its range and default. */
  private details(): string {
    const { info } = this;
    return `${info.name}: ${info.description}. ${rangeText(info)}, default ${formatValue(info, info.default)}.`;
  }

  /** What describes a typed field: its help, and the refusal of what was typed while it stands. */
  private describedBy(id: string): string {
    return this.error ? `${id}-help ${id}-error` : `${id}-help`;
  }

  /** Back to the default; the focus moves to the control, as the disabled reset button cannot keep it. */
  private readonly reset = async (): Promise<void> => {
    this.emit(this.info.default);
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[part="control"]')?.focus();
  };

  /**
   * A slider position, rounded to the step's precision (0.1 + 0.2 is not 0.30000000000000004
   * here). Moving off a typed value between steps lands on the next step in that direction.
   */
  private slid(raw: number): void {
    const { info, value } = this;
    const size = info.step;
    if (size !== undefined && 'min' in info.kind && typeof value === 'number' && !onSliderStep(info, value)) {
      const { min, max } = info.kind;
      const at = (v: number) => (v - min) / size;
      // a key press lands on the neighbouring step, a drag on the step nearest the thumb
      const step =
        raw > value
          ? Math.max(Math.ceil(at(value)), Math.round(at(raw)))
          : Math.min(Math.floor(at(value)), Math.round(at(raw)));
      raw = Math.min(max, Math.max(min, min + step * size));
    }
    this.emit(Number(raw.toFixed(stepDecimals(this.info))));
  }

  /**
   * Text confirmed with Enter (which also validates text the browser sees no change in, such as
   * a refused value entered again) or by leaving the field. The browser follows Enter with a
   * change event of its own: the same text, not applied (rendered, sent) twice.
   */
  private enter(input: HTMLInputElement): void {
    if (input.value === this.#entered) return;
    // the field then shows the value in force, as leaving it does: `100` for a typed `1e2`,
    // the old value for a refused one (the message names what was typed)
    const shown = formatValue(this.info, this.typed(input.value));
    input.value = shown;
    this.#entered = shown;
  }

  /** Typed text: validated by the engine, refused with its message. Returns the value in force after it. */
  private typed(text: string): ParamValue {
    try {
      const value = resolveParams({ [this.info.name]: text }, 'strings')[this.info.name];
      this.emit(value);
      return value;
    } catch (err) {
      if (!(err instanceof ParamsError)) throw err;
      // the control's label, not the parameter's name, begins the engine's message
      const said = issueMessage(err.issues[0], paramLabel(this.info.name));
      this.error = `${said}. The value stays ${formatValue(this.info, this.value)}.`;
      return this.value;
    }
  }

  /** Takes down the refusal of a typed value: the look has changed since, so it no longer applies. */
  dismissError(): void {
    this.error = '';
  }

  private emit(value: ParamValue): void {
    this.error = '';
    this.dispatchEvent(
      new CustomEvent<ParamChangeDetail>('gc-param-change', {
        detail: { name: this.info.name, value },
        bubbles: true,
        composed: true,
      }),
    );
  }
}

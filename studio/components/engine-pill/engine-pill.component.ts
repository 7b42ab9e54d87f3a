import { html, LitElement } from 'lit';
import { clauses } from '../studio-app/engine-status.js';
import { DETAIL_WIDTH_PX, enginePillStyles } from './engine-pill.styles.js';

/**
 * The header's engine pill: which executor renders and how the grid is drawn (a live status),
 * and a "why?" button that opens the reason in words: the adapter, how video frames reach the
 * executor, why a fallback is in use. The reason used to be a tooltip only, out of reach of
 * touch screens and keyboards. Escape or a press outside closes it. Pure display; fires nothing.
 */
export class EnginePill extends LitElement {
  static override styles = enginePillStyles;
  static override properties = {
    label: {},
    detail: {},
    fallback: { type: Boolean, reflect: true },
    open: { state: true },
    opensRight: { state: true },
  };

  declare label: string;
  declare detail: string;
  declare fallback: boolean;
  declare open: boolean;
  /** The reason hangs from the pill's left edge when there is no room to its left (the header wrapped). */
  declare opensRight: boolean;

  constructor() {
    super();
    this.label = '';
    this.detail = '';
    this.fallback = false;
    this.open = false;
    this.opensRight = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('pointerdown', this.pressedOutside);
  }

  override disconnectedCallback(): void {
    document.removeEventListener('pointerdown', this.pressedOutside);
    super.disconnectedCallback();
  }

  protected override render() {
    return html`<div class="pill">
        <span role="status" title=${this.detail}>${this.label}</span>
        <button
          class="why"
          aria-expanded=${this.open}
          aria-controls="detail"
          aria-label="Why this engine?"
          @click=${this.toggle}
          @keydown=${this.closeOnEscape}
        >
          why?
        </button>
      </div>
      <ul id="detail" aria-label="Why this engine" class="detail ${this.opensRight ? 'right' : ''}" ?hidden=${!this.open} @keydown=${this.closeOnEscape}>
        ${clauses(this.detail).map((clause) => html`<li>${clause}</li>`)}
      </ul>`;
  }

  private readonly toggle = (): void => {
    const box = this.getBoundingClientRect();
    this.opensRight = box.right < Math.min(DETAIL_WIDTH_PX, window.innerWidth - 32);
    this.open = !this.open;
  };

  private readonly closeOnEscape = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape' || !this.open) return;
    this.open = false;
    this.renderRoot.querySelector<HTMLButtonElement>('button')?.focus();
  };

  private readonly pressedOutside = (e: PointerEvent): void => {
    if (this.open && !e.composedPath().includes(this)) this.open = false;
  };
}

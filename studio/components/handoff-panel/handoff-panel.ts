import { HandoffPanel } from './handoff-panel.component.js';

export { HandoffPanel };

customElements.define('gc-handoff-panel', HandoffPanel);

declare global {
  interface HTMLElementTagNameMap {
    'gc-handoff-panel': HandoffPanel;
  }
}

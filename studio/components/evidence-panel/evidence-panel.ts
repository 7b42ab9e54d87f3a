import { EvidencePanel } from './evidence-panel.component.js';

export { EvidencePanel };

customElements.define('gc-evidence-panel', EvidencePanel);

declare global {
  interface HTMLElementTagNameMap {
    'gc-evidence-panel': EvidencePanel;
  }
}

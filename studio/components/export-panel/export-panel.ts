import { ExportPanel } from './export-panel.component.js';

export { ExportPanel };

customElements.define('gc-export-panel', ExportPanel);

declare global {
  interface HTMLElementTagNameMap {
    'gc-export-panel': ExportPanel;
  }
}

import { SourceBar } from './source-bar.component.js';

export { SourceBar };

customElements.define('gc-source-bar', SourceBar);

declare global {
  interface HTMLElementTagNameMap {
    'gc-source-bar': SourceBar;
  }
}

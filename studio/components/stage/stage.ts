import { Stage } from './stage.component.js';

export { Stage };

customElements.define('gc-stage', Stage);

declare global {
  interface HTMLElementTagNameMap {
    'gc-stage': Stage;
  }
}

import '../param-field/param-field.js';
import { ParamPanel } from './param-panel.component.js';

export { ParamPanel };

customElements.define('gc-param-panel', ParamPanel);

declare global {
  interface HTMLElementTagNameMap {
    'gc-param-panel': ParamPanel;
  }
}

import { ParamField } from './param-field.component.js';

export { ParamField };

customElements.define('gc-param-field', ParamField);

declare global {
  interface HTMLElementTagNameMap {
    'gc-param-field': ParamField;
  }
}

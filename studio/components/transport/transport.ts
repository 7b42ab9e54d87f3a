import { Transport } from './transport.component.js';

export { Transport };

customElements.define('gc-transport', Transport);

declare global {
  interface HTMLElementTagNameMap {
    'gc-transport': Transport;
  }
}

import { EnginePill } from './engine-pill.component.js';

export { EnginePill };

customElements.define('gc-engine-pill', EnginePill);

declare global {
  interface HTMLElementTagNameMap {
    'gc-engine-pill': EnginePill;
  }
}

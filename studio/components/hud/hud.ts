import { Hud } from './hud.component.js';

export { Hud };

customElements.define('gc-hud', Hud);

declare global {
  interface HTMLElementTagNameMap {
    'gc-hud': Hud;
  }
}

import '../engine-pill/engine-pill.js';
import '../evidence-panel/evidence-panel.js';
import '../hud/hud.js';
import '../param-panel/param-panel.js';
import '../source-bar/source-bar.js';
import '../stage/stage.js';
import '../transport/transport.js';
import { StudioApp } from './studio-app.component.js';

export { StudioApp };

customElements.define('gc-studio', StudioApp);

declare global {
  interface HTMLElementTagNameMap {
    'gc-studio': StudioApp;
  }
}

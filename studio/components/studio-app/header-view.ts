/** The studio's header: skip links, the name, the source bar, and (in the diagnostics view) the engine badge. */
import { html, nothing } from 'lit';
import type { SourceController } from '../../controllers/source-controller.js';
import type { StudioSource } from '../../sources/source.js';
import type { CameraDetail, UrlDetail } from '../source-bar/source-bar.component.js';
import type { FilesDetail } from '../stage/stage.component.js';
import type { engineStatus } from './engine-status.js';
import { skipTo } from './focus.js';

export interface HeaderState {
  /** The studio's shadow root, where the skip links move the focus. */
  readonly root: ParentNode;
  readonly sources: SourceController;
  readonly source: StudioSource | null;
  /** An image address that failed, kept in the URL field to be mended. */
  readonly refusedAddress: string;
  /** Whether the image-address field shows. */
  readonly urlField: boolean;
  readonly diagnostics: boolean;
  readonly status: ReturnType<typeof engineStatus>;
  readonly close: () => void;
}

export function headerView(h: HeaderState) {
  const { sources } = h;
  return html`<header>
    <nav class="skip" aria-label="Skip links">
      <a href="#stage" @click=${(e: Event) => skipTo(e, h.root, 'gc-stage')}>Skip to the picture</a>
      <a href="#dock" @click=${(e: Event) => skipTo(e, h.root, '.dock')}>Skip to export and handoff</a>
    </nav>
    <h1 aria-label="glyphcast studio">glyph<span>cast</span><small>studio</small></h1>
    <gc-source-bar
      .cameras=${sources.camera?.devices ?? []}
      .cameraId=${sources.camera?.deviceId ?? ''}
      ?cameraActive=${h.source?.kind === 'camera'}
      ?cameraStarting=${sources.camera?.starting ?? false}
      .address=${h.refusedAddress}
      ?closable=${h.source !== null && h.source.kind !== 'camera'}
      ?urlField=${h.urlField}
      @gc-close=${h.close}
      @gc-files=${(e: CustomEvent<FilesDetail>) => sources.openFiles(e.detail.files)}
      @gc-url=${(e: CustomEvent<UrlDetail>) => sources.openUrl(e.detail.url)}
      @gc-camera=${(e: CustomEvent<CameraDetail>) =>
        e.detail.action === 'stop' ? sources.stop() : sources.startCamera(e.detail.deviceId)}
    ></gc-source-bar>
    ${
      h.diagnostics
        ? html`<gc-engine-pill .label=${h.status.label} .detail=${h.status.detail} ?fallback=${h.status.fallback}></gc-engine-pill>`
        : nothing
    }
  </header>`;
}

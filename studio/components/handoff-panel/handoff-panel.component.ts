import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { HANDOFF_MODES, type HandoffManifest, type HandoffMode } from '../../../engine/index.js';
import { FrameBusController } from '../../controllers/frame-bus-controller.js';
import { HandoffController } from '../../controllers/handoff-controller.js';
import { fetchHandoffManifest } from '../../handoff/manifest.js';
import type { SourceKind } from '../../sources/source.js';
import type { FrameBus } from '../../state/frame-bus.js';
import { handoffPanelStyles } from './handoff-panel.styles.js';
import { figuresText, phaseText } from './handoff-text.js';

const MODE_LABELS: Readonly<Record<HandoffMode, string>> = {
  'latest-frame': 'Latest frame',
  'webcam-stream': 'Webcam stream',
  'video-stream': 'Video stream',
};

/** The modes a source can hand off, the first being the natural one. */
function modesFor(kind: SourceKind | null): readonly HandoffMode[] {
  if (kind === 'camera') return ['webcam-stream', 'latest-frame'];
  if (kind === 'video') return ['video-stream', 'latest-frame'];
  return ['latest-frame'];
}

/**
 * The postMessage handoff (SPEC 4.3): reads the server's manifest, opens the receiver at the
 * launch address and streams frames to the receiver origin only, with the protocol's
 * backpressure; shows what was sent, acknowledged and ignored. Closing the receiver window ends
 * the session (it is noticed within a second, frames or not) and offers "Open receiver" again.
 * Loaded on demand.
 */
export class HandoffPanel extends LitElement {
  static override styles = handoffPanelStyles;
  static override properties = {
    bus: { attribute: false },
    sourceKind: { attribute: false },
    sourceId: { type: Number },
    unrendered: { type: Boolean },
    traceId: { attribute: false },
    manifest: { state: true },
    manifestError: { state: true },
    mode: { state: true },
    stoppedNote: { state: true },
  };

  declare bus: FrameBus | null;
  declare sourceKind: SourceKind | null;
  /** Changes with every new source: a session ends with its source. */
  declare sourceId: number;
  /** The settings in force could not be rendered: there is no picture to hand off. */
  declare unrendered: boolean;
  declare traceId: string | null;
  declare manifest: HandoffManifest | null;
  declare manifestError: string;
  declare mode: HandoffMode;
  /** Why the last session ended, when the user did not end it. */
  declare stoppedNote: string;

  private readonly handoff = new HandoffController(this, (status) => (this.stoppedNote = phaseText(status, this.mode)));
  private readonly frames = new FrameBusController(this, (frame) => this.handoff.offer(frame));

  constructor() {
    super();
    this.bus = null;
    this.sourceKind = null;
    this.sourceId = 0;
    this.unrendered = false;
    this.traceId = null;
    this.manifest = null;
    this.manifestError = '';
    this.mode = 'latest-frame';
    this.stoppedNote = '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    fetchHandoffManifest().then(
      (m) => (this.manifest = m),
      (err: Error) => (this.manifestError = `Handoff unavailable: ${err.message}.`),
    );
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.bus?.want(this, false); // the controller ends the session
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('bus')) {
      changed.get('bus')?.want(this, false);
      this.frames.use(this.bus);
    }
    // a session hands off every frame: their grids are read back from the GPU while it lasts
    this.bus?.want(this, this.handoff.session !== null);
    if (changed.has('sourceKind')) this.mode = modesFor(this.sourceKind)[0];
    // any new source ends the session, also one of the same kind (another video, the same file again)
    if (changed.has('sourceId') && changed.get('sourceId') !== undefined && this.handoff.session) {
      this.handoff.stop();
      this.stoppedNote =
        'The handoff stopped because the source changed; open the receiver again to hand off this one.';
    }
  }

  protected override render() {
    const m = this.manifest;
    const allowed = modesFor(this.sourceKind);
    const session = this.handoff.session;
    return html`<h2>Handoff</h2>
      ${
        m
          ? html`<p>
              Receiver <span class="receiver mono">${m.targetOrigin ?? 'not configured'}</span> ·
              <span class="mono">${m.protocol}</span>
            </p>
            ${
              m.targetOrigin
                ? nothing
                : html`<p>
                    The server names the one receiver it may stream to: start it with
                    <span class="mono">RECEIVER_ORIGIN</span> set to that page's origin (docs/handoff.md).
                  </p>`
            }`
          : html`<p class=${this.manifestError ? 'error' : ''}>${this.manifestError || 'Reading the handoff manifest…'}</p>`
      }
      <fieldset ?disabled=${!m?.targetOrigin || session !== null}>
        <legend>Mode</legend>
        ${HANDOFF_MODES.map(
          (mode) => html`<label class=${allowed.includes(mode) ? '' : 'off'}>
            <input
              type="radio"
              name="mode"
              .value=${mode}
              .checked=${this.mode === mode}
              ?disabled=${!allowed.includes(mode)}
              @change=${() => (this.mode = mode)}
            />${MODE_LABELS[mode]}
          </label>`,
        )}
      </fieldset>
      ${
        session
          ? html`<button @click=${() => this.handoff.stop()}>Stop handoff</button>`
          : html`<button
                class="primary"
                ?disabled=${!m?.targetOrigin || this.sourceKind === null || this.unrendered}
                @click=${() => {
                  this.stoppedNote = '';
                  if (!m) return;
                  this.handoff.start(m, this.mode, this.traceId, this.bus?.latest ?? null);
                  // the frame on screen, where a stream drawn on the GPU has a newer one than the latest read
                  void this.bus?.current().then((frame) => frame && this.handoff.offer(frame));
                }}
              >
                Open receiver
              </button>
              ${m?.targetOrigin && this.sourceKind === null ? html`<p>Load a picture, a video or the webcam to hand its frames off.</p>` : nothing}
              ${m?.targetOrigin && this.unrendered ? html`<p>Nothing to hand off: these settings could not be rendered.</p>` : nothing}`
      }
      <p role="status">${session ? phaseText(session.status, session.mode) : this.stoppedNote}</p>
      ${session ? html`<p class="figures">${figuresText(session.status)}</p>` : nothing}
      ${this.handoff.error ? html`<p class="error" role="alert">${this.handoff.error}</p>` : nothing}
      ${this.handoff.launchAddress ? html`<span class="address" aria-label="Launch address">${this.handoff.launchAddress}</span>` : nothing}`;
  }
}

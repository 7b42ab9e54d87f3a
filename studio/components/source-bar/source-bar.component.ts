import { html, LitElement, nothing } from 'lit';
import { sourceBarStyles } from './source-bar.styles.js';

export interface CameraChoice {
  readonly deviceId: string;
  readonly label: string;
}

/** Detail of `gc-url`. */
export interface UrlDetail {
  readonly url: string;
}

/** Detail of `gc-camera`. */
export interface CameraDetail {
  readonly action: 'start' | 'stop';
  /** The camera to use; '' for the browser's default. */
  readonly deviceId: string;
}

/**
 * The source toolbar: open an image or video file, render an image URL through the server,
 * start or stop the webcam and pick the camera. (Drag and drop lands on the stage; paste
 * anywhere on the page.)
 *
 * @fires gc-files - `FilesDetail` with the chosen file.
 * @fires gc-url - `UrlDetail`, when an image URL is submitted.
 * @fires gc-camera - `CameraDetail`, to start, switch or stop the camera.
 * @fires gc-close - to close the picture on show.
 */
export class SourceBar extends LitElement {
  static override styles = sourceBarStyles;
  static override properties = {
    cameras: { attribute: false },
    cameraId: { type: String },
    cameraActive: { type: Boolean },
    cameraStarting: { type: Boolean },
    address: { type: String },
    urlField: { type: Boolean },
    closable: { type: Boolean },
  };

  declare cameras: readonly CameraChoice[];
  declare cameraId: string;
  declare cameraActive: boolean;
  declare cameraStarting: boolean;
  /**
   * An image address to put in the URL field, such as a shared link's that was refused, so it
   * can be read and mended. Set when it changes only: what the user types is never overwritten.
   */
  declare address: string;
  /** Whether the image-address field shows (the server renders image addresses, or diagnostics). */
  declare urlField: boolean;
  /** A picture or video is on show: Close takes it away (and the studio forgets it). */
  declare closable: boolean;

  constructor() {
    super();
    this.cameras = [];
    this.cameraId = '';
    this.cameraActive = false;
    this.cameraStarting = false;
    this.address = '';
    this.urlField = false;
    this.closable = false;
  }

  protected override render() {
    return html`
      <button @click=${() => (this.renderRoot.querySelector('#file') as HTMLInputElement).click()}>Open file…</button>
      ${
        this.closable
          ? html`<button
              title="Close the picture (it is no longer kept for the next visit)"
              @click=${() => this.dispatchEvent(new CustomEvent('gc-close', { bubbles: true, composed: true }))}
            >
              Close
            </button>`
          : nothing
      }
      <input
        id="file"
        type="file"
        accept="image/*,video/*,.bmp,.pbm,.pgm,.ppm,.pnm,.pam"
        aria-label="Open an image or video file"
        @change=${this.onFile}
      />
      ${
        this.urlField
          ? html`<form @submit=${this.onUrl} aria-label="Image URL">
              <input type="url" name="url" placeholder="https://… image URL" aria-label="Image URL" required .value=${this.address} />
              <button type="submit">Render URL</button>
            </form>`
          : nothing
      }
      <span class="sep" aria-hidden="true"></span>
      <div class="camera">
        ${this.cameraActive ? html`<span class="live-dot" aria-hidden="true"></span>` : nothing}
        <button
          class=${this.cameraActive ? '' : 'primary'}
          aria-disabled=${String(this.cameraStarting)}
          @click=${() => this.cameraStarting || this.camera(this.cameraActive ? 'stop' : 'start', this.cameraId)}
        >
          ${this.cameraActive ? 'Stop webcam' : this.cameraStarting ? 'Starting webcam…' : 'Webcam'}
        </button>
        ${
          this.cameras.length > 1 || (this.cameraActive && this.cameras.length > 0)
            ? html`<select
                aria-label="Camera"
                .value=${this.cameraId}
                @change=${(e: Event) => this.camera('start', (e.target as HTMLSelectElement).value)}
              >
                ${this.cameras.map(
                  (c) =>
                    html`<option value=${c.deviceId} ?selected=${c.deviceId === this.cameraId}>${c.label}</option>`,
                )}
              </select>`
            : nothing
        }
      </div>
    `;
  }

  private onFile(e: Event): void {
    const input = e.target as HTMLInputElement;
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length > 0) {
      this.dispatchEvent(new CustomEvent('gc-files', { detail: { files }, bubbles: true, composed: true }));
    }
  }

  private onUrl(e: SubmitEvent): void {
    e.preventDefault();
    const url = String(new FormData(e.target as HTMLFormElement).get('url') ?? '').trim();
    if (url)
      this.dispatchEvent(new CustomEvent<UrlDetail>('gc-url', { detail: { url }, bubbles: true, composed: true }));
  }

  private camera(action: CameraDetail['action'], deviceId: string): void {
    this.dispatchEvent(
      new CustomEvent<CameraDetail>('gc-camera', { detail: { action, deviceId }, bubbles: true, composed: true }),
    );
  }
}

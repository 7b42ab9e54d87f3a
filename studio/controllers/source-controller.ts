/**
 * Where frames come from: files (opened, dropped or pasted anywhere on the page), image URLs
 * (entered, or pasted anywhere outside a text field), video files and the camera. Decodes
 * images exactly (decode-image.ts), plays videos and the camera in the host's one video element,
 * and releases the previous source (camera tracks, object URLs) when another is chosen or the
 * host disconnects. The camera code loads on demand.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { decodeImageBlob } from '../sources/decode-image.js';
import { imageAddress } from '../sources/image-address.js';
import type { StudioSource } from '../sources/source.js';
import type { CameraController } from './camera-controller.js';

export interface SourceEvents {
  /** The source changed (null: none, while another one is being opened). */
  onSource(source: StudioSource | null): void;
  /** Something the user should read: a file that is not an image, a blocked camera. */
  onError(message: string): void;
}

export class SourceController implements ReactiveController {
  source: StudioSource | null = null;
  camera: CameraController | null = null;
  private nextKey = 1;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** The host's video element (file and camera sources play in it). */
    private readonly video: () => HTMLVideoElement | null,
    private readonly events: SourceEvents,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('paste', this.onPaste);
  }

  hostDisconnected(): void {
    document.removeEventListener('paste', this.onPaste);
    this.release(null);
  }

  /** Opens the first file: a video plays, anything else is decoded as an image. */
  async openFiles(files: readonly File[]): Promise<void> {
    const file = files[0];
    if (!file) return;
    if (file.type.startsWith('video/')) return this.openVideo(file);
    try {
      const image = await decodeImageBlob(file);
      this.set({ kind: 'image', name: file.name || 'pasted image', key: this.nextKey++, image });
    } catch (err) {
      this.events.onError(`${file.name || 'The pasted data'}: ${(err as Error).message}`);
    }
  }

  /**
   * An image URL becomes the source at once, but a video or camera it replaces keeps playing
   * until the host confirms the URL rendered (`confirm`): a URL that fails can `show` it again.
   */
  openUrl(url: string): void {
    this.source = { kind: 'url', name: url, url };
    this.events.onSource(this.source);
  }

  /** The current source rendered: release what it replaced, if anything still runs. */
  confirm(): void {
    this.release(this.source);
  }

  async startCamera(deviceId: string): Promise<void> {
    if (!this.camera) {
      const { CameraController } = await import('./camera-controller.js');
      this.camera ??= new CameraController(this.host);
    }
    this.set(null);
    const stream = await this.camera.start(deviceId);
    const video = this.video();
    if (!stream || !video) {
      this.events.onError(this.camera.error);
      return;
    }
    video.removeAttribute('src');
    video.srcObject = stream;
    await video.play();
    const label = this.camera.devices.find((d) => d.deviceId === this.camera?.deviceId)?.label ?? 'Webcam';
    this.set({ kind: 'camera', name: label, element: video });
  }

  stop(): void {
    this.set(null);
  }

  /** Shows a source again (a still, or a stream a failed URL kept playing), or nothing. */
  show(source: StudioSource | null): void {
    this.set(source);
  }

  private async openVideo(file: File): Promise<void> {
    this.set(null);
    const video = this.video();
    if (!video) return;
    video.srcObject = null;
    video.src = URL.createObjectURL(file);
    video.loop = true;
    try {
      await video.play();
      this.set({ kind: 'video', name: file.name, element: video });
    } catch (err) {
      this.release(null);
      // NotSupportedError: no decoder for the container or codec (an AVI, say); anything else is worth quoting
      const why =
        (err as Error).name === 'NotSupportedError'
          ? 'this browser cannot decode its format'
          : `it cannot be played here (${(err as Error).message})`;
      this.events.onError(`${file.name}: ${why}. WebM and MP4 work; convert the video to one of them.`);
    }
  }

  private set(source: StudioSource | null): void {
    this.release(source);
    this.source = source;
    this.events.onSource(source);
  }

  /** Stops the camera and unloads a video file, unless the next source still uses them. */
  private release(next: StudioSource | null): void {
    if (next?.kind !== 'camera') this.camera?.stop();
    const video = this.video();
    if (!video || (next && 'element' in next && next.element === video)) return;
    video.pause();
    if (video.src) URL.revokeObjectURL(video.src);
    video.removeAttribute('src');
    video.srcObject = null;
  }

  /** Pasting an image anywhere but in a text field opens it. */
  private readonly onPaste = (e: ClipboardEvent): void => {
    const target = e.composedPath()[0] as HTMLElement | undefined;
    if (target?.closest?.('input, textarea, [contenteditable]')) return;
    const files = [...(e.clipboardData?.files ?? [])];
    if (files.length > 0) {
      e.preventDefault();
      void this.openFiles(files);
      return;
    }
    // an image address ("Copy image address"): rendered as if entered in the URL field
    const url = imageAddress(e.clipboardData?.getData('text/plain') ?? '');
    if (url) {
      e.preventDefault();
      this.openUrl(url);
    }
  };
}

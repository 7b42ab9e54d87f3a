/**
 * The webcam: asks for a camera stream, lists the cameras (with labels once permission is
 * given), switches between them, and explains failures in plain words. A stream being opened
 * leaves the one in use running until `use` switches to it. Stops every track when stopped or
 * when the host disconnects. Loaded on demand (only the webcam mode needs it).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface CameraDevice {
  readonly deviceId: string;
  readonly label: string;
}

/** Why the camera did not start, as a user can act on it. */
export function explainCameraError(err: unknown): string {
  const name = (err as { name?: string })?.name ?? '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'Camera access is blocked. Allow the camera for this site (the camera icon in the address bar), then press Webcam again.';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return 'No camera was found. Connect a camera, then press Webcam again.';
    case 'NotReadableError':
    case 'TrackStartError':
      return 'The camera is busy or failed to start. Close other apps that use it (a video call, for example), then try again.';
    case 'OverconstrainedError':
      return 'That camera is no longer available. Pick another camera from the list.';
    case 'SecurityError':
      return 'The browser allows the camera only on secure pages (https:// or localhost).';
    case 'AbortError':
      return 'The camera stopped while starting. Try again, or pick another camera.';
    default:
      return `The camera could not be started (${(err as Error)?.message ?? String(err)}).`;
  }
}

export class CameraController implements ReactiveController {
  /** The stream in use (`use`); a stream being opened is not it until then. */
  stream: MediaStream | null = null;
  devices: readonly CameraDevice[] = [];
  /** The camera of the stream in use. */
  deviceId = '';
  error = '';
  /** Streams being asked for. */
  private opening = 0;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Whether a camera is being asked for (the permission prompt may be up). */
  get starting(): boolean {
    return this.opening > 0;
  }

  /**
   * Asks for a camera stream; '' picks the browser's default. Null on failure (see `error`).
   * The stream in use keeps running: `use` switches to the new one once it is wanted.
   */
  async open(deviceId: string): Promise<MediaStream | null> {
    this.error = '';
    if (!navigator.mediaDevices?.getUserMedia) {
      this.error =
        'This page cannot use a camera: it needs a secure address (https:// or http://localhost) and a browser with camera support.';
      this.host.requestUpdate();
      return null;
    }
    this.opening++;
    this.host.requestUpdate();
    let stream: MediaStream | null = null;
    try {
      const video: MediaTrackConstraints = deviceId
        ? { deviceId: { exact: deviceId } }
        : { width: { ideal: 1280 }, height: { ideal: 720 } };
      stream = await navigator.mediaDevices.getUserMedia({ video, audio: false });
      const all = await navigator.mediaDevices.enumerateDevices();
      this.devices = all
        .filter((d) => d.kind === 'videoinput')
        .map((d, i) => ({ deviceId: d.deviceId, label: d.label || `Camera ${i + 1}` }));
      return stream;
    } catch (err) {
      if (stream) stopTracks(stream);
      this.error = explainCameraError(err);
      return null;
    } finally {
      this.opening--;
      this.host.requestUpdate();
    }
  }

  /** Makes an opened stream the one in use, stopping the one before it. */
  use(stream: MediaStream): void {
    if (stream !== this.stream) this.stop();
    this.stream = stream;
    this.deviceId = stream.getVideoTracks()[0]?.getSettings().deviceId ?? '';
  }

  /** The label of the camera in use ('Webcam' when the browser gives none). */
  get label(): string {
    return this.devices.find((d) => d.deviceId === this.deviceId)?.label ?? 'Webcam';
  }

  /** Stops an opened stream that is no longer wanted (a later choice replaced it). */
  discard(stream: MediaStream): void {
    if (stream !== this.stream) stopTracks(stream);
  }

  /** Stops the stream in use. */
  stop(): void {
    if (this.stream) stopTracks(this.stream);
    this.stream = null;
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.stop();
  }
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/**
 * The webcam: asks for a camera stream, lists the cameras (with labels once permission is
 * given), switches between them, and explains failures in plain words. Stops every track when
 * stopped or when the host disconnects. Loaded on demand (only the webcam mode needs it).
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
  stream: MediaStream | null = null;
  devices: readonly CameraDevice[] = [];
  deviceId = '';
  error = '';
  starting = false;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Starts (or switches to) a camera; '' picks the browser's default. Null on failure (see `error`). */
  async start(deviceId: string): Promise<MediaStream | null> {
    this.stop();
    this.error = '';
    if (!navigator.mediaDevices?.getUserMedia) {
      this.error =
        'This page cannot use a camera: it needs a secure address (https:// or http://localhost) and a browser with camera support.';
      this.host.requestUpdate();
      return null;
    }
    this.starting = true;
    this.host.requestUpdate();
    try {
      const video: MediaTrackConstraints = deviceId
        ? { deviceId: { exact: deviceId } }
        : { width: { ideal: 1280 }, height: { ideal: 720 } };
      const stream = await navigator.mediaDevices.getUserMedia({ video, audio: false });
      this.stream = stream;
      this.deviceId = stream.getVideoTracks()[0]?.getSettings().deviceId ?? deviceId;
      const all = await navigator.mediaDevices.enumerateDevices();
      this.devices = all
        .filter((d) => d.kind === 'videoinput')
        .map((d, i) => ({ deviceId: d.deviceId, label: d.label || `Camera ${i + 1}` }));
      return stream;
    } catch (err) {
      this.error = explainCameraError(err);
      return null;
    } finally {
      this.starting = false;
      this.host.requestUpdate();
    }
  }

  stop(): void {
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.stop();
  }
}

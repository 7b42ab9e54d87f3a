/**
 * Where frames come from: files (opened, dropped or pasted anywhere on the page), image URLs
 * (entered, or pasted anywhere outside a text field), video files, animated images (played as
 * video streams) and the camera. Decodes
 * images exactly (decode-image.ts), plays videos and the camera in the host's one video element,
 * and releases the previous source (camera tracks, object URLs) when another is chosen or the
 * host disconnects. The camera code loads on demand.
 *
 * The latest choice wins: a source is chosen when the user picks it, and becomes the source
 * only once it is ready (an image decoded, a video playing, a camera granted). Until then the
 * source before it stays on screen, still playing; a choice that fails leaves only a notice,
 * and a start that a later choice overtook is dropped without one.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isVideoContainer, VIDEO_HEAD_BYTES } from '../../engine/index.js';
import { AnimatedImage } from '../sources/animated-image.js';
import { decodeImageBlob } from '../sources/decode-image.js';
import { imageAddress } from '../sources/image-address.js';
import type { StudioSource } from '../sources/source.js';
import type { CameraController } from './camera-controller.js';

export interface SourceEvents {
  /** The source changed (null: none; a source being opened is not announced until it is ready). */
  onSource(source: StudioSource | null): void;
  /** Something the user should read: a file that is not an image, a blocked camera. */
  onError(message: string): void;
  /** A file became the source (a still, an animation or a video that plays): the studio keeps it. */
  onFileShown?(file: File): void;
}

export class SourceController implements ReactiveController {
  source: StudioSource | null = null;
  camera: CameraController | null = null;
  /** The animated image playing as a stream, and the source it is (stopped when another replaces it). */
  private animation: { readonly player: AnimatedImage; readonly source: StudioSource } | null = null;
  private nextKey = 1;
  /** Counts the user's choices of source: a start that a later choice overtook is dropped. */
  private choices = 0;

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
    this.choices++; // a start still under way is dropped (and its camera stream stopped)
    this.release(null);
  }

  /**
   * Opens the first file: a video (by its type, or by its first bytes when the browser gave it
   * none, as for a file without an extension) plays, anything else is decoded as an image. The source on
   * screen stays until the file is ready; a file that cannot be opened only leaves a notice.
   */
  async openFiles(files: readonly File[]): Promise<void> {
    const file = files[0];
    if (!file) return;
    const latest = this.choose();
    if (file.size === 0) {
      // said as what it is: no decoder is asked to read nothing
      this.events.onError(`${file.name || 'The pasted data'}: the file is empty (0 bytes)`);
      return;
    }
    // a file typed by the browser is taken on its word, at once (nothing awaited before its decode)
    const video = file.type.startsWith('video/') || (!file.type.startsWith('image/') && (await opensAsVideo(file)));
    if (video) return this.openVideo(file, latest);
    try {
      // only a file that may be one waits for the check: a still opens as it did
      const animation = AnimatedImage.mayBe(file) ? await AnimatedImage.open(file) : null;
      if (animation) {
        this.openAnimation(file.name || 'pasted animation', animation, latest);
        if (latest()) this.events.onFileShown?.(file);
        return;
      }
      const image = await decodeImageBlob(file);
      if (!latest()) return;
      this.set({ kind: 'image', name: file.name || 'pasted image', key: this.nextKey++, image });
      this.events.onFileShown?.(file);
    } catch (err) {
      if (latest()) this.events.onError(`${file.name || 'The pasted data'}: ${(err as Error).message}`);
    }
  }

  /**
   * An image URL becomes the source at once, but a video or camera it replaces keeps playing
   * until the host confirms the URL rendered (`confirm`): a URL that fails can `show` it again.
   */
  openUrl(url: string): void {
    this.choose();
    this.source = { kind: 'url', name: url, url };
    this.events.onSource(this.source);
  }

  /** The current source rendered: release what it replaced, if anything still runs. */
  confirm(): void {
    this.release(this.source);
  }

  /** Starts (or switches to) a camera; the source on screen stays until it plays. */
  async startCamera(deviceId: string): Promise<void> {
    const latest = this.choose();
    if (!this.camera) {
      const { CameraController } = await import('./camera-controller.js');
      this.camera ??= new CameraController(this.host);
    }
    const camera = this.camera;
    const stream = await camera.open(deviceId);
    const video = this.video();
    if (stream && (!latest() || !video)) camera.discard(stream);
    if (!latest()) return;
    if (!stream || !video) {
      this.events.onError(camera.error || 'The camera could not be shown: the studio has no video element.');
      return;
    }
    camera.use(stream);
    unload(video);
    video.srcObject = stream;
    const source: StudioSource = { kind: 'camera', name: camera.label, element: video };
    this.play(video, source);
    this.watchCamera(stream, source);
  }

  /**
   * A camera's track ends without the studio stopping it when the camera is unplugged, another
   * app or the system takes it, or its permission is withdrawn: no frame comes any more, so the
   * camera stops being the source (as with Stop webcam) and a notice says why.
   */
  private watchCamera(stream: MediaStream, source: StudioSource): void {
    stream.getVideoTracks()[0]?.addEventListener(
      'ended',
      () => {
        if (this.source !== source) return; // stopped or replaced by the studio: nothing to say
        this.choose();
        this.set(null);
        this.events.onError(
          `${source.name} stopped sending pictures: it was unplugged, or another app or the system took it. Press Webcam to start it again.`,
        );
      },
      { once: true },
    );
  }

  stop(): void {
    this.choose();
    this.set(null);
  }

  /** Shows a source again (a still, or a stream a failed URL kept playing), or nothing. */
  show(source: StudioSource | null): void {
    this.set(source);
  }

  /** A choice of source: the returned function says whether it is still the latest. */
  private choose(): () => boolean {
    const choice = ++this.choices;
    return () => choice === this.choices;
  }

  /** A video file plays once a probe played it: a file the browser cannot play leaves the source as it was. */
  private async openVideo(file: File, latest: () => boolean): Promise<void> {
    const url = URL.createObjectURL(file);
    try {
      await probeVideo(url);
    } catch (err) {
      URL.revokeObjectURL(url);
      if (latest()) this.events.onError(`${file.name}: ${whyUnplayable(err as Error)}`);
      return;
    }
    const video = this.video();
    if (!latest() || !video) {
      URL.revokeObjectURL(url);
      return;
    }
    unload(video);
    video.src = url;
    video.loop = true;
    this.play(video, { kind: 'video', name: file.name, element: video });
    this.events.onFileShown?.(file);
  }

  /** An animated image plays as a video stream (animated-image.ts), looping, with the transport's Play and Loop. */
  private openAnimation(name: string, animation: AnimatedImage, latest: () => boolean): void {
    const video = this.video();
    if (!latest() || !video) {
      animation.stop();
      return;
    }
    unload(video);
    video.srcObject = animation.stream;
    video.loop = true;
    const source: StudioSource = { kind: 'video', name, element: video, frames: animation };
    this.animation = { player: animation, source };
    this.play(video, source);
    void animation.run(
      () => video.loop,
      (message) => {
        if (this.source === source) this.events.onError(`${name}: a ${message}.`);
      },
    );
  }

  /**
   * Makes a stream loaded in the element the source and plays it. It is the source at once, so
   * no later choice can come between the element's new content and the source that owns it.
   */
  private play(video: HTMLVideoElement, source: StudioSource): void {
    this.set(source);
    video.play().catch((err: Error) => {
      // a later source paused or unloaded the element: nothing to report
      if (this.source !== source) return;
      this.set(null);
      this.events.onError(`${source.name}: ${whyUnplayable(err)}`);
    });
  }

  private set(source: StudioSource | null): void {
    this.release(source);
    this.source = source;
    this.events.onSource(source);
  }

  /** Stops the camera and unloads a video file, unless the next source still uses them. */
  private release(next: StudioSource | null): void {
    if (next?.kind !== 'camera') this.camera?.stop();
    if (this.animation && this.animation.source !== next) {
      this.animation.player.stop();
      this.animation = null;
    }
    const video = this.video();
    if (!video || (next && 'element' in next && next.element === video)) return;
    unload(video);
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

/** Whether a file the browser gave no image or video type opens as a video container. */
async function opensAsVideo(file: File): Promise<boolean> {
  return isVideoContainer(new Uint8Array(await file.slice(0, VIDEO_HEAD_BYTES).arrayBuffer()));
}

/** Pauses the element and takes its file (revoking the file's object URL) or its camera stream away. */
function unload(video: HTMLVideoElement): void {
  video.pause();
  if (video.src) URL.revokeObjectURL(video.src);
  video.removeAttribute('src');
  video.srcObject = null;
}

/**
 * Plays the video at `url` in an element of its own, muted and off the page, and stops it: it
 * resolves once the browser plays it and rejects as `play()` does when it cannot (an AVI, say),
 * or with a NoPictureError when it plays without a picture (a file of sound only).
 */
async function probeVideo(url: string): Promise<void> {
  const probe = document.createElement('video');
  probe.muted = true;
  probe.src = url;
  try {
    await probe.play();
    // playing says nothing of a picture: a file of sound only (a WebM of audio) plays too
    if (probe.videoWidth === 0 || probe.videoHeight === 0) throw new NoPictureError();
  } finally {
    probe.pause();
    probe.removeAttribute('src');
    probe.load();
  }
}

/** A file that plays but has no video track (sound only): there is no picture to render. */
class NoPictureError extends Error {
  override readonly name = 'NoPictureError';
  constructor() {
    super('it has no video track, only sound: there is no picture to render');
  }
}

/** Why a video does not play, in words. */
function whyUnplayable(err: Error): string {
  if (err instanceof NoPictureError) return `${err.message}.`;
  // NotSupportedError: no decoder for the container or codec (an AVI, say); anything else is worth quoting
  const why =
    err.name === 'NotSupportedError'
      ? 'this browser cannot decode its format'
      : `it cannot be played here (${err.message})`;
  return `${why}. WebM and MP4 work; convert the video to one of them.`;
}

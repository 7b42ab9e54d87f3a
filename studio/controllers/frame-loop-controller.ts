/**
 * Calls `onFrame` once for every frame a video element presents (requestVideoFrameCallback),
 * for video files and the camera alike. The callback is bound once; scheduling the next frame
 * allocates nothing. Stops when detached or when the host disconnects.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class FrameLoopController implements ReactiveController {
  private video: HTMLVideoElement | null = null;
  private handle = 0;
  private running = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly onFrame: (video: HTMLVideoElement, mediaTime: number) => void,
  ) {
    host.addController(this);
  }

  attach(video: HTMLVideoElement): void {
    this.detach();
    this.video = video;
    this.start();
  }

  detach(): void {
    this.stop();
    this.video = null;
  }

  hostConnected(): void {
    this.start();
  }

  hostDisconnected(): void {
    this.stop();
  }

  private start(): void {
    if (!this.video || this.running) return;
    this.running = true;
    this.handle = this.video.requestVideoFrameCallback(this.tick);
  }

  private stop(): void {
    if (this.video && this.running) this.video.cancelVideoFrameCallback(this.handle);
    this.running = false;
  }

  private readonly tick = (_now: number, metadata: VideoFrameCallbackMetadata): void => {
    const video = this.video;
    if (!video || !this.running) return;
    this.handle = video.requestVideoFrameCallback(this.tick);
    this.onFrame(video, metadata.mediaTime);
  };
}

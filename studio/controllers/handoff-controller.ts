/**
 * Runs a handoff for a component: opens the receiver at the SPEC 4.3 launch address, listens
 * for its messages on this window, and offers it every frame (HandoffSession does the
 * protocol). When the receiver window is closed, the session ends and the host hears how it
 * went (`onReceiverClosed`). Removes its listener and ends the session when the host disconnects.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { type HandoffManifest, type HandoffMode, launchUrl } from '../../engine/index.js';
import { HandoffSession, type HandoffStatus } from '../handoff/handoff-session.js';
import type { BusFrame } from '../state/frame-bus.js';
import { newTraceId } from '../state/trace-id.js';

/** The `handoff=` source tag the studio launches receivers with. */
export const SOURCE_TAG = 'glyphcast-studio';
/** Status refreshes at most this often while frames and acks flow. */
const STATUS_INTERVAL_MS = 250;

export class HandoffController implements ReactiveController {
  session: HandoffSession | null = null;
  launchAddress = '';
  error = '';
  private refresh = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** The receiver window was closed and the session ended: its last status. */
    private readonly onReceiverClosed: (status: HandoffStatus) => void = () => {},
  ) {
    host.addController(this);
  }

  /**
   * Opens the receiver and starts a session. Must run in a user gesture (window.open).
   * `traceId` is the one the studio's link carries, or null for a fresh one.
   */
  start(manifest: HandoffManifest, mode: HandoffMode, traceId: string | null, latest: BusFrame | null): void {
    this.stop();
    this.error = '';
    const origin = manifest.targetOrigin;
    if (!origin) {
      this.error = 'This server has no receiver origin configured, so there is nowhere to hand frames to.';
      return;
    }
    const id = traceId ?? newTraceId();
    this.launchAddress = launchUrl(origin, { sourceTag: SOURCE_TAG, mode, serviceHost: location.host, traceId: id });
    const receiver = window.open(this.launchAddress, 'glyphcast-receiver', beside());
    if (!receiver) {
      this.error = 'The browser blocked the receiver window. Allow pop-ups for this site, then try again.';
      return;
    }
    const session = new HandoffSession(receiver, {
      receiverOrigin: origin,
      mode,
      traceId: id,
      sourceTag: SOURCE_TAG,
      onClosed: () => this.receiverClosed(session),
      onSlowReady: () => this.host.requestUpdate(),
      onSilent: () => this.host.requestUpdate(),
    });
    this.session = session;
    if (latest) session.offer(latest.grid, latest.params.color);
    this.host.requestUpdate();
  }

  /** Ends the session; its launch address goes too (the next session has its own). */
  stop(): void {
    this.session?.close();
    this.session = null;
    this.launchAddress = '';
    this.host.requestUpdate();
  }

  offer(frame: BusFrame): void {
    this.session?.offer(frame.grid, frame.params.color);
    this.soon();
  }

  hostConnected(): void {
    window.addEventListener('message', this.onMessage);
  }

  hostDisconnected(): void {
    window.removeEventListener('message', this.onMessage);
    clearTimeout(this.refresh);
    this.refresh = 0;
    this.session?.close();
    this.session = null;
  }

  private receiverClosed(session: HandoffSession): void {
    if (session !== this.session) return;
    const status = session.status;
    this.stop();
    this.onReceiverClosed(status);
  }

  private readonly onMessage = (event: MessageEvent): void => {
    if (!this.session) return;
    this.session.receive({ origin: event.origin, source: event.source, data: event.data });
    this.soon();
  };

  private soon(): void {
    if (this.refresh) return;
    this.refresh = window.setTimeout(() => {
      this.refresh = 0;
      this.host.requestUpdate();
    }, STATUS_INTERVAL_MS);
  }
}

/**
 * Window features that open the receiver as its own window over the right half of the screen.
 * In a tab it would hide the studio's, and a hidden page gets no video frames
 * (requestVideoFrameCallback stops), so a stream handoff would stall while the receiver shows.
 */
function beside(): string {
  const width = Math.max(480, Math.round(screen.availWidth / 2));
  const left = Math.max(0, screen.availWidth - width);
  return `popup,width=${width},height=${screen.availHeight},left=${left},top=0`;
}

/**
 * What the server behind the studio offers, asked once when the studio connects: whether it
 * renders image addresses (`/api/health`'s imageUrl.enabled: an allowlist is set) and whether a
 * handoff receiver is configured (the handoff manifest's targetOrigin). The studio shows the
 * image-address field and the handoff panel only where they can work. A server that cannot be
 * asked (the studio served on its own) offers neither.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { fetchHandoffManifest } from '../handoff/manifest.js';

export class ServerFacts implements ReactiveController {
  /** `imageUrl` renders on this server. */
  urlFetching = false;
  /** A handoff receiver origin is configured. */
  receiver = false;
  #asked = false;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {
    if (this.#asked) return;
    this.#asked = true;
    fetch('/api/health', { headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: { imageUrl?: { enabled?: unknown } } | null) => {
        this.urlFetching = body?.imageUrl?.enabled === true;
        this.host.requestUpdate();
      })
      .catch(() => {});
    fetchHandoffManifest()
      .then((manifest) => {
        this.receiver = manifest.targetOrigin !== null;
        this.host.requestUpdate();
      })
      .catch(() => {});
  }
}

/**
 * The notices above the picture, for a host element: what the user should read about sources,
 * renders and the link. Each change asks the host to update; a change that changes nothing
 * (a frame dropping a render error that is not there) does not.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { type Notice, type NoticeSlot, withNotice, withoutErrors, withoutSlots } from '../state/notices.js';

export class NoticeBoard implements ReactiveController {
  #notices: readonly Notice[] = [];
  #next = 1;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {}

  get notices(): readonly Notice[] {
    return this.#notices;
  }

  /** Shows a notice (in place of the one of its slot, if given); an action adds a button (Undo). */
  notify(kind: Notice['kind'], text: string, slot?: NoticeSlot, action?: Notice['action']): void {
    const notice: Notice = { id: this.#next++, kind, text, ...(slot ? { slot } : {}), ...(action ? { action } : {}) };
    this.set(withNotice(this.#notices, notice));
  }

  /** Takes away the notices of `slots`. */
  drop(...slots: NoticeSlot[]): void {
    this.set(withoutSlots(this.#notices, ...slots));
  }

  /** Takes away every error (a new source makes the errors of earlier ones moot). */
  dropErrors(): void {
    this.set(withoutErrors(this.#notices));
  }

  dismiss(id: number): void {
    this.set(this.#notices.filter((n) => n.id !== id));
  }

  private set(notices: readonly Notice[]): void {
    if (notices === this.#notices) return;
    this.#notices = notices;
    this.host.requestUpdate();
  }
}

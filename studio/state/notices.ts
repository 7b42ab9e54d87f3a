/** The notices above the stage: what the user should read about sources, renders and the link. */

export interface Notice {
  readonly id: number;
  /** `info`: what a bulk change of the look did, with its undo. */
  readonly kind: 'error' | 'warning' | 'info';
  readonly text: string;
  /** A button in the notice (Undo); pressing it also dismisses the notice. */
  readonly action?: { readonly label: string; readonly run: () => void };
  /** What the notice stands for, when one notice at a time does: a new one of its slot replaces it. */
  readonly slot?: NoticeSlot;
}

/**
 * `link`: the opening link's unusable values, until the look changes; `undo`: the last preset or
 * Reset all, until the look changes again; `render`: the last render that failed, until one
 * works; `source`: the last source that could not be opened.
 */
export type NoticeSlot = 'link' | 'undo' | 'render' | 'source';

/** Notices shown at once (the oldest go first), so they never push the picture off screen. */
export const MAX_NOTICES = 3;

/**
 * `notices` with `notice` last: a notice of the same text or the same slot goes, and at most
 * MAX_NOTICES stay.
 */
export function withNotice(notices: readonly Notice[], notice: Notice): readonly Notice[] {
  const kept = notices
    .filter((n) => n.text !== notice.text && (notice.slot === undefined || n.slot !== notice.slot))
    .slice(-(MAX_NOTICES - 1));
  return [...kept, notice];
}

/** `notices` without those of `slots`; the same array when there are none (no needless update). */
export function withoutSlots(notices: readonly Notice[], ...slots: NoticeSlot[]): readonly Notice[] {
  const kept = notices.filter((n) => n.slot === undefined || !slots.includes(n.slot));
  return kept.length === notices.length ? notices : kept;
}

/** `notices` without the errors: a new source makes the errors of earlier ones moot. */
export function withoutErrors(notices: readonly Notice[]): readonly Notice[] {
  return notices.filter((n) => n.kind !== 'error');
}

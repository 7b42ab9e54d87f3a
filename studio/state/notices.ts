/** The notices above the stage: what the user should read about sources, renders and the link. */

export interface Notice {
  readonly id: number;
  /** `info`: what a bulk change of the look did, with its undo. */
  readonly kind: 'error' | 'warning' | 'info';
  readonly text: string;
  /** A button in the notice (Undo); pressing it also dismisses the notice. */
  readonly action?: { readonly label: string; readonly run: () => void };
}

/** Notices shown at once (the oldest go first), so they never push the picture off screen. */
export const MAX_NOTICES = 3;

/** `notices` with `notice` last: a notice of the same text moves there, and at most MAX_NOTICES stay. */
export function withNotice(notices: readonly Notice[], notice: Notice): readonly Notice[] {
  const kept = notices.filter((n) => n.text !== notice.text).slice(-(MAX_NOTICES - 1));
  return [...kept, notice];
}

/** `notices` without the errors: a new source makes the errors of earlier ones moot. */
export function withoutErrors(notices: readonly Notice[]): readonly Notice[] {
  return notices.filter((n) => n.kind !== 'error');
}

/**
 * The handoff panel's words for a session: what it does (its live region) and its figures.
 */
import { type HandoffMode, UNACKED_FPS_CAP } from '../../../engine/index.js';
import { type HandoffStatus, READY_HINT_MS, SILENT_MS } from '../../handoff/handoff-session.js';

/** The messages a session ignored, in words ('' for none), after a sentence. */
function ignoredText(s: HandoffStatus): string {
  const messages = (n: number) => `${n} message${n === 1 ? '' : 's'}`;
  return (
    (s.ignored > 0 ? ` Ignored ${messages(s.ignored)} not from the receiver (last from ${s.lastIgnoredOrigin}).` : '') +
    (s.unexpected > 0
      ? ` Ignored ${messages(s.unexpected)} from the receiver that ${s.unexpected === 1 ? 'was' : 'were'} neither a ready nor an ack of a frame sent (see docs/handoff.md).`
      : '')
  );
}

/**
 * What a session is doing, in words: the panel's live region, so it changes with the phase only
 * (a screen reader reads each change; the figures, refreshed four times a second while frames
 * flow, would be read on and on).
 */
export function phaseText(s: HandoffStatus, mode: HandoffMode): string {
  if (s.phase === 'closed') {
    return `The receiver window was closed after ${s.sent} frame${s.sent === 1 ? '' : 's'}.${ignoredText(s)}`;
  }
  if (s.phase === 'waiting' && s.slowReady) {
    return `Still waiting for the receiver to say it is ready (${READY_HINT_MS / 1000} s). Check that its page loaded in the window that opened, and that it posts a ready message to this page's origin (docs/handoff.md).`;
  }
  if (s.phase === 'waiting') return 'Waiting for the receiver to say it is ready…';
  if (s.silent) {
    return `The receiver has not answered for ${SILENT_MS / 1000} s: its window may have left the receiver page. Frames go again when it answers (a receiver page opened again says ready), or stop the handoff.`;
  }
  return mode === 'latest-frame' ? 'Sending the frame on screen whenever it changes.' : 'Streaming to the receiver.';
}

/** A session's figures: frames sent, acknowledged and in flight, and the messages ignored (no live region). */
export function figuresText(s: HandoffStatus): string {
  // a closed session's sentence already says what it ignored
  if (s.phase === 'closed') return '';
  const ignored = ignoredText(s);
  if (s.phase !== 'streaming') return ignored.trim();
  const counts = s.acknowledging
    ? `${s.sent} sent, ${s.acked + 1} acknowledged, ${Math.max(0, s.inFlight)} in flight.`
    : `${s.sent} sent; the receiver acknowledges none, so at most ${UNACKED_FPS_CAP} frames a second go.`;
  return `${counts}${ignored}`;
}

import { describe, expect, it } from 'vitest';
import { UNACKED_FPS_CAP } from '../../engine/protocol/handoff.js';
import { figuresText, phaseText } from '../../studio/components/handoff-panel/handoff-text.js';
import type { HandoffStatus } from '../../studio/handoff/handoff-session.js';

const status = (over: Partial<HandoffStatus>): HandoffStatus => ({
  phase: 'streaming',
  sent: 12,
  acked: 9,
  inFlight: 2,
  acknowledging: true,
  ignored: 0,
  lastIgnoredOrigin: null,
  unexpected: 0,
  slowReady: false,
  silent: false,
  ...over,
});

describe('the handoff panel in words', () => {
  it('counts frames while streaming, and says what an unacknowledging receiver gets', () => {
    expect(figuresText(status({}))).toBe('12 sent, 10 acknowledged, 2 in flight.');
    expect(figuresText(status({ acknowledging: false }))).toBe(
      `12 sent; the receiver acknowledges none, so at most ${UNACKED_FPS_CAP} frames a second go.`,
    );
    expect(phaseText(status({}), 'video-stream')).toBe('Streaming to the receiver.');
    expect(phaseText(status({}), 'latest-frame')).toBe('Sending the frame on screen whenever it changes.');
    expect(phaseText(status({ silent: true }), 'video-stream')).toMatch(
      /^The receiver has not answered for 3 s: its window may have left the receiver page\./,
    );
  });

  it('names what it ignored in the figures while the session is open', () => {
    const noisy = status({ ignored: 3, lastIgnoredOrigin: 'https://third.example', unexpected: 1 });
    expect(figuresText(noisy)).toBe(
      '12 sent, 10 acknowledged, 2 in flight. Ignored 3 messages not from the receiver (last from https://third.example).' +
        ' Ignored 1 message from the receiver that was neither a ready nor an ack of a frame sent (see docs/handoff.md).',
    );
    expect(figuresText(status({ phase: 'waiting', ignored: 1, lastIgnoredOrigin: 'https://x.example' }))).toBe(
      'Ignored 1 message not from the receiver (last from https://x.example).',
    );
  });

  it('says what a closed session ignored once, in its sentence, and shows no figures beside it', () => {
    const closed = status({ phase: 'closed', ignored: 2, lastIgnoredOrigin: 'https://third.example' });
    expect(phaseText(closed, 'video-stream')).toBe(
      'The receiver window was closed after 12 frames. Ignored 2 messages not from the receiver (last from https://third.example).',
    );
    expect(figuresText(closed)).toBe('');
    expect(phaseText(status({ phase: 'closed', sent: 1 }), 'latest-frame')).toBe(
      'The receiver window was closed after 1 frame.',
    );
  });
});

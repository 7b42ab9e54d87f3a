import { describe, expect, it } from 'vitest';
import type { CellGrid } from '../../engine/grid.js';
import { handoffFrameSchema, MAX_FRAMES_IN_FLIGHT, UNACKED_FPS_CAP } from '../../engine/protocol/handoff.js';
import { CLOSED_POLL_MS, HandoffSession, READY_HINT_MS, SILENT_MS } from '../../studio/handoff/handoff-session.js';

const RECEIVER = 'https://receiver.example';
const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

function grid(n: number): CellGrid {
  return {
    columns: 2,
    rows: 1,
    charset: 'standard',
    table: [' ', '.', ':'],
    glyphs: Uint8Array.of(n % 3, (n + 1) % 3),
    colors: Uint8Array.of(1, 2, 3, 250, 251, 252),
    evidence: {} as CellGrid['evidence'],
  };
}

/** A receiver window that records what it is sent, a hand-driven clock and timers. */
function setup(mode: 'webcam-stream' | 'latest-frame' = 'webcam-stream') {
  const sent: { message: unknown; origin: string }[] = [];
  const target = { closed: false, postMessage: (message: unknown, origin: string) => sent.push({ message, origin }) };
  let now = 1000;
  const timers = new Set<{ at: number; run: () => void }>();
  let closedCalls = 0;
  let slowCalls = 0;
  let silentCalls = 0;
  const session = new HandoffSession(target, {
    receiverOrigin: RECEIVER,
    mode,
    traceId: TRACE,
    sourceTag: 'glyphcast-studio',
    now: () => now,
    schedule: (ms, run) => {
      const timer = { at: now + ms, run };
      timers.add(timer);
      return () => timers.delete(timer);
    },
    onClosed: () => closedCalls++,
    onSlowReady: () => slowCalls++,
    onSilent: () => silentCalls++,
  });
  const from = (data: unknown, origin = RECEIVER, source: unknown = target) =>
    session.receive({ origin, source, data });
  const ready = () => from({ protocol: 'platform.handoff.v1', type: 'ready' });
  const ack = (seq: number) => from({ protocol: 'platform.handoff.v1', type: 'ack', seq });
  /** Moves the clock on, running the timers that come due on the way, in order. */
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers].filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers.delete(due);
      now = due.at;
      due.run();
    }
    now = end;
  };
  return {
    session,
    sent,
    target,
    ready,
    ack,
    from,
    advance,
    timers,
    closed: () => closedCalls,
    slow: () => slowCalls,
    silentChanges: () => silentCalls,
  };
}

describe('HandoffSession', () => {
  it('sends nothing before ready, then the newest frame, to the receiver origin only', () => {
    const { session, sent, ready } = setup();
    session.offer(grid(0), true);
    session.offer(grid(1), true);
    expect(sent).toEqual([]);
    expect(ready()).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0].origin).toBe(RECEIVER);
    const frame = handoffFrameSchema.parse(sent[0].message);
    expect(frame).toMatchObject({
      protocol: 'platform.handoff.v1',
      type: 'frame',
      mode: 'webcam-stream',
      traceId: TRACE,
      sourceTag: 'glyphcast-studio',
      seq: 0,
      columns: 2,
      rows: 1,
      lines: ['.:'],
      chroma: { encoding: 'rgb24-b64-v1', data: 'AQID+vv8' },
    });
    // without two-colour cells a frame is as it always was: no background plane
    expect('backgroundChroma' in frame).toBe(false);
  });

  it('with the backgrounds of two-colour cells as a second plane', () => {
    const { session, sent, ready } = setup();
    ready();
    session.offer({ ...grid(1), backgrounds: Uint8Array.of(9, 8, 7, 6, 5, 4) }, true);
    const frame = handoffFrameSchema.parse(sent[0].message);
    expect(frame.backgroundChroma).toEqual({ encoding: 'rgb24-b64-v1', data: 'CQgHBgUE' });
  });

  it('without chroma when color is off', () => {
    const { session, sent, ready } = setup();
    ready();
    session.offer(grid(0), false);
    expect(handoffFrameSchema.parse(sent[0].message).chroma).toBeNull();
  });

  it(`until the first ack, sends at most ${UNACKED_FPS_CAP} frames per second, the newest waiting on a timer`, () => {
    const { session, sent, ready, advance } = setup();
    ready();
    session.offer(grid(0), false);
    session.offer(grid(1), false);
    session.offer(grid(2), false);
    expect(sent).toHaveLength(1);
    advance(1000 / UNACKED_FPS_CAP - 1);
    expect(sent).toHaveLength(1);
    advance(1);
    expect(sent).toHaveLength(2);
    expect(handoffFrameSchema.parse(sent[1].message)).toMatchObject({ seq: 1, lines: [':\u0020'] });
  });

  it(`after an ack, never more than ${MAX_FRAMES_IN_FLIGHT} frames beyond the last acknowledged`, () => {
    const { session, sent, ready, ack, advance } = setup();
    ready();
    session.offer(grid(0), false);
    ack(0);
    for (let i = 1; i <= 10; i++) {
      advance(1);
      session.offer(grid(i), false);
    }
    expect(sent).toHaveLength(1 + MAX_FRAMES_IN_FLIGHT);
    expect(session.status).toMatchObject({ sent: 3, acked: 0, inFlight: 2 });
    ack(2); // acknowledges 1 and 2; the waiting frame (the newest) goes out
    expect(sent).toHaveLength(4);
    expect(handoffFrameSchema.parse(sent[3].message)).toMatchObject({ seq: 3, lines: ['.:'] });
  });

  it('starts afresh when a reloaded receiver page says ready again: its in-flight frames given up, the newest sent again', () => {
    const { session, sent, ready, ack, advance } = setup();
    ready();
    session.offer(grid(0), false);
    ack(0);
    for (let i = 1; i <= 4; i++) {
      advance(1);
      session.offer(grid(i), false);
    }
    // two in flight, unacknowledged: the old page is gone with them, and frame 4 waits
    expect(session.status).toMatchObject({ sent: 3, inFlight: 2, acknowledging: true });
    expect(ready()).toBe(true);
    advance(1000 / UNACKED_FPS_CAP); // the fps cap until the new page acknowledges
    expect(sent).toHaveLength(4);
    expect(handoffFrameSchema.parse(sent[3].message)).toMatchObject({ seq: 3, lines: ['.:'] });
    expect(session.status).toMatchObject({ sent: 4, inFlight: 1, acknowledging: false });
    // a still (nothing new offered): the reloaded page still gets the frame on screen
    advance(1000);
    ready();
    expect(sent).toHaveLength(5);
    expect(handoffFrameSchema.parse(sent[4].message)).toMatchObject({ seq: 4, lines: ['.:'] });
  });

  it('ignores messages from other origins, other windows, malformed ones and acks of unsent frames', () => {
    const { session, sent, from, target } = setup();
    session.offer(grid(0), false);
    expect(from({ protocol: 'platform.handoff.v1', type: 'ready' }, 'https://evil.example')).toBe(false);
    expect(from({ protocol: 'platform.handoff.v1', type: 'ready' }, RECEIVER, {})).toBe(false);
    expect(from({ protocol: 'platform.handoff.v1', type: 'ready', extra: 1 })).toBe(false);
    expect(from({ protocol: 'platform.handoff.v1', type: 'ack', seq: 5 })).toBe(false);
    expect(from('ready')).toBe(false);
    expect(sent).toEqual([]);
    // the first two are not the receiver window's; the other three are, but neither a ready nor an ack of a frame sent
    expect(session.status).toMatchObject({ phase: 'waiting', ignored: 2, lastIgnoredOrigin: RECEIVER, unexpected: 3 });
    expect(target.closed).toBe(false);
  });

  it('stops when the receiver window closes or the session is closed', () => {
    const { session, sent, ready, target, closed } = setup();
    ready();
    session.offer(grid(0), false);
    target.closed = true;
    session.offer(grid(1), false);
    expect(sent).toHaveLength(1);
    expect(session.status.phase).toBe('closed');
    expect(closed()).toBe(1);
  });

  it(`notices a closed receiver within ${CLOSED_POLL_MS} ms with no frame offered (a still), once, and stops looking`, () => {
    const { session, ready, target, advance, timers, closed } = setup('latest-frame');
    ready();
    session.offer(grid(0), false);
    advance(3 * CLOSED_POLL_MS);
    expect(closed()).toBe(0);
    target.closed = true;
    advance(CLOSED_POLL_MS);
    expect(closed()).toBe(1);
    expect(session.status).toMatchObject({ phase: 'closed', sent: 1 });
    expect(timers.size).toBe(0);
    advance(10 * CLOSED_POLL_MS);
    expect(closed()).toBe(1);
  });

  it(`says once when no ready came within ${READY_HINT_MS} ms, until the ready comes; never when it came in time`, () => {
    const late = setup();
    late.advance(READY_HINT_MS - 1);
    expect([late.session.status.slowReady, late.slow()]).toEqual([false, 0]);
    late.advance(1);
    expect([late.session.status.slowReady, late.slow()]).toEqual([true, 1]);
    late.advance(3 * READY_HINT_MS);
    expect(late.slow()).toBe(1);
    late.ready();
    expect(late.session.status).toMatchObject({ phase: 'streaming', slowReady: false });
    const prompt = setup();
    prompt.advance(READY_HINT_MS / 2);
    prompt.ready();
    prompt.advance(2 * READY_HINT_MS);
    expect([prompt.session.status.slowReady, prompt.slow()]).toEqual([false, 0]);
  });

  it(`calls an acknowledging receiver silent after ${SILENT_MS} ms of frames unanswered (its page left), until it answers`, () => {
    const { session, ready, ack, advance, silentChanges } = setup();
    ready();
    session.offer(grid(0), false);
    ack(0);
    // frames go out and the receiver's page is gone: nothing answers them
    for (let i = 1; i <= MAX_FRAMES_IN_FLIGHT + 2; i++) session.offer(grid(i), false);
    advance(SILENT_MS - CLOSED_POLL_MS);
    expect([session.status.silent, silentChanges()]).toEqual([false, 0]);
    advance(CLOSED_POLL_MS);
    expect([session.status.silent, silentChanges()]).toEqual([true, 1]);
    advance(5 * SILENT_MS);
    expect(silentChanges()).toBe(1);
    // a receiver page opened again says ready: it is heard again, and the newest frame goes
    ready();
    expect(session.status).toMatchObject({ phase: 'streaming', silent: false });
    advance(CLOSED_POLL_MS);
    expect(silentChanges()).toBe(2);
  });

  it('never calls a receiver silent when nothing waits for an answer, or when it never acknowledged', () => {
    const idle = setup();
    idle.ready();
    idle.session.offer(grid(0), false);
    idle.ack(0);
    idle.advance(10 * SILENT_MS);
    expect([idle.session.status.silent, idle.silentChanges()]).toEqual([false, 0]);
    const mute = setup();
    mute.ready();
    mute.session.offer(grid(0), false);
    mute.advance(10 * SILENT_MS);
    expect(mute.session.status.silent).toBe(false);
  });

  it('stops looking at the receiver once the session is closed, and does not call it closed by the receiver', () => {
    const { session, target, advance, timers, closed } = setup();
    session.close();
    expect(timers.size).toBe(0);
    target.closed = true;
    advance(10 * CLOSED_POLL_MS);
    expect(closed()).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import type { CellGrid } from '../../engine/grid.js';
import { handoffFrameSchema, MAX_FRAMES_IN_FLIGHT, UNACKED_FPS_CAP } from '../../engine/protocol/handoff.js';
import { HandoffSession } from '../../studio/handoff/handoff-session.js';

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

/** A receiver window that records what it is sent, a hand-driven clock and timer. */
function setup() {
  const sent: { message: unknown; origin: string }[] = [];
  const target = { closed: false, postMessage: (message: unknown, origin: string) => sent.push({ message, origin }) };
  let now = 1000;
  let timer: { at: number; run: () => void } | null = null;
  const session = new HandoffSession(target, {
    receiverOrigin: RECEIVER,
    mode: 'webcam-stream',
    traceId: TRACE,
    sourceTag: 'glyphcast-studio',
    now: () => now,
    schedule: (ms, run) => {
      timer = { at: now + ms, run };
      return () => {
        timer = null;
      };
    },
  });
  const from = (data: unknown, origin = RECEIVER, source: unknown = target) =>
    session.receive({ origin, source, data });
  const ready = () => from({ protocol: 'platform.handoff.v1', type: 'ready' });
  const ack = (seq: number) => from({ protocol: 'platform.handoff.v1', type: 'ack', seq });
  const advance = (ms: number) => {
    now += ms;
    const t = timer;
    if (t && t.at <= now) {
      timer = null;
      t.run();
    }
  };
  return { session, sent, target, ready, ack, from, advance };
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

  it('ignores messages from other origins, other windows, malformed ones and acks of unsent frames', () => {
    const { session, sent, from, target } = setup();
    session.offer(grid(0), false);
    expect(from({ protocol: 'platform.handoff.v1', type: 'ready' }, 'https://evil.example')).toBe(false);
    expect(from({ protocol: 'platform.handoff.v1', type: 'ready' }, RECEIVER, {})).toBe(false);
    expect(from({ protocol: 'platform.handoff.v1', type: 'ready', extra: 1 })).toBe(false);
    expect(from({ protocol: 'platform.handoff.v1', type: 'ack', seq: 5 })).toBe(false);
    expect(from('ready')).toBe(false);
    expect(sent).toEqual([]);
    expect(session.status).toMatchObject({ phase: 'waiting', ignored: 5, lastIgnoredOrigin: RECEIVER });
    expect(target.closed).toBe(false);
  });

  it('stops when the receiver window closes or the session is closed', () => {
    const { session, sent, ready, target } = setup();
    ready();
    session.offer(grid(0), false);
    target.closed = true;
    session.offer(grid(1), false);
    expect(sent).toHaveLength(1);
    expect(session.status.phase).toBe('closed');
  });
});

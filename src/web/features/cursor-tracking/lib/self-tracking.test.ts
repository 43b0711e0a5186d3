// @vitest-environment happy-dom
import type { CursorEvent } from '@shared/contracts/cursor-tracking.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSelfTracking } from './self-tracking.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe("the dashboard's own Start/Stop Tracking", () => {
  it('samples moves at 10 %, records clicks with a selector, batches every 5 s and flushes on stop', async () => {
    vi.useFakeTimers();
    const sent: CursorEvent[][] = [];
    let nextRandom = 0.5;
    const tracker = startSelfTracking(
      async (events) => {
        sent.push(events);
      },
      () => nextRandom,
    );
    document.body.innerHTML = '<button id="start">Start</button><input id="secret">';
    for (let i = 0; i < 10; i++)
      document.dispatchEvent(new MouseEvent('mousemove', { clientX: i, clientY: i }));
    nextRandom = 0.05;
    document.dispatchEvent(new MouseEvent('mousemove', { clientX: 50, clientY: 60 }));
    document
      .getElementById('start')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 5, clientY: 6 }));
    document
      .getElementById('secret')!
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map((e) => e.eventType)).toEqual(['cursor_move', 'click']);
    expect(sent[0]![1]).toMatchObject({ elementSelector: '#start', sessionId: tracker.sessionId });
    document.dispatchEvent(new MouseEvent('mousemove', { clientX: 70, clientY: 80 }));
    tracker.stop();
    expect(sent).toHaveLength(2);
    // Stopped: nothing more is recorded.
    document.dispatchEvent(new MouseEvent('mousemove', { clientX: 90, clientY: 90 }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(2);
  });
});
